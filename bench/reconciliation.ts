/**
 * Reconciliation of the aggregator's settlement file at scale, on PostgreSQL:
 *  - seeds 55,000 registrations with one voucher each (bulk SQL), 40,000 of them paid through payments rows;
 *  - writes a 50,000-row settlement CSV with a known mix: 35,000 matched, 10,000 paid only in the settlement,
 *    5,000 amount mismatches; 5,000 of the portal's payments of that day are left out (paid only in the portal);
 *  - POSTs it to the running app as the console does, checks that the four lists have exactly those counts,
 *    and samples the server's RSS every 50 ms while it works.
 * Budget: the whole call under 10 s; the server's RSS growth under 128 MB with V8's old space capped at
 * 128 MB. The file is streamed and looked up 2,000 rows at a time, so what grows is only the report: the four
 * lists' entries as JSON text (about 16 MB for 50,000), which the answer, the kept report and the driver
 * each hold once. A server that held the parsed file or the entries as objects would not fit. Exits 1 over
 * budget.
 *
 *   npx tsx bench/reconciliation.ts [--rows=50000]
 */
import pg from 'pg';
import {
  EXIT_OVER_BUDGET,
  checkQuiet,
  describeSource,
  machine,
  main,
  numberOption,
  round,
  sourceState,
  verdict,
  writeResult,
} from './lib/common';
import { createThrowawayDatabase } from './lib/database';
import { sampleRss } from './lib/rss';
import { appEnvironment, startServer } from './lib/servers';
import { seedStaffBench } from './lib/staff-seed';
import { staffSessionCookie } from './lib/staff-session';

const heapCeilingMb = 128;
const budget = { maxSeconds: 10, maxRssGrowthMb: 128 };
const prefix = '73150';
const fee = 1500;

await main('reconciliation', async (cleanup) => {
  const rows = numberOption('rows', 50_000);
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
    // Without a ceiling V8 grows its heap while there is room and RSS measures uncollected garbage.
    NODE_OPTIONS: `--max-old-space-size=${heapCeilingMb}`,
  });
  const app = await startServer('app', env);
  cleanup.add('stop the app', () => app.stop());
  console.log(`app listening at ${app.url} (pid ${app.pid})`);

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

  const cookie = await staffSessionCookie(database.url, env.SESSION_SECRET!, 'accounts');
  const probe = await fetch(`${app.url}/staffapi/vouchers?pageSize=1`, { headers: { cookie } });
  if (probe.status !== 200) throw new Error(`vouchers answered ${probe.status}: ${await probe.text()}`);
  await new Promise((resolve) => setTimeout(resolve, 500));

  const rss = sampleRss(app.pid);
  started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'settlement.csv');
  const response = await fetch(`${app.url}/staffapi/reconciliation`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  });
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  const memory = rss.stop();
  if (response.status !== 200)
    throw new Error(`reconciliation answered ${response.status}: ${text.slice(0, 300)}`);
  const answer = JSON.parse(text) as {
    data: { reportId: string; rows: number } & Record<keyof typeof mix, unknown[]>;
  };
  const counts = {
    rows: answer.data.rows,
    matched: answer.data.matched.length,
    paidOnlyInSettlement: answer.data.paidOnlyInSettlement.length,
    paidOnlyInPortal: answer.data.paidOnlyInPortal.length,
    amountMismatch: answer.data.amountMismatch.length,
  };

  // The kept report downloads too.
  started = performance.now();
  const report = await fetch(`${app.url}/staffapi/reconciliation/${answer.data.reportId}?format=csv`, {
    headers: { cookie },
  });
  const reportLines = (await report.text()).trim().split('\n').length - 1;
  const reportSeconds = (performance.now() - started) / 1000;

  const checks = {
    counts:
      counts.rows === rows &&
      counts.matched === mix.matched &&
      counts.paidOnlyInSettlement === mix.paidOnlyInSettlement &&
      counts.paidOnlyInPortal === mix.paidOnlyInPortal &&
      counts.amountMismatch === mix.amountMismatch,
    time: seconds < budget.maxSeconds,
    memory: memory.growthMb < budget.maxRssGrowthMb,
    report: report.status === 200 && reportLines === rows + mix.paidOnlyInPortal,
  };
  const pass = Object.values(checks).every(Boolean);
  const file = writeResult('reconciliation', {
    benchmark: 'reconciliation',
    date: new Date().toISOString(),
    source,
    machine: machine({ postgres: database.serverVersion }),
    settings: { rows, vouchers, heapCeilingMb },
    budget,
    expected: mix,
    answer: {
      seconds: round(seconds, 2),
      counts,
      fileBytes,
      answerBytes: Buffer.byteLength(text),
      serverRss: memory,
    },
    reportDownload: { seconds: round(reportSeconds, 2), rows: reportLines },
    checks,
    pass,
  });

  console.log(`
reconciliation — ${rows}-row settlement (${round(fileBytes / 1024 / 1024, 2)} MB) against ${vouchers} vouchers
  POST /staffapi/reconciliation  ${round(seconds, 2)} s  (budget < ${budget.maxSeconds} s)   ${verdict(checks.time)}
  lists   matched ${counts.matched}/${mix.matched}, paidOnlyInSettlement ${counts.paidOnlyInSettlement}/${mix.paidOnlyInSettlement}, paidOnlyInPortal ${counts.paidOnlyInPortal}/${mix.paidOnlyInPortal}, amountMismatch ${counts.amountMismatch}/${mix.amountMismatch}   ${verdict(checks.counts)}
  server RSS  ${memory.startMb} MB → peak ${memory.peakMb} MB, growth ${memory.growthMb} MB  (budget < ${budget.maxRssGrowthMb} MB)   ${verdict(checks.memory)}
  report CSV  ${round(reportSeconds, 2)} s, ${reportLines} rows   ${verdict(checks.report)}

${verdict(pass)} — figures in ${file}`);
  return pass ? 0 : EXIT_OVER_BUDGET;
});
