import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  databaseTemplates,
  templatedDatabase,
  type FreshDatabase,
  type Seed,
} from '../../apps/api/test/fresh-database';
import { freePort } from '../../apps/api/test/free-port';
import { testSettings } from '../../apps/api/test/settings';

const root = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningPortal {
  url: string;
  /** The settings the server runs with, for the staff command line. */
  env: Record<string, string>;
  log: () => string;
  stop: () => Promise<void>;
}

/**
 * The real server as production runs it, the built one (`npm run test:e2e` builds the SPA and the server
 * first: `node apps/api/dist/server.js`), on a free port, in a fresh data folder, on a copy of the run's
 * template database: PGlite, or PostgreSQL when TEST_DATABASE_URL is set. It starts from the tests' settings
 * (apps/api/test/settings.ts: fixed secrets, light password hashing and captcha); `env` adds to them.
 */
export async function startPortal(env: Record<string, string> = {}): Promise<RunningPortal> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const seed: Seed = env.SEED === 'none' ? 'none' : 'demo';
  let database: FreshDatabase = { url: undefined, drop: async () => {} };
  if (process.env.TEST_DATABASE_URL) database = await templatedDatabase(seed, 'portal_e2e');
  else cpSync(databaseTemplates().pglite[seed].dir, join(dataDir, 'pg'), { recursive: true });

  const serverEnv: Record<string, string> = {
    ...testSettings,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    ...(database.url ? { DATABASE_URL: database.url, SEED: 'demo' } : {}),
    ...env,
  };
  const child: ChildProcess = spawn(process.execPath, ['apps/api/dist/server.js'], {
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

/**
 * The staff command line with the running portal's settings: the built one (`apps/api/dist/admin.js`, what
 * `npm run admin` runs from the sources), as the server is the built one. Through npm and tsx each call cost
 * about 6 s of CPU; built, about 1.
 */
export async function runAdmin(portal: RunningPortal, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['apps/api/dist/admin.js', ...args], {
    cwd: root,
    env: { ...process.env, ...portal.env },
  });
  return stdout;
}

/**
 * The settings of the journeys that pay through the biller: the aggregator's credentials, which
 * e2e/support/accounts.ts uses for BillPayment.
 */
export const billerJourneyEnv = {
  KUICKPAY_USERNAME: 'e2e-aggregator',
  KUICKPAY_PASSWORD: 'e2e-biller-secret',
};
