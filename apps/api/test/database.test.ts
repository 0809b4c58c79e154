import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/client';
import { freshDatabase } from './fresh-database';

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL connection lost while idle', () => {
  it('is reported and replaced, instead of ending the process with an uncaught error', async () => {
    const fresh = await freshDatabase();
    const lost: Error[] = [];
    const database = await openDatabase({
      url: fresh.url,
      pgliteDir: '',
      poolSize: 2,
      onIdleError: (error) => lost.push(error),
    });
    try {
      await database.ping();
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(fresh.url!).pathname.slice(1)],
      );
      await admin.end();
      await vi.waitFor(() => expect(lost.length).toBeGreaterThan(0));
      await database.ping();
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});
