import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshDatabase } from '../../apps/api/test/fresh-database';

const root = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningPortal {
  url: string;
  /** The settings the server runs with, for the staff command line. */
  env: Record<string, string>;
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * The real server, as `npm start` runs it (the built SPA must exist: `npm run test:e2e` builds it first), on a
 * free port, in a fresh data folder, on PostgreSQL when TEST_DATABASE_URL is set.
 */
export async function startPortal(env: Record<string, string> = {}): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const database = await freshDatabase('portal_e2e');
  const databaseEnv: Record<string, string> = database.url
    ? {
        DATABASE_URL: database.url,
        SEED: 'demo',
        PASSWORD_PEPPER: randomBytes(32).toString('base64url'),
        SESSION_SECRET: randomBytes(32).toString('base64url'),
        CAPTCHA_HMAC_KEY: randomBytes(32).toString('base64url'),
      }
    : {};

  const serverEnv: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DEV_MAILBOX: 'true',
    LOG_LEVEL: 'warn',
    ...databaseEnv,
    ...env,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...serverEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    url,
    env: serverEnv,
    log: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest link of a kind mailed to an address, from the dev mailbox. */
export async function mailedLink(
  portal: RunningPortal,
  email: string,
  kind: 'emailverification' | 'resetpassword',
) {
  const response = await fetch(`${portal.url}/dev/mailbox?format=json`);
  const { data } = (await response.json()) as { data: { recipient: string; textBody: string }[] };
  for (const mail of data) {
    const match =
      mail.recipient === email
        ? new RegExp(`https?://\\S+/${kind}/[A-Za-z0-9_-]+`).exec(mail.textBody)
        : null;
    if (match) return match[0];
  }
  throw new Error(`no ${kind} mail to ${email}`);
}

/** The staff command line, run as staff run it (`npm run admin -- …`), with the running portal's settings. */
export async function runAdmin(portal: RunningPortal, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'admin', '--', ...args], {
    cwd: root,
    env: { ...process.env, ...portal.env },
  });
  return stdout;
}

/**
 * The settings of the journeys that pay through the biller: a light captcha and the aggregator's credentials,
 * which e2e/support/accounts.ts uses for BillPayment.
 */
export const billerJourneyEnv = {
  CAPTCHA_MAX_NUMBER: '2000',
  KUICKPAY_USERNAME: 'e2e-aggregator',
  KUICKPAY_PASSWORD: 'e2e-biller-secret',
};
