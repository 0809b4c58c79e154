import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import {
  capturedLog,
  createTestApp,
  mailedToken,
  post,
  sha256,
  signUp,
  signedInStudent,
  type TestApp,
} from './helpers';

const log = capturedLog();

let t: TestApp;
beforeAll(async () => {
  // The dev mailbox (no SMTP): the mode where links used to be printed for the developer.
  t = await createTestApp({ DEV_MAILBOX: 'true' }, { logger: { level: 'trace', stream: log.stream } });
});
afterAll(() => t.close());

/** Every token of every link in the dev mailbox. */
async function everyMailedToken(): Promise<string[]> {
  const response = await t.app.inject({ method: 'GET', url: '/dev/mailbox?format=json' });
  const mails = response.json<{ data: { textBody: string }[] }>().data;
  return mails.flatMap((mail) =>
    [...mail.textBody.matchAll(/\/(?:emailverification|resetpassword)\/([A-Za-z0-9_-]+)/g)].map(
      (match) => match[1]!,
    ),
  );
}

describe('logs in dev-mailbox mode', () => {
  it('hold no e-mail token through sign-up, resend, forgot-password and reset', async () => {
    expect(t.config.mail.smtpUrl).toBeUndefined();
    const account = await signUp(t.app);
    expect(account.response.status).toBe(200);
    expect((await post(t.app, '/public/resendVerificationEmail', { email: account.email })).status).toBe(200);
    const verification = await mailedToken(t.app, account.email, 'emailverification');
    await t.app.inject({ method: 'GET', url: `/emailverification/${verification}` });
    await post(t.app, '/auth/verifyemail', { emailVerificationToken: verification });
    expect((await post(t.app, '/forgetpassword', { email: account.email })).status).toBe(200);
    const reset = await mailedToken(t.app, account.email, 'resetpassword');
    await t.app.inject({ method: 'GET', url: `/resetpassword/${reset}` });
    const newPassword = sha256('Logged#Nowhere-2');
    expect(
      (await post(t.app, '/forgetpassword/newpassword', { token: reset, password: newPassword })).status,
    ).toBe(200);
    const login = await post(t.app, '/auth/login', { email: account.email, password: newPassword });
    expect(login.status).toBe(200);

    const tokens = await everyMailedToken();
    // Two verification links (sign-up and resend) and one reset link.
    expect(tokens.length).toBeGreaterThanOrEqual(3);
    // The log did record these calls: it is the right log that holds no token.
    expect(log.text()).toContain('/forgetpassword/newpassword');
    expect(log.text()).toContain('/emailverification/[redacted]');
    for (const secret of [...tokens, login.body.studentData.databaseToken as string, newPassword]) {
      expect(log.text()).not.toContain(secret);
    }
  });
});

describe('a statement that fails', () => {
  const failures = capturedLog();
  /** The log line whose text holds `what` (a message in quotes). */
  const lineWith = (what: string) =>
    failures
      .text()
      .split('\n')
      .find((each) => each.includes(what));
  let f: TestApp;
  beforeAll(async () => {
    f = await createTestApp({ DEV_MAILBOX: 'true' }, { logger: { level: 'info', stream: failures.stream } });
  });
  afterAll(() => f.close());

  it('is logged with its statement and cause, not with the values it carried', async () => {
    const student = await signedInStudent(f.app);
    const { db } = f.app.services.database;
    // The reset mail cannot be queued: the insert of its text, link and token included, fails.
    await db.execute(sql`alter table mail_outbox rename to mail_outbox_away`);
    try {
      const forgot = await post(f.app, '/forgetpassword', { email: student.email });
      expect(forgot).toMatchObject({ status: 500, body: { success: false, message: messages.serverError } });
    } finally {
      await db.execute(sql`alter table mail_outbox_away rename to mail_outbox`);
    }
    const line = lineWith('"request failed"');
    expect(line).toBeDefined();
    const { err } = JSON.parse(line!) as {
      err: { type: string; message: string; stack: string; query: string };
    };
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.query).toMatch(/^insert into "mail_outbox"/);
    expect(err.message).toMatch(/^Failed query: insert into "mail_outbox"/);
    expect(err.message).toMatch(/mail_outbox" does not exist/);
    expect(err.stack).toMatch(/\n {4}at /);
    expect(line).not.toContain('"params"');
    expect(line).not.toContain(student.email);
    expect(line).not.toMatch(/resetpassword\/[A-Za-z0-9_-]{43}/);
  });

  it('keeps the code and the message of a refusal by PostgreSQL, not the detail that repeats the row', async () => {
    const secret = `row-value-${Date.now()}`;
    const { db } = f.app.services.database;
    const failed = await db
      .transaction(async (tx) => {
        await tx.execute(sql`create temporary table refusal (value text primary key) on commit drop`);
        await tx.execute(sql`insert into refusal values (${secret}), (${secret})`);
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    const refusal = (failed as { cause?: Error & { code?: string; detail?: string } }).cause;
    // The error the code holds is as it was: only the log's copy loses the values.
    expect(refusal?.detail).toContain(secret);
    f.app.log.error({ err: failed }, 'a refused insert');
    f.app.log.error({ err: refusal }, 'the refusal itself');
    for (const message of ['"a refused insert"', '"the refusal itself"']) {
      const line = lineWith(message);
      expect(line).toContain('duplicate key value violates unique constraint');
      expect(line).not.toContain(secret);
    }
    expect(failures.text()).toContain('"code":"23505"');
  });
});
