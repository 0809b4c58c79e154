import autocannon, { type Result } from 'autocannon';
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
  /** autocannon's "Req/Sec Avg": the mean of the per-second samples. */
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
  const request = {
    url: options.url,
    connections: options.connections,
    method: options.method ?? 'GET',
    headers: options.headers ?? {},
    ...(options.body === undefined ? {} : { body: options.body }),
  };
  process.stdout.write(`${label}: warm-up ${options.warmup} s, `);
  let warmupRequests = 0;
  if (options.warmup > 0) {
    const warm = await autocannon({ ...request, duration: options.warmup });
    if (warm.non2xx > 0 || warm.errors > 0) {
      const codes = JSON.stringify(figures(options, warm).statusCodes);
      throw new Error(`${label}: the warm-up got failures (status codes ${codes}, errors ${warm.errors})`);
    }
    warmupRequests = warm.requests.total;
  }
  process.stdout.write(`measuring ${options.duration} s with ${options.connections} connections… `);
  const named = await processes();
  const watch = watchCpu([process.pid, ...(named ? [named.server, ...named.helpers] : [])], named?.server);
  const run = await autocannon({ ...request, duration: options.duration });
  const result = figures(options, run, warmupRequests, watch.stop());
  console.log(
    `${result.requestsPerSecond} req/s, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, ` +
      `non-2xx ${result.non2xx}, errors ${result.errors + result.timeouts}\n  ${describeCpu(result.cpu)}` +
      (result.cpu?.server
        ? `\n  server process: ${Math.round(result.cpu.server.coreShare * 100)}% of one core, ` +
          `${result.serverCpuMsPerRequest} ms CPU per request`
        : ''),
  );
  return result;
}
