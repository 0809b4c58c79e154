import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpsRequest, Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sha256, testSettings } from './helpers';
import { templatedDatabase } from './fresh-database';
import { startDeployedNginx } from './deployed-nginx';
import { freePort } from './free-port';

/*
 * Issue 28: two instances of the production command behind deploy/nginx/portal.conf (only the site's
 * values replaced: ports, certificate, paths), under steady load; each instance in turn is sent SIGTERM,
 * waited for, started again and waited for until ready. Not one request may fail. nginx is Debian's,
 * unpacked by .ci/run (NGINX_BIN); PostgreSQL is the shared database two instances need.
 */

const server = fileURLToPath(new URL('../dist/server.js', import.meta.url));

async function until(what: string, check: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** One instance of the production command on its own port, as systemd's portal@<port> runs it. */
function startInstance(
  port: number,
  env: Record<string, string>,
): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [server], {
    env: { PATH: process.env.PATH, ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  return { child, exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))) };
}

describe.runIf(process.env.TEST_DATABASE_URL && process.env.NGINX_BIN)(
  'a rolling restart behind nginx',
  () => {
    it(
      'of both instances, one after the other, under steady load, loses 0 requests',
      { timeout: 240_000 },
      async () => {
        const database = await templatedDatabase('demo');
        const work = mkdtempSync(join(tmpdir(), 'portal-nginx-'));
        const [portA, portB] = [await freePort(), await freePort()];
        const env = {
          ...testSettings,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          DATABASE_URL: database.url!,
          DATA_DIR: join(work, 'data'),
          SEED: 'none',
          TRUST_PROXY: '127.0.0.1',
          LOG_LEVEL: 'warn',
        };
        const instances = new Map([
          [portA, startInstance(portA, env)],
          [portB, startInstance(portB, env)],
        ]);
        const ready = (port: number) =>
          until(
            `127.0.0.1:${port}/readyz`,
            async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200,
          );

        // The documented configuration, with this machine's values in place of the site's.
        const nginx = await startDeployedNginx(process.env.NGINX_BIN!, work, [portA, portB]);
        const httpsPort = Number(new URL(nginx.url).port);

        const agent = new Agent({ keepAlive: true, maxSockets: 8, rejectUnauthorized: false });
        const call = (method: 'GET' | 'POST', path: string, body?: unknown) =>
          new Promise<number>((resolve) => {
            const payload = body === undefined ? undefined : JSON.stringify(body);
            const request = httpsRequest(
              {
                agent,
                host: '127.0.0.1',
                port: httpsPort,
                method,
                path,
                headers: payload
                  ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
                  : {},
              },
              (response) => {
                response.resume();
                response.on('end', () => resolve(response.statusCode ?? 0));
              },
            );
            request.on('error', () => resolve(-1));
            request.end(payload);
          });

        try {
          await Promise.all([ready(portA), ready(portB)]);
          await nginx.ready();

          // Steady load: eight clients, each a student's calls: the public settings and a sign-in (a POST,
          // which nginx retries only because a draining instance answers 503 before any work).
          const statuses = new Map<number, number>();
          let running = true;
          const client = async (i: number) => {
            while (running) {
              const status =
                i % 2 === 0
                  ? await call('GET', '/public/settings')
                  : await call('POST', '/auth/login', {
                      email: 'demo.student@example.pk',
                      password: sha256('Demo#Student-2026'),
                    });
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
            }
          };
          const clients = Array.from({ length: 8 }, (_, i) => client(i));
          await new Promise((resolve) => setTimeout(resolve, 1_000));

          for (const port of [portA, portB]) {
            const instance = instances.get(port)!;
            instance.child.kill('SIGTERM');
            expect(await instance.exited).toBe(0);
            instances.set(port, startInstance(port, env));
            await ready(port);
            await new Promise((resolve) => setTimeout(resolve, 1_000));
          }
          running = false;
          await Promise.all(clients);

          const answered = [...statuses.values()].reduce((sum, n) => sum + n, 0);
          expect(answered).toBeGreaterThan(200);
          expect(Object.fromEntries(statuses)).toEqual({ 200: answered });
        } finally {
          agent.destroy();
          nginx.stop();
          for (const { child } of instances.values()) child.kill('SIGKILL');
          await database.drop();
          if (nginx.errors()) console.log(nginx.errors());
          rmSync(work, { recursive: true, force: true });
        }
      },
    );
  },
);
