import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testSettings } from './helpers';
import { freshDatabase } from './fresh-database';

// What `npm run build` compiles and docs/deployment.md runs in production: plain Node.js, no tsx, no npm.
const server = fileURLToPath(new URL('../dist/server.js', import.meta.url));

describe('the production command (node apps/api/dist/server.js)', () => {
  it('answers, then on SIGTERM drains and exits within 10 s, having written only JSON lines to stdout', async () => {
    const database = await freshDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-prod-'));
    const child = spawn(process.execPath, [server], {
      env: {
        PATH: process.env.PATH,
        ...testSettings,
        LOG_LEVEL: 'info',
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'none',
        ...(database.url ? { DATABASE_URL: database.url } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const address = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no address in: ${stdout}`)), 60_000);
        child.stdout.on('data', () => {
          const found = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(stdout);
          if (found) {
            clearTimeout(timer);
            resolve(found[1]!);
          }
        });
      });
      expect((await fetch(`${address}/healthz`)).status).toBe(200);
      const ready = await fetch(`${address}/readyz`);
      expect(ready.status).toBe(200);
      // The compiled server names its build: the commit (or unknown, outside git) and the build time.
      expect(await ready.json()).toMatchObject({
        build: expect.stringMatching(/^\S+ \d{4}-\d\d-\d\dT/),
      });
      expect(stdout).toContain('"msg":"database migrated"');

      const stopped = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - stopped).toBeLessThan(10_000);
      const lines = stdout.trim().split('\n');
      expect(lines.length).toBeGreaterThanOrEqual(2);
      for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
      expect(stdout).toContain('SIGTERM: finishing requests in flight, then stopping');
    } finally {
      child.kill('SIGKILL');
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    // The child's start (a new PGlite database migrated from nothing) may take up to the 60 s allowed above on
    // a busy 2-core machine, then the 10 s drain: the suite's 30 s default would cut it short first.
  }, 90_000);
});
