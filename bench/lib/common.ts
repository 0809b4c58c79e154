import { cpus, loadavg, totalmem } from 'node:os';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const benchDir = fileURLToPath(new URL('..', import.meta.url));
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Exit codes: 0 within budget, 1 over budget, 2 could not measure (setup or build failed). */
export const EXIT_OVER_BUDGET = 1;
export const EXIT_NOT_MEASURED = 2;

export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1-minute load average when the benchmark started. */
  loadAverageAtStart: number;
  /** Share of all cores busy during the second before the benchmark started (Linux): other work skews figures. */
  cpuBusyAtStart: number | null;
  postgres?: string;
}

const loadAtStart = loadavg()[0]!;
let busyAtStart: number | null = null;

function cpuTimes(): { busy: number; total: number } | undefined {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    const total = fields.reduce((sum, value) => sum + value, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** Samples how busy the machine is for a second, and warns when something else is using it. */
export async function checkQuiet(): Promise<void> {
  const before = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = cpuTimes();
  if (!before || !after || after.total === before.total) return;
  busyAtStart = round((after.busy - before.busy) / (after.total - before.total), 2);
  if (busyAtStart > 0.15) {
    console.warn(
      `warning: ${Math.round(busyAtStart * 100)}% of the CPU was busy before the benchmark started; other work on the machine lowers the figures`,
    );
  }
}

export function machine(extra: { postgres?: string } = {}): Machine {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAverageAtStart: round(loadAtStart, 2),
    cpuBusyAtStart: busyAtStart,
    ...extra,
  };
}

/**
 * What was measured: the commit, and the files under `paths` that differed from it (the benchmarks run the
 * working tree). Read-only git commands; null outside a git checkout.
 */
export function sourceState(paths: string[]): { commit: string; uncommitted: string[] } | null {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
    const commit = git('rev-parse', '--short', 'HEAD').trim();
    const uncommitted = git('status', '--porcelain', '--', ...paths)
      .split('\n')
      .filter(Boolean)
      .map((line) => line.slice(3));
    return { commit, uncommitted };
  } catch {
    return null;
  }
}

export function describeSource(state: ReturnType<typeof sourceState>, what: string): string {
  if (!state) return `${what}: not a git checkout`;
  const changes = state.uncommitted.length;
  return `${what} at commit ${state.commit}${changes ? ` with ${changes} uncommitted change${changes === 1 ? '' : 's'} (${state.uncommitted.slice(0, 5).join(', ')}${changes > 5 ? ', …' : ''})` : ''}`;
}

/** Writes bench/results/<name>.json and returns its path. */
export function writeResult(name: string, data: unknown): string {
  const dir = `${benchDir}results`;
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${name}.json`;
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
  return file;
}

/**
 * Cleanup steps run in reverse order of registration, once, whether the benchmark passes, fails, throws
 * or is interrupted (Ctrl-C / SIGTERM).
 */
export class Cleanup {
  readonly #steps: { label: string; run: () => Promise<void> | void }[] = [];
  #done: Promise<void> | undefined;

  constructor() {
    // A Ctrl-C often arrives more than once (npx and tsx pass it on as well): the first starts the cleanup,
    // the others must not end the process before it is done.
    let interrupted = false;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.on(signal, () => {
        if (interrupted) return;
        interrupted = true;
        console.error(`\n${signal}: cleaning up`);
        void this.run().finally(() => process.exit(130));
      });
    }
  }

  add(label: string, run: () => Promise<void> | void): void {
    this.#steps.push({ label, run });
  }

  run(): Promise<void> {
    this.#done ??= (async () => {
      for (const step of this.#steps.reverse()) {
        try {
          await step.run();
        } catch (error) {
          console.error(`cleanup "${step.label}" failed:`, error instanceof Error ? error.message : error);
        }
      }
    })();
    return this.#done;
  }
}

/** Runs a benchmark body with its cleanup, and exits with the code it returns (2 when it throws). */
export async function main(name: string, body: (cleanup: Cleanup) => Promise<number>): Promise<never> {
  const cleanup = new Cleanup();
  let code: number;
  try {
    code = await body(cleanup);
  } catch (error) {
    console.error(
      `\n${name}: NOT MEASURED — ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    code = EXIT_NOT_MEASURED;
  }
  await cleanup.run();
  process.exit(code);
}

export const flag = (name: string): boolean => process.argv.slice(2).includes(`--${name}`);

export function numberOption(name: string, fallback: number): number {
  const prefix = `--${name}=`;
  const arg = process.argv.slice(2).find((value) => value.startsWith(prefix));
  if (!arg) return fallback;
  const value = Number(arg.slice(prefix.length));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

/** `--name=value`, or undefined when the option is not given. */
export function stringOption(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv
    .slice(2)
    .find((value) => value.startsWith(prefix))
    ?.slice(prefix.length);
}

export const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;

export function verdict(pass: boolean): string {
  return pass ? 'PASS' : 'FAIL';
}
