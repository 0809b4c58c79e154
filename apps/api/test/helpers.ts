import { createHash, randomBytes, randomInt } from 'node:crypto';
import { freshDatabase } from './fresh-database';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';

export const testSecrets = {
  PASSWORD_PEPPER: 'test-pepper-0123456789abcdefghijklmnop',
  SESSION_SECRET: 'test-session-0123456789abcdefghijklmnop',
  CAPTCHA_HMAC_KEY: 'test-captcha-0123456789abcdefghijklmnop',
};

export interface TestApp {
  app: App;
  config: Config;
  close: () => Promise<void>;
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: { webRoot?: string; logger?: Parameters<typeof buildApp>[0]['logger'] } = {},
): Promise<TestApp> {
  const database = await freshDatabase();
  const config = loadConfig({
    ...testSecrets,
    SEED: 'demo',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://portal.test',
    DEV_MAILBOX: 'true',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  if (!database.url) config.dataDir = 'memory://';
  const app = await buildApp({
    config,
    webRoot: options.webRoot ?? '/nonexistent',
    logger: options.logger ?? false,
  });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A valid CNIC nobody else in the run has (13 digits, no digit five times in a row). */
export function uniqueCnic(): string {
  let cnic = '';
  while (cnic.length < 13) {
    const digit = String(randomInt(10));
    if (cnic.endsWith(digit.repeat(4))) continue;
    cnic += digit;
  }
  return cnic;
}

export function uniqueEmail(): string {
  return `student.${randomBytes(5).toString('hex')}@example.pk`;
}

export const goodPassword = 'Karachi#Portal-2026';

export async function post(
  app: App,
  url: string,
  body: unknown,
  token?: string,
  remoteAddress = '127.0.0.1',
) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body as Record<string, unknown>,
    remoteAddress,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return {
    status: response.statusCode,
    body: response.json<Record<string, any>>(),
    headers: response.headers,
  };
}

/** The last link of the given kind mailed to an address, read from the outbox. */
export async function mailedToken(app: App, email: string, kind: 'emailverification' | 'resetpassword') {
  const response = await app.inject({ method: 'GET', url: '/dev/mailbox?format=json' });
  const mails = response.json<{ data: { recipient: string; textBody: string }[] }>().data;
  for (const mail of mails) {
    if (mail.recipient !== email) continue;
    const match = new RegExp(`/${kind}/([A-Za-z0-9_-]+)`).exec(mail.textBody);
    if (match) return match[1]!;
  }
  throw new Error(`no ${kind} mail to ${email}`);
}

export async function signUp(
  app: App,
  overrides: Partial<{ cnic: string; email: string; password: string }> = {},
) {
  const account = { cnic: uniqueCnic(), email: uniqueEmail(), password: goodPassword, ...overrides };
  const response = await post(app, '/auth/signup', { ...account, password: sha256(account.password) });
  return { ...account, response };
}

/** A verified account, signed in: its token and session id. */
export async function signedInStudent(app: App) {
  const account = await signUp(app);
  const token = await mailedToken(app, account.email, 'emailverification');
  await post(app, '/auth/verifyemail', { emailVerificationToken: token });
  const login = await post(app, '/auth/login', { email: account.email, password: sha256(account.password) });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return {
    ...account,
    token: login.body.studentData.databaseToken as string,
    tokenId: login.body.studentData.tokenId as string,
    studentId: login.body.studentData._id as string,
  };
}
