import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import {
  createTestApp,
  mailedToken,
  post,
  sha256,
  signUp,
  uniqueCnic,
  uniqueEmail,
  type TestApp,
  metricsHeaders,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function studentCount() {
  const result = {
    rows: await queryRows<{ n: number }>(
      t.app.services.database.db,
      sql`select count(*)::int as n from students`,
    ),
  };
  return result.rows[0]!.n;
}

describe('POST /auth/signup', () => {
  it('creates the account and mails a verification link that says how long it lasts', async () => {
    const account = await signUp(t.app);
    expect(account.response.status).toBe(200);
    expect(account.response.body).toEqual({
      success: true,
      message: messages.signupSuccess,
      code: 'signupSuccess',
    });
    const mailbox = await t.app.inject({ method: 'GET', url: '/dev/mailbox?format=json' });
    const mail = mailbox
      .json<{ data: { recipient: string; textBody: string }[] }>()
      .data.find((m) => m.recipient === account.email)!;
    expect(mail.textBody).toMatch(/http:\/\/portal\.test\/emailverification\/[A-Za-z0-9_-]{43}/);
    expect(mail.textBody).toContain('lasts 24 hours');
  });

  it.each([
    ['123456789012', messages.cnicLength],
    ['12345678901234', messages.cnicLength],
    ['12345abc90123', messages.cnicNumbersOnly],
    ['42101-1234567', messages.cnicNoSpecial],
    ['42101 1234567', messages.cnicNoSpecial],
    ['4210111111234', messages.cnicFormat],
  ])('refuses the CNIC %s with the spec message', async (cnic, message) => {
    const before = await studentCount();
    const response = await post(t.app, '/auth/signup', {
      cnic,
      email: uniqueEmail(),
      password: sha256('Karachi#Portal-2026'),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      success: false,
      errorCode: '004',
      message,
      errors: { cnic: message },
    });
    expect(await studentCount()).toBe(before);
  });

  it('refuses a bad e-mail and a password that is not a SHA-256 hash', async () => {
    const response = await post(t.app, '/auth/signup', {
      cnic: uniqueCnic(),
      email: 'not-an-email',
      password: 'plaintext',
    });
    expect(response.status).toBe(400);
    expect(response.body.errorCode).toBe('004');
    expect(response.body.errors.email).toBe(messages.emailInvalid);
    expect(response.body.errors.password).toBe(messages.invalidInput);
  });

  it('refuses the hash of a common password', async () => {
    const response = await post(t.app, '/auth/signup', {
      cnic: uniqueCnic(),
      email: uniqueEmail(),
      password: sha256('password123'),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      success: false,
      errorCode: '004',
      message: messages.commonPassword,
    });
  });

  it('answers 001 for a registered CNIC, 002 for an unverified e-mail, 003 for a verified one', async () => {
    const first = await signUp(t.app);
    const sameCnic = await signUp(t.app, { cnic: first.cnic });
    expect(sameCnic.response.status).toBe(409);
    expect(sameCnic.response.body).toMatchObject({
      success: false,
      errorCode: '001',
      message: messages.cnicTaken,
    });

    const unverified = await signUp(t.app, { email: first.email });
    expect(unverified.response.body).toMatchObject({
      success: false,
      errorCode: '002',
      message: messages.emailUnverified,
    });

    await post(t.app, '/auth/verifyemail', {
      emailVerificationToken: await mailedToken(t.app, first.email, 'emailverification'),
    });
    const verified = await signUp(t.app, { email: first.email.toUpperCase() });
    expect(verified.response.body).toMatchObject({
      success: false,
      errorCode: '003',
      message: messages.emailTaken,
    });
  });

  it('creates one account when the same sign-up arrives twice at once', async () => {
    const body = { cnic: uniqueCnic(), email: uniqueEmail(), password: sha256('Karachi#Portal-2026') };
    const before = await studentCount();
    const answers = await Promise.all([post(t.app, '/auth/signup', body), post(t.app, '/auth/signup', body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await studentCount()).toBe(before + 1);
    // The refused one wrote nothing: one verification link, in one e-mail.
    const [written] = await queryRows<{ tokens: number; mails: number }>(
      t.app.services.database.db,
      sql`select (select count(*)::int from email_tokens k join students s on s.id = k.student_id where s.email = ${body.email}) as tokens,
                 (select count(*)::int from mail_outbox where recipient = ${body.email}) as mails`,
    );
    expect(written).toEqual({ tokens: 1, mails: 1 });
  });

  it('counts registrations in /metrics', async () => {
    await signUp(t.app);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: metricsHeaders });
    expect(metrics.body).toMatch(/portal_registrations_total [1-9]/);
  });
});

describe('POST /auth/verifyemail', () => {
  it('verifies once; the same link then fails', async () => {
    const account = await signUp(t.app);
    const token = await mailedToken(t.app, account.email, 'emailverification');
    const first = await post(t.app, '/auth/verifyemail', { emailVerificationToken: token });
    expect(first).toMatchObject({ status: 200, body: { success: true, message: messages.verifySuccess } });
    const again = await post(t.app, '/auth/verifyemail', { emailVerificationToken: token });
    expect(again).toMatchObject({ status: 400, body: { success: false, message: messages.verifyFailure } });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: metricsHeaders });
    expect(metrics.body).toMatch(/portal_email_verifications_total [1-9]/);
  });

  it('refuses an expired link', async () => {
    const account = await signUp(t.app);
    const token = await mailedToken(t.app, account.email, 'emailverification');
    await t.app.services.database.db
      .execute(sql`update email_tokens set expires_at = now() - interval '1 second'
      where student_id = (select id from students where email = ${account.email})`);
    const response = await post(t.app, '/auth/verifyemail', { emailVerificationToken: token });
    expect(response).toMatchObject({ status: 400, body: { message: messages.verifyFailure } });
  });

  it.each([
    [{}],
    [{ emailVerificationToken: 'short' }],
    [{ emailVerificationToken: 'x'.repeat(43) }],
    [{ emailVerificationToken: 42 }],
  ])('refuses %j with the failure sentence', async (body) => {
    const response = await post(t.app, '/auth/verifyemail', body);
    expect(response).toMatchObject({
      status: 400,
      body: { success: false, message: messages.verifyFailure },
    });
  });

  it('stores tokens hashed: the mailed token is nowhere in the database', async () => {
    const account = await signUp(t.app);
    const token = await mailedToken(t.app, account.email, 'emailverification');
    const found = {
      rows: await queryRows<{ n: number }>(
        t.app.services.database.db,
        sql`select count(*)::int as n from email_tokens where token_hash = ${token}`,
      ),
    };
    expect(found.rows[0]!.n).toBe(0);
  });
});

describe('POST /public/resendVerificationEmail', () => {
  it('sends a new link to an unverified account and gives the same answer for an unknown one', async () => {
    const account = await signUp(t.app);
    const known = await post(t.app, '/public/resendVerificationEmail', { email: account.email });
    const unknown = await post(t.app, '/public/resendVerificationEmail', { email: uniqueEmail() });
    expect(known).toMatchObject({ status: 200, body: { success: true, message: messages.resendSuccess } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const token = await mailedToken(t.app, account.email, 'emailverification');
    expect((await post(t.app, '/auth/verifyemail', { emailVerificationToken: token })).status).toBe(200);
  });
});
