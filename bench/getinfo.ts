/**
 * POST /studentapi/getinfo under load, against a bare Fastify + pg baseline doing the least the call must do
 * (one select of a student row by primary key). Budget: the app serves at least half the baseline's
 * requests per second, with p99 under 30 ms, spends at most 1.5 × the baseline's server CPU per request
 * (issue 27, item 3), and every response is 2xx.
 *
 * The two servers are measured in turns (`--turns`, 5 by default: 2 s each, five times round), so that
 * both meet the machine at the same speed (bench/README.md, "Measured in turns").
 *
 *   npx tsx bench/getinfo.ts [--profile] [--duration=10] [--warmup=3] [--connections=50] [--turns=5]
 */
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
import { describeCpu } from './lib/cpu';
import { createThrowawayDatabase } from './lib/database';
import { measureInTurns, type LoadFigures } from './lib/load';
import { appEnvironment, profileDir, startServer } from './lib/servers';
import { createVerifiedStudent, login } from './lib/student';
import { loadConfig } from '../apps/api/src/config';

const budget = { minRatioToBare: 0.5, maxP99Ms: 30, maxCpuPerRequestToBare: 1.5, maxNon2xx: 0 };

await main('getinfo', async (cleanup) => {
  const connections = numberOption('connections', 50);
  const duration = numberOption('duration', 10);
  const warmup = numberOption('warmup', 3);
  const turns = numberOption('turns', 5);
  const profile = flag('profile');
  const source = sourceState(['apps/api', 'packages/shared']);
  console.log(describeSource(source, 'API'));
  await checkQuiet();

  const database = await createThrowawayDatabase();
  cleanup.add(`drop database ${database.name}`, () => database.drop());
  console.log(`PostgreSQL ${database.serverVersion}, throwaway database ${database.name}`);

  const env = appEnvironment(database.url);
  const poolSize = loadConfig(env).databasePoolSize;
  const app = await startServer('app', env, { profile });
  cleanup.add('stop the app', () => app.stop());
  console.log(`app (buildApp, LOG_LEVEL=warn, pool ${poolSize}) listening at ${app.url}`);

  const student = await createVerifiedStudent(app.url);
  const { studentData } = await login(app.url, student.email, student.password);
  const headers = {
    authorization: `Bearer ${studentData.databaseToken}`,
    'content-type': 'application/json',
  };

  // A first call by hand: the route answers 200 with the student, or there is nothing to measure.
  const probe = await fetch(`${app.url}/studentapi/getinfo`, { method: 'POST', headers, body: '{}' });
  if (probe.status !== 200) throw new Error(`getinfo answered ${probe.status}: ${await probe.text()}`);

  const bare = await startServer('bare', { ...env, BENCH_STUDENT_ID: student.id }, { profile });
  cleanup.add('stop the bare server', () => bare.stop());
  console.log(`bare Fastify + pg.Pool (pool ${poolSize}) listening at ${bare.url}\n`);

  const load = { connections, duration, warmup, method: 'POST', headers, body: '{}' };
  const processes = (server: { pid: number }) => async () => ({
    server: server.pid,
    helpers: await database.backendPids(),
  });
  console.log(
    `warm-up ${warmup} s each, then ${turns} turns of ${round(duration / turns, 2)} s each with ${connections} connections`,
  );
  const [appFigures, bareFigures] = (await measureInTurns(
    [
      {
        label: 'app  POST /studentapi/getinfo',
        options: { ...load, url: `${app.url}/studentapi/getinfo` },
        processes: processes(app),
      },
      {
        label: 'bare POST (select by id)     ',
        options: { ...load, url: `${bare.url}/studentapi/getinfo` },
        processes: processes(bare),
      },
    ],
    turns,
  )) as [LoadFigures, LoadFigures];

  const ratio = appFigures.requestsPerSecond / bareFigures.requestsPerSecond;
  const failures = (figures: LoadFigures) => figures.non2xx + figures.errors + figures.timeouts;
  // The server's own CPU per request (its process only, not PostgreSQL's), app over bare; null when the
  // process's CPU could not be read, which fails the check rather than passing it unmeasured.
  const appCpu = appFigures.serverCpuMsPerRequest;
  const bareCpu = bareFigures.serverCpuMsPerRequest;
  const cpuRatio = appCpu !== null && bareCpu !== null && bareCpu > 0 ? appCpu / bareCpu : null;
  const checks = {
    throughput: ratio >= budget.minRatioToBare,
    p99: appFigures.latencyMs.p99 < budget.maxP99Ms,
    cpuPerRequest: cpuRatio !== null && cpuRatio <= budget.maxCpuPerRequestToBare,
    non2xx: failures(appFigures) === 0 && failures(bareFigures) === 0,
  };
  const pass = checks.throughput && checks.p99 && checks.cpuPerRequest && checks.non2xx;

  const pgVersion = database.serverVersion;
  const file = writeResult('getinfo', {
    benchmark: 'getinfo',
    date: new Date().toISOString(),
    source,
    machine: machine({ postgres: pgVersion }),
    settings: {
      connections,
      durationSeconds: duration,
      warmupSeconds: warmup,
      turns,
      poolSize,
      logLevel: 'warn',
    },
    budget,
    app: appFigures,
    bare: bareFigures,
    ratioToBare: round(ratio, 3),
    cpuPerRequestToBare: cpuRatio === null ? null : round(cpuRatio, 3),
    checks,
    pass,
  });

  console.log(`
getinfo — ${connections} connections, ${duration} s in ${turns} turns (after ${warmup} s warm-up), pool ${poolSize}
                      req/s      p50 ms   p99 ms   non-2xx  errors   server CPU/req   server core use
  app  getinfo   ${row(appFigures)}
  bare select    ${row(bareFigures)}

  app / bare req/s   ${round(ratio, 3)}  (budget ≥ ${budget.minRatioToBare})   ${verdict(checks.throughput)}
  app p99            ${appFigures.latencyMs.p99} ms  (budget < ${budget.maxP99Ms} ms)   ${verdict(checks.p99)}
  app / bare CPU/req ${cpuRatio === null ? 'not measured' : round(cpuRatio, 3)}  (budget ≤ ${budget.maxCpuPerRequestToBare})   ${verdict(checks.cpuPerRequest)}
  non-2xx + errors   app ${failures(appFigures)}, bare ${failures(bareFigures)}  (budget 0)   ${verdict(checks.non2xx)}

  app  ${describeCpu(appFigures.cpu)}
  bare ${describeCpu(bareFigures.cpu)}

${verdict(pass)} — figures in ${file}${profile ? `\nCPU profiles are written to ${profileDir} when the servers stop` : ''}`);
  return pass ? 0 : EXIT_OVER_BUDGET;
});

function row(figures: LoadFigures): string {
  const cells = [
    String(figures.requestsPerSecond).padStart(9),
    String(figures.latencyMs.p50).padStart(10),
    String(figures.latencyMs.p99).padStart(8),
    String(figures.non2xx).padStart(9),
    String(figures.errors + figures.timeouts).padStart(7),
    (figures.serverCpuMsPerRequest === null ? 'n/a' : `${figures.serverCpuMsPerRequest} ms`).padStart(17),
    (figures.cpu?.server ? `${Math.round(figures.cpu.server.coreShare * 100)}%` : 'n/a').padStart(18),
  ];
  return cells.join('');
}
