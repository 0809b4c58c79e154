import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import {
  createTestApp,
  mailedToken,
  post,
  sha256,
  signedInStudent,
  signUp,
  uniqueCnic,
  uniqueEmail,
  type TestApp,
} from './helpers';
import english from '@portal/shared/locales/en.json' with { type: 'json' };
import urdu from '@portal/shared/locales/ur.json' with { type: 'json' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Mail {
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
}

async function mailsTo(email: string): Promise<Mail[]> {
  const mailbox = await t.app.inject({ method: 'GET', url: '/dev/mailbox?format=json' });
  return mailbox.json<{ data: Mail[] }>().data.filter((mail) => mail.recipient === email);
}

async function putLanguage(body: unknown, token?: string) {
  const response = await t.app.inject({
    method: 'PUT',
    url: '/studentapi/language',
    payload: body as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.statusCode, body: response.json<Record<string, any>>() };
}

async function studentInfo(token: string) {
  return (await post(t.app, '/studentapi/getinfo', {}, token)).body.studentData as Record<string, unknown>;
}

describe('code and params beside every message (decision 0029)', () => {
  it('names a success answer', async () => {
    const account = await signUp(t.app);
    expect(account.response.body).toEqual({
      success: true,
      message: messages.signupSuccess,
      code: 'signupSuccess',
    });
  });

  it('names a refusal (a wrong password)', async () => {
    const account = await signedInStudent(t.app);
    const refused = await post(t.app, '/auth/login', {
      email: account.email,
      password: sha256('Not-the-password-2026'),
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body).toMatchObject({
      success: false,
      message: messages.loginWrongCredentials,
      code: 'loginWrongCredentials',
    });
    expect(refused.body.params).toBeUndefined();
  });

  it('names a validation failure, whose field messages stay as they were', async () => {
    const refused = await post(t.app, '/auth/signup', {
      cnic: '123',
      email: uniqueEmail(),
      password: sha256('Karachi#Portal-2026'),
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      success: false,
      message: messages.cnicLength,
      errors: { cnic: messages.cnicLength },
      errorCode: '004',
      code: 'cnicLength',
    });
  });

  it('gives a templated message its values (a rate limit)', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) await post(t.app, '/forgetpassword', { email }, undefined, `10.71.0.${i}`);
    const limited = await post(t.app, '/forgetpassword', { email }, undefined, '10.71.0.9');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('tooManyRequests');
    expect(limited.body.params).toEqual({ minutes: expect.stringMatching(/^\d+$/) });
    expect(limited.body.message).toBe(
      messages.tooManyRequests.replace('{minutes}', limited.body.params.minutes),
    );
  });

  it('names the 404 of an unknown call', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/studentapi/no-such-call', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: messages.unknownCall, code: 'unknownCall' });
  });

  it('has English and Urdu for every message the server can send', () => {
    for (const code of Object.keys(messages)) {
      expect((english.messages as Record<string, string>)[code], code).toBe(
        messages[code as keyof typeof messages],
      );
      expect((urdu.messages as Record<string, string>)[code]?.trim(), code).toBeTruthy();
    }
  });
});

