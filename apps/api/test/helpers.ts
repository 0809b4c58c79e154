import { createHash, randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pgliteTemplate, templatedDatabase, type Seed } from './fresh-database';
import { testSettings } from './settings';
import { buildApp, type App } from '../src/app';
import { loadConfig, type Config } from '../src/config';

export { metricsHeaders, productionPasswordCostEnv, testSecrets, testSettings } from './settings';

export interface TestApp {
  app: App;
  config: Config;
  close: () => Promise<void>;
}

/**
 * An app on a database of its own, copied from the run's template for its SEED (demo unless told): an
 * in-memory PGlite, or with TEST_DATABASE_URL a new PostgreSQL database. `embedded` runs PGlite whatever
 * the run's database is.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    webRoot?: string;
    logger?: Parameters<typeof buildApp>[0]['logger'];
    embedded?: boolean;
    /** A second instance on the same PostgreSQL database as this one (as behind a load balancer). */
    shareWith?: TestApp;
  } = {},
): Promise<TestApp> {
  const seed: Seed = env.SEED === 'none' ? 'none' : 'demo';
  const onPostgres = !options.embedded && process.env.TEST_DATABASE_URL !== undefined;
  const database = options.shareWith?.config.databaseUrl
    ? { url: options.shareWith.config.databaseUrl, drop: async () => {} }
    : onPostgres
      ? await templatedDatabase(seed)
      : { url: undefined, drop: async () => {} };
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-test-'));
  const config = loadConfig({
    ...testSettings,
    DATA_DIR: dataDir,
    SEED: 'demo',
    ...(database.url ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  if (!database.url) config.pgliteDir = 'memory://';
  const app = await buildApp({
    config,
    webRoot: options.webRoot ?? '/nonexistent',
    logger: options.logger ?? false,
    ...(database.url ? {} : { pgliteDataDir: pgliteTemplate(seed) }),
  });
  await app.ready();
  return {
    app,
    config,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
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

/** Solves an ALTCHA challenge as the browser's worker does: the n whose SHA-256(salt + n) is the challenge. */
export async function solvedCaptcha(app: App): Promise<string> {
  const challenge = (await app.inject({ method: 'GET', url: '/captcha/challenge' })).json<{
    algorithm: string;
    challenge: string;
    maxnumber: number;
    salt: string;
    signature: string;
  }>();
  for (let number = 0; number <= challenge.maxnumber; number++) {
    if (createHash('sha256').update(`${challenge.salt}${number}`).digest('hex') === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return Buffer.from(
        JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }),
      ).toString('base64');
    }
  }
  throw new Error('captcha not solvable');
}

export async function verifiedCaptcha(app: App): Promise<string> {
  const payload = await solvedCaptcha(app);
  const response = await post(app, '/captcha/verify', { recaptchaToken: payload });
  if (response.status !== 200) throw new Error(`captcha verify failed: ${JSON.stringify(response.body)}`);
  return payload;
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body, built by hand so tests can send exactly the parts they mean to. */
export function multipart(parts: Part[]) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.filename ? `\r\nContent-Type: ${part.contentType ?? 'image/jpeg'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function postMultipart(app: App, url: string, parts: Part[], token?: string) {
  const body = multipart(parts);
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.statusCode, body: response.json<Record<string, any>>() };
}

export const validProfile = {
  fullName: 'Ayesha Khan',
  fatherName: 'Imran Khan',
  homeAddress: 'House #12, Street 4, Gulshan-e-Iqbal, Karachi',
  dob: '2004-05-17',
  gender: 'female',
  lastQualification: 'Intermediate',
  province: 'sindh',
  city: 'Karachi',
  phoneNumber: '03001234567',
  haveLaptop: true,
  isEditing: false,
};

/** A signed-in student with a complete profile and the three documents, through the real calls. */
export async function onboardedStudent(app: App) {
  const { jpeg } = await import('./images');
  const student = await signedInStudent(app);
  const profile = await postMultipart(
    app,
    '/studentapi/updateprofile',
    [
      { name: 'studentId', value: student.studentId },
      { name: 'data', value: JSON.stringify(validProfile) },
      { name: 'captcha', value: await verifiedCaptcha(app) },
      { name: 'image', value: await jpeg(), filename: 'me.jpg' },
    ],
    student.token,
  );
  if (profile.status !== 200) throw new Error(`profile failed: ${JSON.stringify(profile.body)}`);
  const documents = await postMultipart(
    app,
    '/studentapi/uploaddocuments',
    [
      { name: 'studentId', value: student.studentId },
      { name: 'Front CNIC', value: await jpeg(), filename: 'f.jpg' },
      { name: 'Back CNIC', value: await jpeg(), filename: 'b.jpg' },
      { name: 'Education Document', value: await jpeg(), filename: 'e.jpg' },
    ],
    student.token,
  );
  if (documents.status !== 200) throw new Error(`documents failed: ${JSON.stringify(documents.body)}`);
  return student;
}

/** A log stream for `createTestApp(…, { logger: { stream } })` that keeps everything written, to search. */
export function capturedLog(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, text: () => text };
}
