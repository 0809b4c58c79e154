import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { benchDir } from './common';
import type { ChildMessage, ServerKind } from './serve';

export interface RunningServer {
  kind: ServerKind;
  url: string;
  pid: number;
  stop(): Promise<void>;
  /** Ends the server at once with SIGKILL, as a crash or the OOM killer would: no drain, no clean-up. */
  kill(): void;
}

export const profileDir = `${benchDir}.data/profiles`;

/**
 * The settings the app runs with in a benchmark: PostgreSQL, log level warn (no line per request, as in a
 * production deployment that keeps request logs off), production mode, fresh secrets. The child gets only
 * these (plus PATH, HOME, UV_THREADPOOL_SIZE and NODE_OPTIONS), so stray settings of the shell (SMTP_URL, REDIS_URL…) do
 * not change what is measured.
 */
export function appEnvironment(
  databaseUrl: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  const secret = () => randomBytes(32).toString('base64url');
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: `${benchDir}.data`,
    DATABASE_URL: databaseUrl,
    PASSWORD_PEPPER: secret(),
    SESSION_SECRET: secret(),
    CAPTCHA_HMAC_KEY: secret(),
    DEV_MAILBOX: 'true',
    ...extra,
  };
}

/**
 * Starts a server under test in a child process and resolves once it listens. With `profile`, the child
 * writes a V8 CPU profile (.cpuprofile, open it in Chrome DevTools) into bench/.data/profiles when it stops.
 */
export async function startServer(
  kind: ServerKind,
  env: Record<string, string>,
  options: { profile?: boolean } = {},
): Promise<RunningServer> {
  const passThrough = Object.fromEntries(
    ['PATH', 'HOME', 'TMPDIR', 'UV_THREADPOOL_SIZE', 'NODE_OPTIONS']
      .map((key) => [key, process.env[key]])
      .filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  // BENCH_NODE_FLAGS: node or V8 flags for the servers under test alone (e.g. --trace-gc), which NODE_OPTIONS
  // cannot carry.
  const extraFlags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const execArgv = ['--import', import.meta.resolve('tsx'), ...extraFlags];
  if (options.profile) {
    mkdirSync(profileDir, { recursive: true });
    execArgv.push('--cpu-prof', '--cpu-prof-dir', profileDir);
  }
  const child: ChildProcess = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), [kind], {
    execArgv,
    env: { ...passThrough, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${kind} server did not start within 60 s`)), 60_000);
    child.on('message', (message: ChildMessage) => {
      clearTimeout(timer);
      if (message.type === 'listening') resolve(message.port);
      else reject(new Error(`${kind} server failed to start:\n${message.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${kind} server exited before listening (code ${code}, signal ${signal})`));
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw error;
  });

  let stopped: Promise<void> | undefined;
  return {
    kind,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    kill() {
      child.kill('SIGKILL');
    },
    stop() {
      stopped ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const forced = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.kill('SIGTERM');
        await exited;
        clearTimeout(forced);
      })();
      return stopped;
    },
  };
}
