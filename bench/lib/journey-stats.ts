import { round } from './common';

/** Latencies and failures of one step of the journey, as the applicants met them. */
export interface StepFigures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers that were not what the step needed (4xx/5xx, no answer), retried or not. */
  errors: number;
  /** Of those, answers an applicant is told to retry (503, or no answer from the instance: 502/504). */
  retryable: number;
  statuses: Record<string, number>;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export class StepStats {
  readonly #latencies = new Map<string, number[]>();
  readonly #statuses = new Map<string, Map<string, number>>();
  readonly #errors = new Map<string, number>();
  readonly #retryable = new Map<string, number>();
  /** A few examples of the failures, for the report (message and status). */
  readonly failures: { step: string; status: number; message: string }[] = [];

  record(step: string, ms: number, status: number, ok: boolean, message = ''): void {
    let list = this.#latencies.get(step);
    if (!list) this.#latencies.set(step, (list = []));
    list.push(ms);
    let statuses = this.#statuses.get(step);
    if (!statuses) this.#statuses.set(step, (statuses = new Map()));
    statuses.set(String(status), (statuses.get(String(status)) ?? 0) + 1);
    if (!ok) {
      this.#errors.set(step, (this.#errors.get(step) ?? 0) + 1);
      if (status === 502 || status === 503 || status === 504) {
        this.#retryable.set(step, (this.#retryable.get(step) ?? 0) + 1);
      }
      if (this.failures.length < 40) this.failures.push({ step, status, message: message.slice(0, 160) });
    }
  }

  figures(): Record<string, StepFigures> {
    const out: Record<string, StepFigures> = {};
    for (const [step, list] of this.#latencies) {
      const sorted = [...list].sort((a, b) => a - b);
      out[step] = {
        count: sorted.length,
        p50: round(percentile(sorted, 50)),
        p95: round(percentile(sorted, 95)),
        p99: round(percentile(sorted, 99)),
        max: round(sorted[sorted.length - 1] ?? 0),
        errors: this.#errors.get(step) ?? 0,
        retryable: this.#retryable.get(step) ?? 0,
        statuses: Object.fromEntries(this.#statuses.get(step) ?? []),
      };
    }
    return out;
  }
}

export function stepTable(figures: Record<string, StepFigures>): string {
  const rows = Object.entries(figures).map(([step, f]) =>
    [
      step.padEnd(22),
      String(f.count).padStart(6),
      String(f.p50).padStart(8),
      String(f.p95).padStart(8),
      String(f.p99).padStart(8),
      String(f.max).padStart(8),
      String(f.errors).padStart(6),
      f.errors ? `  ${JSON.stringify(f.statuses)}` : '',
    ].join(''),
  );
  return [
    `${'step'.padEnd(22)}${'count'.padStart(6)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'max ms'.padStart(8)}${'errors'.padStart(6)}`,
    ...rows,
  ].join('\n');
}
