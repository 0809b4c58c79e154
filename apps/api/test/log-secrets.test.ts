import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog, createTestApp, mailedToken, post, sha256, signUp, type TestApp } from './helpers';

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
