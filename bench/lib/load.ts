import autocannon, { type Result, type Slice } from 'autocannon';
import { round } from './common';
import { describeCpu, watchCpu, type CpuShare } from './cpu';

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of load before the measurement, thrown away (JIT, pool connections, caches). */
  warmup: number;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadFigures {
  url: string;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  /** Requests completed during the warm-up (not in any other figure). */
  warmupRequests: number;
  /** autocannon's "Req/Sec Avg": the mean of the per-second samples (in turns: the responses over the turns' seconds). */
  requestsPerSecond: number;
  /** Completed requests / elapsed seconds, as a cross-check. */
  requestsPerSecondOverall: number;
  requestsTotal: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  statusCodes: Record<string, number>;
  /** Responses with a status outside 200–299. */
  non2xx: number;
  /** Connection errors and timeouts: requests with no response at all. */
  errors: number;
  timeouts: number;
  /** Where the CPU went during the measured run (not the warm-up). */
  cpu: CpuShare | null;
  /** CPU time the server process spent per request (all its threads), from /proc. */
  serverCpuMsPerRequest: number | null;
}

function figures(
  options: LoadOptions,
  result: Result,
  warmupRequests = 0,
  cpu: CpuShare | null = null,
): LoadFigures {
  return {
    url: options.url,
    connections: options.connections,
    durationSeconds: result.duration,
    warmupSeconds: options.warmup,
    warmupRequests,
    requestsPerSecond: round(result.requests.average),
    requestsPerSecondOverall: round(result.requests.total / result.duration),
    requestsTotal: result.requests.total,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
      mean: result.latency.mean,
    },
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stat]) => [code, stat.count]),
    ),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpu,
    serverCpuMsPerRequest: cpu?.server ? round(cpu.server.cpuMs / result.requests.total, 3) : null,
  };
}

function requestOf(options: LoadOptions) {
  return {
    url: options.url,
    connections: options.connections,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
  };
}

/** `options.warmup` seconds of load, thrown away but for its count; a failure in it stops the benchmark. */
async function warmUp(label: string, options: LoadOptions): Promise<number> {
  if (options.warmup <= 0) return 0;
  const warm = await autocannon({ ...requestOf(options), duration: options.warmup });
  if (warm.non2xx > 0 || warm.errors > 0) {
    const codes = JSON.stringify(figures(options, warm).statusCodes);
    throw new Error(`${label}: the warm-up got failures (status codes ${codes}, errors ${warm.errors})`);
  }
  return warm.requests.total;
}

/**
 * A warm-up run (discarded), then the measured run, both with the same request and connections.
 * `processes` names the server under test and the processes helping it (PostgreSQL backends), asked after
 * the warm-up when the pools are open, to tell their CPU use from other work on the machine.
 */
export async function measure(
  label: string,
  options: LoadOptions,
  processes: () => Promise<{ server: number; helpers: number[] }> | undefined = () => undefined,
): Promise<LoadFigures> {
  const request = requestOf(options);
  process.stdout.write(`${label}: warm-up ${options.warmup} s, `);
  const warmupRequests = await warmUp(label, options);
  process.stdout.write(`measuring ${options.duration} s with ${options.connections} connections… `);
  const named = await processes();
  const watch = watchCpu([process.pid, ...(named ? [named.server, ...named.helpers] : [])], named?.server);
  const run = await autocannon({ ...request, duration: options.duration });
  const result = figures(options, run, warmupRequests, watch.stop());
  console.log(describeFigures(result));
  return result;
}

/** A measured server's figures, as the benchmarks print them under its label. */
function describeFigures(result: LoadFigures): string {
  return (
    `${result.requestsPerSecond} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, ` +
    `non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts}\n  ${describeCpu(result.cpu)}` +
    (result.cpu?.server
      ? `\n  server process: ${Math.round(result.cpu.server.coreShare * 100)}% of one core, ` +
        `${result.serverCpuMsPerRequest} ms CPU per request`
      : '')
  );
}

export interface LoadTarget {
  label: string;
  options: LoadOptions;
  /** As for `measure`: the server under test and its helpers, asked before each turn. */
  processes?: () => Promise<{ server: number; helpers: number[] }> | undefined;
}