describe("the student's language", () => {
  it('is English unless sign-up says otherwise, and the student info carries it', async () => {
    const account = await signedInStudent(t.app);
    expect((await studentInfo(account.token)).language).toBe('en');
  });

  it('is kept from sign-up', async () => {
    const email = uniqueEmail();
    const password = 'Karachi#Portal-2026';
    const signup = await post(t.app, '/auth/signup', {
      cnic: uniqueCnic(),
      email,
      password: sha256(password),
      language: 'ur',
    });
    expect(signup.status).toBe(200);
    const token = await mailedToken(t.app, email, 'emailverification');
    await post(t.app, '/auth/verifyemail', { emailVerificationToken: token });
    const login = await post(t.app, '/auth/login', { email, password: sha256(password) });
    expect(login.body.studentData.language).toBe('ur');
    expect((await studentInfo(login.body.studentData.databaseToken)).language).toBe('ur');
  });

  it('refuses a sign-up in a language the portal does not have', async () => {
    const refused = await post(t.app, '/auth/signup', {
      cnic: uniqueCnic(),
      email: uniqueEmail(),
      password: sha256('Karachi#Portal-2026'),
      language: 'fr',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: messages.invalidInput, errorCode: '004' });
  });

  it('is saved by PUT /studentapi/language', async () => {
    const account = await signedInStudent(t.app);
    const saved = await putLanguage({ language: 'ur' }, account.token);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ success: true, message: messages.languageSaved, code: 'languageSaved' });
    expect((await studentInfo(account.token)).language).toBe('ur');
    expect((await putLanguage({ language: 'en' }, account.token)).status).toBe(200);
    expect((await studentInfo(account.token)).language).toBe('en');
  });

  it.each([
    [{ language: 'fr' }],
    [{ language: 'UR' }],
    [{}],
    [{ language: 'ur', extra: 1 }],
    [{ language: 1 }],
  ])('refuses %j with the invalid-input message', async (body) => {
    const account = await signedInStudent(t.app);
    const refused = await putLanguage(body, account.token);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      success: false,
      message: messages.invalidInput,
      code: 'invalidInput',
    });
    expect((await studentInfo(account.token)).language).toBe('en');
  });

  it('needs a session', async () => {
    const refused = await putLanguage({ language: 'ur' });
    expect(refused.status).toBe(401);
  });
});

describe("e-mails in the student's language", () => {
  it('writes the verification e-mail of an Urdu sign-up in Urdu, with the link intact', async () => {
    const email = uniqueEmail();
    await post(t.app, '/auth/signup', {
      cnic: uniqueCnic(),
      email,
      password: sha256('Karachi#Portal-2026'),
      language: 'ur',
    });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe(urdu.email.verification.subject);
    expect(mail!.textBody).toContain(urdu.email.verification.intro);
    expect(mail!.textBody).toContain('24 گھنٹے');
    expect(mail!.textBody).not.toContain(english.email.verification.intro);
    const link = /http:\/\/portal\.test\/emailverification\/[A-Za-z0-9_-]{43}/.exec(mail!.textBody)?.[0];
    expect(link).toBeDefined();
    expect(mail!.htmlBody).toContain(`<a href="${link}">${urdu.email.verification.action}</a>`);
    expect(mail!.htmlBody).toMatch(/^<div lang="ur" dir="rtl">/);
    // The link works.
    const token = link!.split('/').pop()!;
    expect((await post(t.app, '/auth/verifyemail', { emailVerificationToken: token })).status).toBe(200);
  });

  it('keeps the English e-mails as they were', async () => {
    const account = await signUp(t.app);
    const [mail] = await mailsTo(account.email);
    expect(mail!.subject).toBe('Verify your email for the Student Portal');
    expect(mail!.htmlBody.startsWith('<p>Thank you for signing up.')).toBe(true);
    expect(mail!.htmlBody).not.toContain('dir=');
  });

  it('writes the forgot-password e-mail of an Urdu account in Urdu', async () => {
    const account = await signedInStudent(t.app);
    await putLanguage({ language: 'ur' }, account.token);
    expect((await post(t.app, '/forgetpassword', { email: account.email })).status).toBe(200);
    const mail = (await mailsTo(account.email)).find((m) => m.textBody.includes('/resetpassword/'))!;
    expect(mail.subject).toBe(urdu.email.passwordReset.subject);
    expect(mail.textBody).toContain(urdu.email.passwordReset.intro);
    expect(mail.textBody).toMatch(/http:\/\/portal\.test\/resetpassword\/[A-Za-z0-9_-]{43}/);
    expect(mail.htmlBody).toMatch(/^<div lang="ur" dir="rtl">/);
  });

  it('resends the verification e-mail in the language kept at sign-up', async () => {
    const email = uniqueEmail();
    await post(t.app, '/auth/signup', {
      cnic: uniqueCnic(),
      email,
      password: sha256('Karachi#Portal-2026'),
      language: 'ur',
    });
    expect((await post(t.app, '/public/resendVerificationEmail', { email })).status).toBe(200);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.subject).toBe(urdu.email.verification.subject);
  });
});
