/**
 * Reconciliation of the aggregator's settlement file at scale, on PostgreSQL (issue 26 F5, decision 0039):
 *  - seeds 242,000 registrations with one voucher each (bulk SQL), 176,000 of them paid through payments rows;
 *  - writes a 220,000-row settlement CSV (about 10 MB, the upload's limit) with a known mix: 70 % matched,
 *    20 % paid only in the settlement, 10 % amount mismatches; a tenth more of the portal's payments of that
 *    day are left out of it (paid only in the portal);
 *  - POSTs it to a freshly started app as the console does, sampling the server's RSS every 50 ms, then
 *    pages every list through `GET /staffapi/reconciliation/:id/:list` and checks each is exactly the
 *    expected consumer numbers in the expected order, and downloads the whole report as CSV;
 *  - restarts the app and POSTs three copies of the file at once, sampling RSS again.
 * Budgets: RSS growth under 128 MB for one file and under 256 MB for three at once; the first answer under
 * 1 MB; the lists exact; the call at 5,000 rows a second or better (the 10 s for 50,000 rows it had before).
 * The file is streamed, and its entries are written to the kept report 2,000 at a time, so what the server
 * holds is the batch in hand and the file's (consumer number, tran_auth_id) keys, for repeats. No heap
 * ceiling unless `--heap-mb=N` asks for one (V8's default heap, as production runs it). Exits 1 over budget.
 *
 *   npx tsx bench/reconciliation.ts [--rows=220000] [--heap-mb=N]
 */
import pg from 'pg';
import {
  EXIT_OVER_BUDGET,
  checkQuiet,
  type Cleanup,
  describeSource,
  machine,
  main,
  numberOption,
  round,
  sourceState,
  stringOption,
  verdict,
  writeResult,
} from './lib/common';
import { SETTLEMENT_MAX_BYTES } from '@portal/shared/schemas/staff-money';
import { createThrowawayDatabase } from './lib/database';
import { sampleRss } from './lib/rss';
import { appEnvironment, startServer } from './lib/servers';
import { seedStaffBench } from './lib/staff-seed';
import { staffSessionCookie } from './lib/staff-session';

const budget = {
  minRowsPerSecond: 5_000,
  maxRssGrowthMb: 128,
  maxRssGrowthParallelMb: 256,
  maxFirstAnswerBytes: 1024 * 1024,
};
const parallelFiles = 3;
const lists = ['matched', 'paidOnlyInSettlement', 'paidOnlyInPortal', 'amountMismatch'] as const;
type Mix = Record<(typeof lists)[number], number>;
const prefix = '73150';
const fee = 1500;

