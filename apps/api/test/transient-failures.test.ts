import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql, DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@portal/shared/messages';
import { queryRows, type Tx } from '../src/db/client';
import { admitted, bill, biller, paymentOf } from './enrolment';
import {
  capturedLog,
  createTestApp,
  goodPassword,
  onboardedStudent,
  post,
  postMultipart,
  sha256,
  signedInStudent,
  uniqueCnic,
  uniqueEmail,
  type TestApp,
} from './helpers';
import { jpeg } from './images';

/** What PostgreSQL sends a backend that pg_terminate_backend ends, as pg-protocol's parser builds it. */
function adminShutdown() {
  const error = new pg.DatabaseError('terminating connection due to administrator command', 0, 'error');
  error.severity = 'FATAL';
  error.code = '57P01';
  return error;
}

/** As Drizzle 0.45 throws a failed query: the parameters (here a password hash) are in its message. */
function failedQuery(cause: Error) {
  return new DrizzleQueryError('select 1 where $1 = $1', ['hash-that-must-not-be-logged'], cause);
}

type Db = TestApp['app']['services']['database']['db'];
type Work = (tx: Tx) => Promise<unknown>;

/** Runs the app's next transaction through `instead`, which is given the real `transaction` and the work. */
function nextTransaction(
  t: TestApp,
  instead: (run: (work: Work) => Promise<unknown>, work: Work, db: Db) => Promise<unknown>,
) {
  const db = t.app.services.database.db;
  const run: (work: Work) => Promise<unknown> = db.transaction.bind(db);
  return vi.spyOn(db, 'transaction').mockImplementationOnce(async (work: Work) => instead(run, work, db));
}

/** The next transaction does all its writes, then its connection is lost instead of the COMMIT. */
function loseNextCommit(t: TestApp) {
  return nextTransaction(t, (run, work) =>
    run(async (tx) => {
      await work(tx);
      throw failedQuery(adminShutdown());
    }),
  );
}

/**
 * A sign-up's one write (a prepared statement of its own, outside a transaction) finds its connection cut
 * before it runs: the driver's client (the pool, or PGlite) refuses it, as pg does a statement on a backend
 * that pg_terminate_backend ended. Every other statement runs.
 */
function loseNextSignUpWrite(t: TestApp) {
  type Client = { query: (...args: unknown[]) => Promise<unknown> };
  const client = (t.app.services.database.db._.session as unknown as { client: Client }).client;
  const query = client.query.bind(client);
  const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
    if (!text?.startsWith('with student as')) return query(...args);
    spy.mockRestore();
    return Promise.reject(adminShutdown());
  });
}

/** The next transaction commits, but the connection is lost before its answer arrives. */
function loseNextCommitAnswer(t: TestApp) {
  return nextTransaction(t, async (run, work) => {
    await run(work);
    throw new Error('Connection terminated unexpectedly');
  });
}

/**
 * The next transaction commits; then the call's next query outside it finds its connection cut (an idle
 * connection of the pool that pg_terminate_backend ended, as in bench/admission-day.ts's fault run).
 */
function loseTheConnectionAfterNextCommit(t: TestApp) {
  return nextTransaction(t, async (run, work, db) => {
    const result = await run(work);
    vi.spyOn(db, 'select').mockImplementationOnce(() => {
      throw failedQuery(adminShutdown());
    });
    return result;
  });
}

function expectRetryable(answer: { status: number; body: Record<string, unknown>; headers?: unknown }) {
  expect(answer.status).toBe(503);
  expect(answer.body).toEqual({ success: false, message: messages.serviceBusy, code: 'serviceBusy' });
  if (answer.headers) expect(answer.headers).toMatchObject({ 'retry-after': '2' });
}

const rows = <T>(t: TestApp, query: ReturnType<typeof sql>) =>
  queryRows<T>(t.app.services.database.db, query);

function storedFiles(t: TestApp, folder: 'documents' | 'photos'): string[] {
  const dir = join(t.config.dataDir, 'uploads', folder);
  return existsSync(dir) ? readdirSync(dir).map((name) => `${folder}/${name}`) : [];
}

