/**
 * POST /auth/login throughput against what the machine can do at all: a sign-in is one argon2id
 * verification plus a little work, so the app should reach most of the raw verification rate.
 * Budget: login req/s ≥ 0.9 × raw argon2 verify/s (issue 27, item 4, from 0.8), every response 2xx.
 *
 * The two are measured in turns (`--turns`, 4 by default): 5 s of sign-ins against the app, a pause for the
 * sign-ins still in flight, then 4 s of raw verifications, four times round, so that both meet the machine
 * at the same speed (bench/README.md, "Measured in turns"). A slice of sign-ins loses about half a
 * sign-in's latency of throughput while its connections fill, hence slices of seconds, not of one or two.
 *
 * Then, not in the budget: the latency of a page's requests that need libuv's threadpool (a compressed
 * answer, an asset read from disk) with nothing else running and beside `--bystanders` seconds of sign-ins.
 *
 *   npx tsx bench/login.ts [--profile] [--duration=20] [--raw-duration=16] [--warmup=2] [--connections=8]
 *     [--turns=4] [--bystanders=6]
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Options } from 'autocannon';
import { defaultWebRoot } from '../apps/api/src/paths';
import { PasswordHasher, passwordWork } from '../apps/api/src/modules/accounts/passwords';
import {
  EXIT_OVER_BUDGET,
  checkQuiet,
  flag,
  machine,
  describeSource,
  sourceState,
  main,
  numberOption,
  round,
  verdict,
  writeResult,
} from './lib/common';
import { describeCpu, watchCpu, type CpuShare } from './lib/cpu';
import { createThrowawayDatabase } from './lib/database';
import { StepStats, type StepFigures } from './lib/journey-stats';
import { combineCpu, measureInTurns, type LoadFigures } from './lib/load';
import { appEnvironment, profileDir, startServer } from './lib/servers';
import { benchPassword, clientHash, createVerifiedStudent } from './lib/student';

const budget = { minRatioToRawVerify: 0.9, maxNon2xx: 0 };

/**
 * After a slice of sign-ins, the ones autocannon left in flight still run in the app (argon2 is not
 * cancelled, and a sign-in takes up to about 200 ms at p99 here): the raw slice waits this long so that it
 * does not share the machine with them.
 */
const SETTLE_MS = 500;

interface RawSlice {
  verifications: number;
  seconds: number;
  cpu: CpuShare | null;
}

/**
 * The app's own hasher (same parameters, same pepper step) with one stored hash, warmed up: `run` keeps
 * `concurrency` verifications going for about `seconds`, and counts them.
 */
async function rawVerifier(concurrency: number) {
  const hasher = new PasswordHasher('p'.repeat(32));
  const password = clientHash(benchPassword);
  const stored = await hasher.hash(password);
  // Warm-up: one verification per slot.
  await Promise.all(Array.from({ length: concurrency }, () => hasher.verify(stored, password)));
  return {
    // e.g. "argon2id$v=19$m=19456,t=2,p=1": the parameters the app's hasher wrote into the hash.
    parameters: stored.split('$').slice(1, 4).join('$'),
    async run(seconds: number): Promise<RawSlice> {
      let verifications = 0;
      const watch = watchCpu([process.pid]);
      const start = performance.now();
      const deadline = start + seconds * 1000;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (performance.now() < deadline) {
            if (!(await hasher.verify(stored, password))) throw new Error('argon2 verification failed');
            verifications += 1;
          }
        }),
      );
      return { verifications, seconds: (performance.now() - start) / 1000, cpu: watch.stop() };
    },
  };
}

/**
 * What other requests meet while sign-ins run: a page's requests that need libuv's threadpool, where argon2
 * runs too. `/openapi.json` is compressed there (brotli, as a browser asks), and a built asset of the web app
 * (when apps/web/dist is built) is read from disk there. Each is fetched one at a time, 100 ms apart, first
 * for 2 s with nothing else running, then through `seconds` of sign-ins with `connections` connections.
 */
