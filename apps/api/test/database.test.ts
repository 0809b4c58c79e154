import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../src/db/client';
import { runHousekeeping } from '../src/services/housekeeping';
import { freshDatabase, onServer, templatedDatabase } from './fresh-database';
import { createTestApp, signedInStudent } from './helpers';
import { staffCall, staffCaller } from './staff';

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

describe.runIf(process.env.TEST_DATABASE_URL)("a query's config on PostgreSQL", () => {
  it('reaches pg as the prototype of an empty object, so pg copies nothing, and the answers are the same', async () => {
    const fresh = await freshDatabase();
    const database = await openDatabase({ url: fresh.url, pgliteDir: '', poolSize: 2 });
    const query = vi.spyOn(pg.Client.prototype, 'query');
    let config: unknown;
    try {
      const rows = await database.db.execute(sql`select ${41}::int + 1 as answer`);
      expect((rows as { rows: unknown[] }).rows).toEqual([{ answer: 42 }]);
      config = query.mock.calls.map(([given]) => given).find((given) => typeof given === 'object');
    } finally {
      query.mockRestore();
      await database.close();
      await fresh.drop();
    }
    expect(config).toBeDefined();
    expect(Object.getOwnPropertyNames(config)).toEqual([]);
    expect(Object.getPrototypeOf(config)).toMatchObject({ text: 'select $1::int + 1 as answer' });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('migrations on PostgreSQL', () => {
  it('take turns when two instances start at once on an empty database', async () => {
    const fresh = await freshDatabase();
    const open = () => openDatabase({ url: fresh.url, pgliteDir: '', poolSize: 1 });
    const opened = await Promise.allSettled([open(), open(), open()]);
    try {
      expect(opened.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    } finally {
      for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
      await fresh.drop();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the app's own role (DATABASE_MIGRATION_URL)", () => {
  it('works, and cannot rewrite, empty or unprotect the audit log nor alter a table', async () => {
    const fresh = await templatedDatabase('demo');
    const role = `portal_app_${randomBytes(4).toString('hex')}`;
    await onServer((client) => client.query(`create role ${role} login`));
    const appUrl = new URL(fresh.url!);
    appUrl.username = role;
    const t = await createTestApp({ DATABASE_URL: appUrl.toString(), DATABASE_MIGRATION_URL: fresh.url! });
    const asApp = new pg.Client({ connectionString: appUrl.toString() });
    try {
      // The app signs people up and in, and audits staff work, as its role.
      const student = await signedInStudent(t.app);
      expect(student.token).toBeTruthy();
      const caller = await staffCaller(t.app, 'admin');
      const announced = await staffCall(t.app, caller, 'POST', '/staffapi/content/announcements', {
        title: 'Least privilege',
        description: '<p>Audited as the app role</p>',
      });
      expect(announced.status).toBe(200);

      await asApp.connect();
      const refusal = (statement: string) =>
        asApp.query(statement).then(
          () => 'allowed',
          (error: Error) => error.message,
        );
      expect(await refusal('select count(*) from audit_log')).toBe('allowed');
      for (const statement of [
        "update audit_log set action = 'rewritten'",
        'delete from audit_log',
        'truncate audit_log',
        'alter table audit_log disable trigger audit_log_append_only',
        'alter table audit_log disable trigger all',
        'alter table students add column spare text',
        'drop table audit_log',
      ])
        expect(await refusal(statement), statement).toMatch(/permission denied|must be owner/);
      expect(await refusal('set session_replication_role = replica')).toMatch(/permission denied/);
    } finally {
      await asApp.end().catch(() => {});
      await t.close();
      await fresh.drop();
      await onServer((client) => client.query(`drop role ${role}`));
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('housekeeping on PostgreSQL', () => {
  it('is done by one instance at a time: while another holds its lock, it skips the round', async () => {
    const fresh = await freshDatabase();
    const database = await openDatabase({ url: fresh.url, pgliteDir: '', poolSize: 2 });
    const other = new pg.Client({ connectionString: fresh.url });
    try {
      await other.connect();
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(7315002)');
      expect(await runHousekeeping(database.db, { studentIdleMinutes: 120 })).toBeUndefined();
      await other.query('commit');
      expect(await runHousekeeping(database.db, { studentIdleMinutes: 120 })).toMatchObject({ sessions: 0 });
    } finally {
      await other.end();
      await database.close();
      await fresh.drop();
    }
  });
});