/** An application to AIC in Karachi's Batch 36, online: the body of /studentapi/applyCourse. */
async function onlineApplication(t: TestApp, studentId: string) {
  const [offer] = await rows<{ batch_id: string; course_id: string }>(
    t,
    sql`select b.id as batch_id, c.id as course_id from batches b, courses c
        where b.name = 'Batch 36' and b.city = 'Karachi' and c.code = 'AIC'`,
  );
  return { studentId, batchId: offer!.batch_id, courseId: offer!.course_id, onsite: false };
}

/** The body of /studentapi/generatevoucher/online for the admitted student's first quarter. */
function q1Online(applicant: Awaited<ReturnType<typeof admitted>>) {
  const { studentId, batchId, courseId } = applicant;
  return { data: { studentId, quarter: 'Q1', batchId, courseId } };
}

const documentParts = async (studentId: string) => [
  { name: 'studentId', value: studentId },
  { name: 'Front CNIC', value: await jpeg(), filename: 'f.jpg' },
  { name: 'Back CNIC', value: await jpeg(), filename: 'b.jpg' },
  { name: 'Education Document', value: await jpeg(), filename: 'e.jpg' },
];

describe('a transient database failure', () => {
  let t: TestApp;
  const log = capturedLog();
  beforeAll(async () => {
    t = await createTestApp(
      { CAPTCHA_MAX_NUMBER: '2000', KUICKPAY_USERNAME: biller.username, KUICKPAY_PASSWORD: biller.password },
      { logger: { level: 'warn', stream: log.stream } },
    );
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  it('answers 503 with Retry-After and the busy message, logged without the query parameters', async () => {
    const student = await signedInStudent(t.app);
    vi.spyOn(t.app.services.enrolments, 'myCourses').mockRejectedValueOnce(failedQuery(adminShutdown()));
    const call = () =>
      post(t.app, '/studentapi/getcourse/myCourses', { studentId: student.studentId }, student.token);
    expectRetryable(await call());
    expect((await call()).status).toBe(200);
    expect(log.text()).toContain('database unavailable, answered 503');
    expect(log.text()).toContain('57P01');
    expect(log.text()).not.toContain('hash-that-must-not-be-logged');
  });

  it('leaves every other failure a 500', async () => {
    const student = await signedInStudent(t.app);
    const duplicate = new pg.DatabaseError('duplicate key value violates unique constraint', 0, 'error');
    duplicate.code = '23505';
    vi.spyOn(t.app.services.enrolments, 'myCourses').mockRejectedValueOnce(failedQuery(duplicate));
    const answer = await post(
      t.app,
      '/studentapi/getcourse/myCourses',
      { studentId: student.studentId },
      student.token,
    );
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(messages.serverError);
  });

  it('during sign-up leaves neither the student nor the verification mail, and the retry succeeds', async () => {
    const account = { cnic: uniqueCnic(), email: uniqueEmail(), password: sha256(goodPassword) };
    loseNextSignUpWrite(t);
    expectRetryable(await post(t.app, '/auth/signup', account));
    const count = () =>
      rows<{ students: number; mails: number }>(
        t,
        sql`select (select count(*)::int from students where email = ${account.email}) as students,
                   (select count(*)::int from mail_outbox where recipient = ${account.email}) as mails`,
      );
    expect(await count()).toEqual([{ students: 0, mails: 0 }]);
    expect((await post(t.app, '/auth/signup', account)).status).toBe(200);
    expect(await count()).toEqual([{ students: 1, mails: 1 }]);
  });

  it('during an upload of documents leaves no rows and deletes the files it wrote', async () => {
    const student = await onboardedStudent(t.app);
    const before = await rows<{ key: string }>(
      t,
      sql`select storage_key as key from student_documents where student_id = ${student.studentId}`,
    );
    const filesBefore = storedFiles(t, 'documents');
    loseNextCommit(t);
    const answer = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      await documentParts(student.studentId),
      student.token,
    );
    expectRetryable(answer);
    const after = await rows<{ key: string }>(
      t,
      sql`select storage_key as key from student_documents where student_id = ${student.studentId}`,
    );
    expect(after).toEqual(before);
    expect(storedFiles(t, 'documents').sort()).toEqual(filesBefore.sort());
  });

  it('when only the answer of the COMMIT is lost, keeps the files the committed rows point at', async () => {
    const student = await onboardedStudent(t.app);
    loseNextCommitAnswer(t);
    const answer = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      await documentParts(student.studentId),
      student.token,
    );
    expectRetryable(answer);
    const keys = await rows<{ key: string }>(
      t,
      sql`select storage_key as key from student_documents where student_id = ${student.studentId}`,
    );
    expect(keys).toHaveLength(3);
    const files = new Set(storedFiles(t, 'documents'));
    for (const { key } of keys) expect(files.has(key), key).toBe(true);
  });

  it('during voucher generation and BillPayment leaves no voucher, payment or record', async () => {
    const applicant = await admitted(t, { onsite: false });
    const voucherBody = q1Online(applicant);
    loseNextCommit(t);
    expectRetryable(await post(t.app, '/studentapi/generatevoucher/online', voucherBody, applicant.token));
    const vouchers = () =>
      rows<{ n: number }>(
        t,
        sql`select count(*)::int as n from vouchers where student_id = ${applicant.studentId}`,
      );
    expect(await vouchers()).toEqual([{ n: 0 }]);
    const voucher = await post(t.app, '/studentapi/generatevoucher/online', voucherBody, applicant.token);
    expect(voucher.status).toBe(200);
    expect(await vouchers()).toEqual([{ n: 1 }]);

    // BillPayment: 503 with Kuickpay's "try again", nothing paid or recorded; the aggregator's retry pays.
    const consumer = voucher.body.data.consumerNumber as string;
    loseNextCommit(t);
    const failed = await bill(t, 'BillPayment', paymentOf(consumer, 1500));
    expect(failed).toEqual({ status: 503, body: { response_Code: '05' } });
    const state = () =>
      rows<{ state: string; payments: number; notifications: number }>(
        t,
        sql`select v.state,
                   (select count(*)::int from payments p where p.voucher_id = v.id) as payments,
                   (select count(*)::int from biller_notifications n
                     where n.consumer_number = ${consumer} and n.kind = 'payment') as notifications
            from vouchers v where v.student_id = ${applicant.studentId}`,
      );
    expect(await state()).toEqual([{ state: 'UNPAID', payments: 0, notifications: 0 }]);
    expect((await bill(t, 'BillPayment', paymentOf(consumer, 1500))).body.response_Code).toBe('00');
    expect(await state()).toEqual([{ state: 'PAID', payments: 1, notifications: 1 }]);
  });

  it('during apply leaves no registration and no roll number', async () => {
    const student = await onboardedStudent(t.app);
    const body = await onlineApplication(t, student.studentId);
    loseNextCommit(t);
    expectRetryable(await post(t.app, '/studentapi/applyCourse', body, student.token));
    const state = () =>
      rows<{ registrations: number; roll_no: string | null }>(
        t,
        sql`select (select count(*)::int from enrolments where student_id = s.id) as registrations, s.roll_no
            from students s where s.id = ${student.studentId}`,
      );
    expect(await state()).toEqual([{ registrations: 0, roll_no: null }]);
    expect((await post(t.app, '/studentapi/applyCourse', body, student.token)).status).toBe(200);
    expect((await state())[0]!.registrations).toBe(1);
  });

  // A 503 says "nothing was done, try again": after a COMMIT it would be false, and the retry refused as a
  // second application or a second voucher for the quarter. So these calls read their answer before it.
  it('apply answers with the registration it committed, and there is one', async () => {
    const student = await onboardedStudent(t.app);
    const body = await onlineApplication(t, student.studentId);
    loseTheConnectionAfterNextCommit(t);
    const answer = await post(t.app, '/studentapi/applyCourse', body, student.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ courseStatus: 'APPLIED', currentlyOnsite: false });
    const registrations = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from enrolments where student_id = ${student.studentId}`,
    );
    expect(registrations).toEqual([{ n: 1 }]);
  });

  it('a voucher answers with the voucher it committed, and there is one', async () => {
    const applicant = await admitted(t, { onsite: false });
    const voucherBody = q1Online(applicant);
    loseTheConnectionAfterNextCommit(t);
    const answer = await post(t.app, '/studentapi/generatevoucher/online', voucherBody, applicant.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ quarter: 'Q1', feeAmount: 1500, paid: false, valid: true });
    const vouchers = await rows<{ id: string }>(
      t,
      sql`select id from vouchers where student_id = ${applicant.studentId}`,
    );
    expect(vouchers).toEqual([{ id: answer.body.data._id }]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections cut by pg_terminate_backend', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_MAX_NUMBER: '2000', DATABASE_POOL_SIZE: '4' });
  });
  afterAll(() => t.close());

  /** Ends every connection of the app's database but this one, as an administrator (or a failover) would. */
  async function terminateAppConnections(): Promise<number> {
    const admin = new pg.Client({ connectionString: t.config.databaseUrl });
    await admin.connect();
    try {
      const answer = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return answer.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  /** Keeps cutting the connections every few milliseconds until `calls` have all answered. */
  async function whileCutting<T>(calls: Promise<T>[]): Promise<{ answers: T[]; cuts: number }> {
    let done = false;
    let cuts = 0;
    const cutter = (async () => {
      while (!done) {
        cuts += (await terminateAppConnections()) > 0 ? 1 : 0;
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    })();
    try {
      return { answers: await Promise.all(calls), cuts };
    } finally {
      done = true;
      await cutter;
    }
  }

  function expectOkOrRetryable(answer: { status: number; body: Record<string, unknown>; headers?: unknown }) {
    expect([200, 503]).toContain(answer.status);
    if (answer.status === 503) expectRetryable(answer);
  }

  it('a call that cannot get a connection within DATABASE_CONNECT_TIMEOUT_MS answers 503', async () => {
    const student = await signedInStudent(t.app);
    const narrow = await createTestApp(
      { DATABASE_POOL_SIZE: '1', DATABASE_CONNECT_TIMEOUT_MS: '200', SEED: 'none' },
      { shareWith: t },
    );
    try {
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      // The instance's only connection is busy (a long transaction) for longer than the bound.
      const busy = narrow.app.services.database.db.transaction(() => held);
      const started = Date.now();
      const answer = await post(narrow.app, '/studentapi/getinfo', {}, student.token);
      expectRetryable(answer);
      expect(Date.now() - started).toBeLessThan(5000);
      release();
      await busy;
      expect((await post(narrow.app, '/studentapi/getinfo', {}, student.token)).status).toBe(200);
    } finally {
      await narrow.close();
    }
  });

  it('between calls: the pool replaces the lost connections and the next call succeeds', async () => {
    const student = await signedInStudent(t.app);
    const getinfo = () => post(t.app, '/studentapi/getinfo', {}, student.token);
    expect((await getinfo()).status).toBe(200);
    expect(await terminateAppConnections()).toBeGreaterThan(0);
    expectOkOrRetryable(await getinfo());
    await vi.waitFor(async () => expect((await getinfo()).status).toBe(200));
  });

  it('while sign-ups and reads are in flight: 200 or 503, never 500, and no student without the mail', async () => {
    const reader = await signedInStudent(t.app);
    const accounts = Array.from({ length: 16 }, () => ({
      cnic: uniqueCnic(),
      email: uniqueEmail(),
      password: sha256(goodPassword),
    }));
    const { answers, cuts } = await whileCutting([
      ...accounts.map((account) => post(t.app, '/auth/signup', account)),
      ...Array.from({ length: 16 }, () => post(t.app, '/studentapi/getinfo', {}, reader.token)),
    ]);
    expect(cuts).toBeGreaterThan(0);
    for (const answer of answers) expectOkOrRetryable(answer);

    const emails = accounts.map((account) => account.email);
    const created = await rows<{ email: string; mails: number; tokens: number }>(
      t,
      sql`select s.email,
                 (select count(*)::int from mail_outbox m where m.recipient = s.email) as mails,
                 (select count(*)::int from email_tokens e where e.student_id = s.id) as tokens
          from students s where s.email in ${emails}`,
    );
    for (const row of created) expect(row, row.email).toMatchObject({ mails: 1, tokens: 1 });
    // Each account answered 200 exists (a 503 may or may not have committed: the retry tells, 409 or 200).
    const createdEmails = new Set(created.map((row) => row.email));
    answers.slice(0, accounts.length).forEach((answer, index) => {
      if (answer.status === 200) expect(createdEmails.has(emails[index]!)).toBe(true);
    });

    // The pool has recovered: the next calls succeed.
    expect((await post(t.app, '/studentapi/getinfo', {}, reader.token)).status).toBe(200);
    const late = { cnic: uniqueCnic(), email: uniqueEmail(), password: sha256(goodPassword) };
    expect((await post(t.app, '/auth/signup', late)).status).toBe(200);
  });

  it('an upload that waited for another transaction on the student sees the documents it stored', async () => {
    const student = await onboardedStudent(t.app);
    const other = new pg.Client({ connectionString: t.config.databaseUrl });
    await other.connect();
    try {
      // Another transaction (a second upload, say) holds the student's row and points a document at a new file.
      await other.query('begin');
      await other.query('select id from students where id = $1 for update', [student.studentId]);
      const upload = postMultipart(
        t.app,
        '/studentapi/uploaddocuments',
        await documentParts(student.studentId),
        student.token,
      );
      // The upload stores its files, then waits for the row.
      await vi.waitFor(
        async () => {
          const waiting = await other.query(
            "select 1 from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
          );
          expect(waiting.rowCount).toBeGreaterThan(0);
        },
        { timeout: 10_000 },
      );
      // As an upload does, it records the file it replaces as an orphan: every stored file stays accounted for.
      const theirs = 'documents/held-by-another-upload.jpg';
      await other.query(
        "insert into orphan_files (storage_key) select storage_key from student_documents where student_id = $1 and document_type = 'Front CNIC'",
        [student.studentId],
      );
      await other.query(
        "update student_documents set storage_key = $2 where student_id = $1 and document_type = 'Front CNIC'",
        [student.studentId, theirs],
      );
      await other.query('commit');
      expect((await upload).status).toBe(200);

      // The upload replaced the other one's file: that file is now an orphan for the sweeper, not forgotten.
      const orphans = await rows<{ key: string }>(t, sql`select storage_key as key from orphan_files`);
      expect(orphans.map((row) => row.key)).toContain(theirs);
    } finally {
      await other.end();
    }
  });

  it('while documents are uploaded: no row points at a missing file, and no file is unaccounted for', async () => {
    const students: Awaited<ReturnType<typeof onboardedStudent>>[] = [];
    for (let i = 0; i < 4; i++) students.push(await onboardedStudent(t.app));
    const uploads = students.flatMap((student) =>
      [0, 1].map(async () =>
        postMultipart(
          t.app,
          '/studentapi/uploaddocuments',
          await documentParts(student.studentId),
          student.token,
        ),
      ),
    );
    const { answers } = await whileCutting(uploads);
    for (const answer of answers) expectOkOrRetryable(answer);

    await vi.waitFor(async () =>
      expect((await post(t.app, '/studentapi/getinfo', {}, students[0]!.token)).status).toBe(200),
    );
    const referenced = await rows<{ key: string }>(t, sql`select storage_key as key from student_documents`);
    const orphans = await rows<{ key: string }>(t, sql`select storage_key as key from orphan_files`);
    const files = new Set(storedFiles(t, 'documents'));
    for (const { key } of referenced) expect(files.has(key), `${key} is missing`).toBe(true);
    const accounted = new Set([...referenced, ...orphans].map((row) => row.key));
    for (const file of files) expect(accounted.has(file), `${file} is unaccounted for`).toBe(true);
  });
});