await main('reconciliation', async (cleanup) => {
  const rows = numberOption('rows', 220_000);
  const heapMb = stringOption('heap-mb') === undefined ? null : numberOption('heap-mb', 1);
  // The mix, in tenths of the file: 7 matched, 2 settlement only, 1 amount mismatch; plus a tenth more of
  // the portal's payments that the file leaves out.
  const mix = {
    matched: Math.round(rows * 0.7),
    paidOnlyInSettlement: Math.round(rows * 0.2),
    amountMismatch: 0,
    paidOnlyInPortal: Math.round(rows * 0.1),
  };
  mix.amountMismatch = rows - mix.matched - mix.paidOnlyInSettlement;
  const vouchers = rows + mix.paidOnlyInPortal;

  const source = sourceState(['apps/api', 'packages/shared']);
  console.log(describeSource(source, 'API'));
  await checkQuiet();

  const database = await createThrowawayDatabase();
  cleanup.add(`drop database ${database.name}`, () => database.drop());
  console.log(`PostgreSQL ${database.serverVersion}, throwaway database ${database.name}`);

  const env = appEnvironment(database.url, {
    SEED: 'demo',
    KUICKPAY_PREFIX: prefix,
    ...(heapMb === null ? {} : { NODE_OPTIONS: `--max-old-space-size=${heapMb}` }),
  });

  // The app's own start migrates the database and seeds the demo catalogue the bench's rows hang on.
  await (await freshApp(env, cleanup)).stop();
  let started = performance.now();
  await seedStaffBench(database.url, vouchers);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  cleanup.add('close the bench connection', () => client.end());
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  // One voucher per registration: numbers 10000000 + n (unique, as the constraint wants); the first
  // `paid` of them paid today, each by tran_auth_id n mod 1,000,000.
  const paid = mix.matched + mix.paidOnlyInPortal;
  await client.query('begin');
  await client.query(
    `insert into vouchers (voucher_no, student_id, enrolment_id, quarter, fee_amount, state, payment_deadline,
                           paid_at)
     select (10000000 + n)::text, e.student_id, e.id, 'Q1', $1,
            case when n <= $2 then 'PAID' else 'UNPAID' end, now() + interval '7 days',
            case when n <= $2 then now() end
     from (select id, student_id, row_number() over (order by id) as n from enrolments) e
     where n <= $3`,
    [fee, paid, vouchers],
  );
  await client.query(
    `insert into payments (voucher_id, consumer_number, tran_auth_id, tran_date, tran_time, bank_mnemonic,
                           amount_minor, source)
     select v.id, $1 || v.voucher_no, lpad(((v.voucher_no::int - 10000000) % 1000000)::text, 6, '0'), $2,
            '101500', 'MEEZAN', $3, 'biller'
     from vouchers v where v.state = 'PAID'`,
    [prefix, day, fee * 100],
  );
  await client.query('commit');
  await client.query('analyze vouchers; analyze payments');
  console.log(
    `seeded ${vouchers} vouchers (${paid} paid) in ${round((performance.now() - started) / 1000)} s`,
  );

  // The file: n = 1…matched paid in both; then the unpaid ones, settlement only; then amount mismatches.
  // Vouchers matched+1 … paid are paid in the portal and left out of the file.
  const tran = (n: number) => String(n % 1_000_000).padStart(6, '0');
  const consumer = (n: number) => `${prefix}${10_000_000 + n}`;
  const lines = ['consumer_number,tran_auth_id,amount,tran_date,bank'];
  for (let n = 1; n <= mix.matched; n++)
    lines.push(
      `${consumer(n)},${tran(n)},${n % 2 ? String(fee * 100).padStart(12, '0') : fee},${day},MEEZAN`,
    );
  let n = paid + 1;
  for (let i = 0; i < mix.paidOnlyInSettlement; i++, n++)
    lines.push(`${consumer(n)},${tran(n)},${fee}.00,${day},HBL`);
  for (let i = 0; i < mix.amountMismatch; i++, n++)
    lines.push(`${consumer(n)},${tran(n)},${fee - 100},${day},UBL`);
  const csv = `${lines.join('\r\n')}\r\n`;
  const fileBytes = Buffer.byteLength(csv);

  if (fileBytes > SETTLEMENT_MAX_BYTES)
    throw new Error(`the file is ${fileBytes} bytes, over the upload's ${SETTLEMENT_MAX_BYTES}`);
  const cookie = await staffSessionCookie(database.url, env.SESSION_SECRET!, 'accounts');

  // One file, on a freshly started app.
  let app = await freshApp(env, cleanup);
  let rss = sampleRss(app.pid);
  started = performance.now();
  const first = await reconcileFile(app.url, cookie, csv);
  const seconds = (performance.now() - started) / 1000;
  const memory = rss.stop();
  const counts = { rows: first.data.rows, ...first.data.counts };

  // Every list paged through the kept report: exactly the expected consumer numbers, in order.
  started = performance.now();
  const expected = expectedLists(mix, paid, consumer);
  const paging: Record<string, boolean> = {};
  let pages = 0;
  for (const list of lists) {
    const got: string[] = [];
    for (let page = 1; ; page++) {
      const answer = await getJson<{ data: { consumerNumber: string }[]; total: number }>(
        `${app.url}/staffapi/reconciliation/${first.data.reportId}/${list}?page=${page}&pageSize=100`,
        cookie,
      );
      pages += 1;
      got.push(...answer.data.map((entry) => entry.consumerNumber));
      if (answer.data.length < 100) break;
    }
    paging[list] =
      got.length === expected[list].length && got.every((number, i) => number === expected[list][i]);
  }
  const pagingSeconds = (performance.now() - started) / 1000;

  // The kept report downloads whole, streamed.
  started = performance.now();
  rss = sampleRss(app.pid);
  const report = await fetch(`${app.url}/staffapi/reconciliation/${first.data.reportId}?format=csv`, {
    headers: { cookie },
  });
  const reportLines = (await report.text()).trim().split('\n').length - 1;
  const reportSeconds = (performance.now() - started) / 1000;
  const reportMemory = rss.stop();
  await app.stop();

  // Three copies at once, on a freshly started app again.
  app = await freshApp(env, cleanup);
  rss = sampleRss(app.pid);
  started = performance.now();
  const parallel = await Promise.all(
    Array.from({ length: parallelFiles }, () => reconcileFile(app.url, cookie, csv)),
  );
  const parallelSeconds = (performance.now() - started) / 1000;
  const parallelMemory = rss.stop();
  await app.stop();

  const sameCounts = (answer: Reconciled) =>
    answer.data.rows === rows && lists.every((list) => answer.data.counts[list] === mix[list]);
  const checks = {
    counts: sameCounts(first) && parallel.every(sameCounts),
    rate: rows / seconds >= budget.minRowsPerSecond,
    memory: memory.growthMb < budget.maxRssGrowthMb,
    memoryParallel: parallelMemory.growthMb < budget.maxRssGrowthParallelMb,
    firstAnswer: first.bytes < budget.maxFirstAnswerBytes,
    paging: lists.every((list) => paging[list]),
    report: report.status === 200 && reportLines === rows + mix.paidOnlyInPortal,
  };
  const pass = Object.values(checks).every(Boolean);
  const file = writeResult('reconciliation', {
    benchmark: 'reconciliation',
    date: new Date().toISOString(),
    source,
    machine: machine({ postgres: database.serverVersion }),
    settings: { rows, vouchers, fileBytes, heapMb, parallelFiles },
    budget,
    expected: mix,
    answer: {
      seconds: round(seconds, 2),
      rowsPerSecond: Math.round(rows / seconds),
      counts,
      answerBytes: first.bytes,
      serverRss: memory,
    },
    paging: { pages, seconds: round(pagingSeconds, 2), exact: paging },
    reportDownload: { seconds: round(reportSeconds, 2), rows: reportLines, serverRss: reportMemory },
    parallel: {
      files: parallelFiles,
      seconds: round(parallelSeconds, 2),
      answerBytes: parallel.map((answer) => answer.bytes),
      serverRss: parallelMemory,
    },
    checks,
    pass,
  });

  console.log(`
reconciliation — ${rows}-row settlement (${round(fileBytes / 1024 / 1024, 2)} MB) against ${vouchers} vouchers${heapMb === null ? '' : `, heap capped at ${heapMb} MB`}
  POST /staffapi/reconciliation  ${round(seconds, 2)} s, ${Math.round(rows / seconds)} rows/s  (budget ≥ ${budget.minRowsPerSecond})   ${verdict(checks.rate)}
  counts  ${lists.map((list) => `${list} ${counts[list]}/${mix[list]}`).join(', ')}   ${verdict(checks.counts)}
  answer  ${first.bytes} bytes  (budget < ${budget.maxFirstAnswerBytes})   ${verdict(checks.firstAnswer)}
  server RSS, one file  ${memory.startMb} MB → peak ${memory.peakMb} MB, growth ${memory.growthMb} MB  (budget < ${budget.maxRssGrowthMb} MB)   ${verdict(checks.memory)}
  lists paged  ${pages} pages in ${round(pagingSeconds, 2)} s, ${lists.map((list) => `${list} ${paging[list] ? 'exact' : 'WRONG'}`).join(', ')}   ${verdict(checks.paging)}
  report CSV  ${round(reportSeconds, 2)} s, ${reportLines} rows, RSS growth ${reportMemory.growthMb} MB   ${verdict(checks.report)}
  ${parallelFiles} files at once  ${round(parallelSeconds, 2)} s; server RSS ${parallelMemory.startMb} MB → peak ${parallelMemory.peakMb} MB, growth ${parallelMemory.growthMb} MB  (budget < ${budget.maxRssGrowthParallelMb} MB)   ${verdict(checks.memoryParallel)}

${verdict(pass)} — figures in ${file}`);
  return pass ? 0 : EXIT_OVER_BUDGET;
});