async function bystanders(baseUrl: string, signIn: Options, seconds: number) {
  const asset = (() => {
    try {
      return readdirSync(join(defaultWebRoot, 'assets')).find((name) => name.endsWith('.js'));
    } catch {
      return undefined;
    }
  })();
  const paths = ['/openapi.json', ...(asset ? [`/assets/${asset}`] : [])];
  /** Each path once, 100 ms apart, as long as `more()` says so. */
  const fetchRound = async (stats: StepStats, more: () => boolean = () => true) => {
    for (const path of paths) {
      if (!more()) return;
      const start = performance.now();
      const response = await fetch(`${baseUrl}${path}`, { headers: { 'accept-encoding': 'br' } });
      await response.arrayBuffer();
      stats.record(path, performance.now() - start, response.status, response.status === 200);
      await sleep(100);
    }
  };
  const fetchWhile = async (more: () => boolean) => {
    const stats = new StepStats();
    while (more()) await fetchRound(stats, more);
    return stats.figures();
  };
  // The first of each is slower (compiling, opening files): not counted.
  await fetchRound(new StepStats());
  const idleUntil = performance.now() + 2000;
  const idle = await fetchWhile(() => performance.now() < idleUntil);
  let done = false;
  // autocannon answers a thenable, not a promise.
  const load = Promise.resolve(autocannon({ ...signIn, duration: seconds })).finally(() => {
    done = true;
  });
  await sleep(500); // the sign-ins' connections open and fill the queue
  const busy = await fetchWhile(() => !done);
  const run = await load;
  await sleep(SETTLE_MS); // the sign-ins autocannon left in flight, before the app may be stopped
  return {
    signInsPerSecond: round(run.requests.average),
    signInP99Ms: run.latency.p99,
    signInFailures: run.non2xx + run.errors + run.timeouts,
    requests: paths.map((path) => ({ path, idle: idle[path] ?? null, duringSignIns: busy[path] ?? null })),
  };
}

function describeBystanders(
  beside: Awaited<ReturnType<typeof bystanders>>,
  seconds: number,
  connections: number,
): string {
  const cell = (figures: StepFigures | null) =>
    figures === null
      ? 'no request'
      : `p50 ${figures.p50} ms, p95 ${figures.p95} ms, max ${figures.max} ms (${figures.count}, ${figures.errors} failed)`;
  return (
    `\n  beside ${seconds} s of sign-ins (${connections} connections, ${beside.signInsPerSecond} a second, p99 ${beside.signInP99Ms} ms, ${beside.signInFailures} failed), not in the budget:\n` +
    beside.requests
      .map(
        (entry) =>
          `    GET ${entry.path}\n      alone ${cell(entry.idle)}\n      beside  ${cell(entry.duringSignIns)}`,
      )
      .join('\n') +
    '\n'
  );
}

