/**
 * Voucher generation for one slot under contention, and BillPayment latency, on PostgreSQL.
 *
 *   npx tsx bench/vouchers.ts          (BENCH_DATABASE_URL, default postgres://root@127.0.0.1:5432/postgres)
 *
 * The real server runs as a child process on a throwaway database. 60 admitted students ask at the same
 * moment for an onsite voucher in one slot with 30 seats; then the 30 vouchers are paid through BillPayment,
 * 10 at a time, and every payment is replayed once. Checks (exit 1 if any fails): exactly 30 vouchers sold,
 * the slot's counter equals its vouchers, every payment answers 00 and every replay 03. Latencies are
 * recorded (p50/p99), not budgeted: the issue asks for the figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { onboardedAccount, sha256 } from '../e2e/support/accounts';
import { startPortal } from '../e2e/support/server';

process.env.TEST_DATABASE_URL ??= process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';
const students = 60;
const seats = 30;
const credentials = { username: 'bench-aggregator', password: 'bench-biller-secret' };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! * 10) / 10;
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await work();
  return { ms: performance.now() - start, value };
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

const portal = await startPortal({
  CAPTCHA_MAX_NUMBER: '200',
  KUICKPAY_USERNAME: credentials.username,
  KUICKPAY_PASSWORD: credentials.password,
});
const db = new pg.Client({ connectionString: portal.env.DATABASE_URL });
await db.connect();
let exitCode = 1;
try {
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${portal.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  // Admitted students: onboarded through the API, applied onsite, entry test passed, onsite allowed.
  const password = 'Bench#Voucher-2026';
  const {
    rows: [offer],
  } = await db.query<{ batch_id: string; course_id: string }>(
    `select b.id as batch_id, c.id as course_id from batches b, courses c where b.name = 'Batch 36' and b.city = 'Karachi' and c.code = 'AIC'`,
  );
  const tokens: { token: string; studentId: string }[] = [];
  await inBatches(
    Array.from({ length: students }, (_, i) => i),
    6,
    async () => {
      const email = await onboardedAccount(portal, password);
      const login = await post('/auth/login', { email, password: sha256(password) });
      const token = login.body.studentData.databaseToken as string;
      const studentId = login.body.studentData._id as string;
      await post(
        '/studentapi/applyCourse',
        { studentId, batchId: offer!.batch_id, courseId: offer!.course_id, onsite: true },
        { authorization: `Bearer ${token}` },
      );
      tokens.push({ token, studentId });
    },
  );
  await db.query(`update enrolments set status = 'ENTRYTESTPASSED'`);
  await db.query(`update students set on_site_allowed = true`);
  const {
    rows: [slot],
  } = await db.query<{ id: string }>(
    `select id from time_slots where batch_id = $1 and course_id = $2 and quarter = 'Q1' and gender = 'both'`,
    [offer!.batch_id, offer!.course_id],
  );
  await db.query(`update time_slots set total_seats = $2, booked_seats = 0 where id = $1`, [slot!.id, seats]);

  // 60 students, one moment, one slot.
  const generation = await Promise.all(
    tokens.map(({ token, studentId }) =>
      timed(() =>
        post(
          '/studentapi/generatevoucher/onSite',
          { data: { studentId, timeslotId: slot!.id, batchId: offer!.batch_id, courseId: offer!.course_id } },
          { authorization: `Bearer ${token}` },
        ),
      ),
    ),
  );
  const sold = generation.filter((g) => g.value.status === 200);
  const refused = generation.filter(
    (g) => g.value.status === 409 && g.value.body.message === 'No seats remaining',
  );
  const {
    rows: [counter],
  } = await db.query<{ booked: number; vouchers: number }>(
    `select booked_seats as booked, (select count(*)::int from vouchers where time_slot_id = $1 and state in ('UNPAID','PAID')) as vouchers from time_slots where id = $1`,
    [slot!.id],
  );

  // Pay every voucher through BillPayment, 10 at a time, then replay each once.
  const consumers = sold.map((g) => ({
    consumer: g.value.body.data.consumerNumber as string,
    fee: g.value.body.data.feeAmount as number,
  }));
  const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  const payment = (consumer: string, fee: number, tranAuthId: string) => ({
    consumer_number: consumer,
    tran_auth_id: tranAuthId,
    transaction_amount: String(fee * 100).padStart(12, '0'),
    tran_date: today,
    tran_time: '120000',
    bank_mnemonic: 'BENCH',
    reserved: '',
  });
  const payments: { ms: number; code: string }[] = [];
  const replays: { ms: number; code: string }[] = [];
  await inBatches(consumers, 10, async ({ consumer, fee }) => {
    const first = await timed(() =>
      post('/billpayment/kuickpay/BillPayment', payment(consumer, fee, '100001'), credentials),
    );
    payments.push({ ms: first.ms, code: first.value.body.response_Code as string });
    const again = await timed(() =>
      post('/billpayment/kuickpay/BillPayment', payment(consumer, fee, '100001'), credentials),
    );
    replays.push({ ms: again.ms, code: again.value.body.response_Code as string });
  });

  const checks = {
    exactlyTheSeatsSold: sold.length === seats && refused.length === students - seats,
    counterEqualsVouchers: counter!.booked === counter!.vouchers && counter!.booked === seats,
    everyPayment00: payments.every((p) => p.code === '00'),
    everyReplay03: replays.every((p) => p.code === '03'),
  };
  const result = {
    benchmark: 'vouchers',
    date: new Date().toISOString(),
    machine: {
      cpus: availableParallelism(),
      node: process.version,
      postgres: (await db.query<{ v: string }>('show server_version')).rows[0]!.v,
    },
    generation: {
      students,
      seats,
      sold: sold.length,
      refusedNoSeats: refused.length,
      latencyMs: {
        p50: percentile(
          generation.map((g) => g.ms),
          50,
        ),
        p99: percentile(
          generation.map((g) => g.ms),
          99,
        ),
        max: percentile(
          generation.map((g) => g.ms),
          100,
        ),
      },
      counter: counter,
    },
    billPayment: {
      payments: payments.length,
      concurrency: 10,
      latencyMs: {
        p50: percentile(
          payments.map((p) => p.ms),
          50,
        ),
        p99: percentile(
          payments.map((p) => p.ms),
          99,
        ),
      },
      replayLatencyMs: {
        p50: percentile(
          replays.map((p) => p.ms),
          50,
        ),
        p99: percentile(
          replays.map((p) => p.ms),
          99,
        ),
      },
    },
    checks,
    pass: Object.values(checks).every(Boolean),
  };
  mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
  writeFileSync(new URL('./results/vouchers.json', import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
  console.log(
    JSON.stringify({ generation: result.generation, billPayment: result.billPayment, checks }, null, 2),
  );
  exitCode = result.pass ? 0 : 1;
} finally {
  await db.end();
  await portal.stop();
}
process.exit(exitCode);