/** The consumer numbers each list must hold, in the report's order (decision 0039). */
function expectedLists(mix: Mix, paid: number, consumer: (n: number) => string): Record<keyof Mix, string[]> {
  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => consumer(from + i));
  return {
    // The file's rows in the file's order.
    matched: range(1, mix.matched),
    paidOnlyInSettlement: range(paid + 1, mix.paidOnlyInSettlement),
    amountMismatch: range(paid + 1 + mix.paidOnlyInSettlement, mix.amountMismatch),
    // The portal's payments by date and consumer number (all of one day; the numbers are of one length).
    paidOnlyInPortal: range(mix.matched + 1, mix.paidOnlyInPortal),
  };
}

interface Reconciled {
  bytes: number;
  data: { reportId: string; rows: number; counts: Mix };
}

/** The settlement uploaded as the console sends it; its answer and the answer's size. */
async function reconcileFile(url: string, cookie: string, csv: string): Promise<Reconciled> {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'settlement.csv');
  const response = await fetch(`${url}/staffapi/reconciliation`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  const text = await response.text();
  if (response.status !== 200)
    throw new Error(`reconciliation answered ${response.status}: ${text.slice(0, 300)}`);
  return { bytes: Buffer.byteLength(text), data: (JSON.parse(text) as { data: Reconciled['data'] }).data };
}

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const response = await fetch(url, { headers: { cookie } });
  if (response.status !== 200)
    throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The app started afresh (so each measurement starts from a server that has not reconciled yet). */
async function freshApp(env: Record<string, string>, cleanup: Cleanup) {
  const app = await startServer('app', env);
  cleanup.add(`stop the app (pid ${app.pid})`, () => app.stop());
  console.log(`app listening at ${app.url} (pid ${app.pid})`);
  const probe = await fetch(`${app.url}/healthz`);
  if (probe.status !== 200) throw new Error(`healthz answered ${probe.status}`);
  // Let start-up's own allocations settle before the baseline is read.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return app;
}