await main('login', async (cleanup) => {
  const connections = numberOption('connections', 8);
  const duration = numberOption('duration', 20);
  const rawDuration = numberOption('raw-duration', 16);
  const warmup = numberOption('warmup', 2);
  const turns = numberOption('turns', 4);
  const bystanderSeconds = numberOption('bystanders', 6);
  const profile = flag('profile');
  const source = sourceState(['apps/api', 'packages/shared']);
  console.log(describeSource(source, 'API'));
  // libuv's threadpool, where argon2 runs: 4 threads unless UV_THREADPOOL_SIZE says otherwise (the app
  // child inherits the same setting).
  const threadpool = Number(process.env.UV_THREADPOOL_SIZE ?? 4);
  // The raw verifier is the app's own hasher, held to the same number at a time as the app's (one per core,
  // `passwordWork`, decision 0076): the rate the machine gives at its best, which four at a time was not.
  const rawConcurrency = Math.min(threadpool, passwordWork.size);
  await checkQuiet();

  const verifier = await rawVerifier(rawConcurrency);

  const database = await createThrowawayDatabase();
  cleanup.add(`drop database ${database.name}`, () => database.drop());
  console.log(`PostgreSQL ${database.serverVersion}, throwaway database ${database.name}`);

  const app = await startServer('app', appEnvironment(database.url), { profile });
  cleanup.add('stop the app', () => app.stop());
  console.log(`app (buildApp, LOG_LEVEL=warn) listening at ${app.url}`);
  const student = await createVerifiedStudent(app.url);
  console.log(`verified student ${student.email}\n`);

  console.log(
    `warm-up ${warmup} s, then ${turns} turns: sign-ins for ${round(duration / turns, 2)} s with ${connections} ` +
      `connections, a ${SETTLE_MS} ms pause, raw argon2id verify (${verifier.parameters}) ${rawConcurrency} at a ` +
      `time for ${round(rawDuration / turns, 2)} s`,
  );
  const signIn = {
    url: `${app.url}/auth/login`,
    connections,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: student.email, password: student.password }),
  };
  const rawSlices: RawSlice[] = [];
  const [login] = (await measureInTurns(
    [
      {
        label: 'app  POST /auth/login',
        options: { ...signIn, duration, warmup },
        processes: async () => ({ server: app.pid, helpers: await database.backendPids() }),
      },
    ],
    turns,
    async () => {
      await sleep(SETTLE_MS);
      const slice = await verifier.run(rawDuration / turns);
      rawSlices.push(slice);
      return `raw verify ${Math.round(slice.verifications / slice.seconds)}/s`;
    },
  )) as [LoadFigures];

  const rawSeconds = rawSlices.reduce((sum, slice) => sum + slice.seconds, 0);
  const rawVerifications = rawSlices.reduce((sum, slice) => sum + slice.verifications, 0);
  const raw = {
    parameters: verifier.parameters,
    concurrency: rawConcurrency,
    seconds: round(rawSeconds, 2),
    verifications: rawVerifications,
    perSecond: round(rawVerifications / rawSeconds, 1),
    perTurn: rawSlices.map((slice) => round(slice.verifications / slice.seconds, 1)),
    cpu: combineCpu(rawSlices.map((slice) => ({ share: slice.cpu, seconds: slice.seconds }))),
  };
  console.log(`raw argon2id verify: ${raw.perSecond} verify/s (${raw.verifications} in ${raw.seconds} s)`);

  const beside = bystanderSeconds > 0 ? await bystanders(app.url, signIn, bystanderSeconds) : undefined;

  const ratio = login.requestsPerSecond / raw.perSecond;
  const failures = login.non2xx + login.errors + login.timeouts;
  const checks = { throughput: ratio >= budget.minRatioToRawVerify, non2xx: failures === 0 };
  const pass = checks.throughput && checks.non2xx;

  const file = writeResult('login', {
    benchmark: 'login',
    date: new Date().toISOString(),
    source,
    machine: machine({ postgres: database.serverVersion }),
    settings: {
      connections,
      durationSeconds: duration,
      warmupSeconds: warmup,
      rawVerifySeconds: rawDuration,
      turns,
      settleMs: SETTLE_MS,
      threadpool,
      logLevel: 'warn',
      bystanderSeconds,
    },
    budget,
    rawVerify: raw,
    login,
    bystanders: beside ?? null,
    ratioToRawVerify: round(ratio, 3),
    checks,
    pass,
  });

  console.log(`
login — ${turns} turns: sign-ins with ${connections} connections, ${duration} s in all (after ${warmup} s warm-up); raw verify ${rawConcurrency} at a time, ${rawDuration} s in all
  raw argon2id verify     ${raw.perSecond} /s   (turns: ${raw.perTurn.join(', ')})
  app POST /auth/login    ${login.requestsPerSecond} req/s   p50 ${login.latencyMs.p50} ms   p99 ${login.latencyMs.p99} ms

  login / raw verify      ${round(ratio, 3)}  (budget ≥ ${budget.minRatioToRawVerify})   ${verdict(checks.throughput)}
  non-2xx + errors        ${failures}  (budget 0)   ${verdict(checks.non2xx)}

  raw   ${describeCpu(raw.cpu)}
  login ${describeCpu(login.cpu)}
${beside ? describeBystanders(beside, bystanderSeconds, connections) : ''}
${verdict(pass)} — figures in ${file}${profile ? `\nCPU profiles are written to ${profileDir} when the app stops` : ''}`);
  return pass ? 0 : EXIT_OVER_BUDGET;
});