/**
 * Servers measured in turns, for figures that compare them: each is warmed up, then each runs
 * `options.duration / turns` seconds in its turn, `turns` times round. This machine's speed moves by half
 * within a minute (bench/README.md, "Measured in turns"): one server measured after the other compared two
 * machines, turns of a few seconds compare the servers on the same one. Latency percentiles are over every
 * response of a server's turns (autocannon's histograms merged); requests per second are its responses over
 * the seconds of its turns; its CPU is summed over them. `alongside`, when given, is other work measured in
 * the same turns (the login benchmark's raw argon2 rate): it runs after the servers' slices of each turn, and
 * what it returns is printed on the turn's line.
 */
export async function measureInTurns(
  targets: LoadTarget[],
  turns: number,
  alongside?: () => Promise<string>,
): Promise<LoadFigures[]> {
  const runs = [];
  for (const target of targets) {
    const warmupRequests = await warmUp(target.label, target.options);
    runs.push({ target, request: requestOf(target.options), warmupRequests });
  }
  const slices = runs.map(() => [] as { slice: Slice; cpu: CpuShare | null }[]);
  for (let turn = 1; turn <= turns; turn++) {
    const line: string[] = [];
    for (const [index, run] of runs.entries()) {
      const named = await run.target.processes?.();
      const pids = [process.pid, ...(named ? [named.server, ...named.helpers] : [])];
      const watch = watchCpu(pids, named?.server);
      const duration = run.target.options.duration / turns;
      const slice = await autocannon({ ...run.request, duration, skipAggregateResult: true });
      slices[index]!.push({ slice, cpu: watch.stop() });
      line.push(
        `${run.target.label.trim()} ${Math.round(slice.totalCompletedRequests / slice.duration)} req/s`,
      );
    }
    if (alongside) line.push(await alongside());
    console.log(`  turn ${turn}/${turns}: ${line.join(', ')}`);
  }
  return runs.map((run, index) => {
    const taken = slices[index]!;
    const merged = autocannon.aggregateResult(
      taken.map((entry) => entry.slice),
      run.request,
    );
    const seconds = taken.reduce((sum, entry) => sum + entry.slice.duration, 0);
    const total = taken.reduce((sum, entry) => sum + entry.slice.totalCompletedRequests, 0);
    const result = figures(
      run.target.options,
      {
        ...merged,
        duration: round(seconds, 2),
        requests: { ...merged.requests, average: total / seconds, total },
      },
      run.warmupRequests,
      combineCpu(taken.map((entry) => ({ share: entry.cpu, seconds: entry.slice.duration }))),
    );
    console.log(`${run.target.label}: ${describeFigures(result)}`);
    return result;
  });
}

/** The CPU shares of several turns as one: shares weighted by the turns' seconds, the server's CPU summed. */
export function combineCpu(turns: { share: CpuShare | null; seconds: number }[]): CpuShare | null {
  if (turns.some((turn) => turn.share === null)) return null;
  const measured = turns as { share: CpuShare; seconds: number }[];
  const seconds = measured.reduce((sum, turn) => sum + turn.seconds, 0);
  const mean = (pick: (share: CpuShare) => number) =>
    round(measured.reduce((sum, turn) => sum + pick(turn.share) * turn.seconds, 0) / seconds, 3);
  const foreign = new Map<number, { pid: number; name: string; share: number }>();
  for (const { share, seconds: turnSeconds } of measured) {
    for (const entry of share.foreignProcesses) {
      const seen = foreign.get(entry.pid) ?? { ...entry, share: 0 };
      seen.share += (entry.share * turnSeconds) / seconds;
      foreign.set(entry.pid, seen);
    }
  }
  const servers = measured.map((turn) => turn.share.server);
  return {
    machineBusy: mean((share) => share.machineBusy),
    benchmark: mean((share) => share.benchmark),
    foreign: mean((share) => share.foreign),
    foreignProcesses: [...foreign.values()]
      .map((entry) => ({ ...entry, share: round(entry.share, 3) }))
      .sort((a, b) => b.share - a.share)
      .slice(0, 5),
    ...(servers.every((server) => server !== undefined)
      ? {
          server: {
            coreShare: mean((share) => share.server!.coreShare),
            cpuMs: servers.reduce((sum, server) => sum + server.cpuMs, 0),
          },
        }
      : {}),
  };
}
