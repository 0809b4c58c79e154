import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { freshDatabase, type FreshDatabase } from './fresh-database';

/** The pool under the app's Drizzle database (node-postgres keeps it as `$client`). */
function poolOf(database: Database): pg.Pool {
  return (database.db as unknown as { $client: pg.Pool }).$client;
}

const row = {
  name: 'described_once_row',
  text: `select $1::int as number, $2::text as text, null::int as missing,
    '2026-11-29T10:00:00Z'::timestamptz as at, '{"a":[1,2]}'::jsonb as document, 5000000000::bigint as big`,
  rowMode: 'array' as const,
};

describe.runIf(process.env.TEST_DATABASE_URL)('named statements on PostgreSQL (db/described-once.ts)', () => {
  let fresh: FreshDatabase;
  let database: Database;

  beforeAll(async () => {
    fresh = await freshDatabase();
    database = await openDatabase({ url: fresh.url, pgliteDir: '', poolSize: 1 });
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  it('are described once per connection, and read the same rows every time', async () => {
    const pool = poolOf(database);
    const describe = vi.spyOn(pg.Connection.prototype, 'describe');
    const unnamed = await pool.query({ text: row.text, values: [7, 'seven'], rowMode: 'array' });
    try {
      // Through the pool (pg's callback) and through a checked-out client (a promise), as Drizzle runs them.
      const first = await pool.query({ ...row, values: [7, 'seven'] });
      const client = await pool.connect();
      let second: pg.QueryResult;
      let third: pg.QueryResult;
      try {
        second = await client.query({ ...row, values: [7, 'seven'] });
        third = await client.query({ ...row, values: [8, null] });
      } finally {
        client.release();
      }
      for (const result of [first, second]) expect(result.rows).toEqual(unnamed.rows);
      expect(third.rows).toEqual([
        [8, null, null, new Date('2026-11-29T10:00:00Z'), { a: [1, 2] }, '5000000000'],
      ]);
      expect(second.fields.map((field) => field.name)).toEqual([
        'number',
        'text',
        'missing',
        'at',
        'document',
        'big',
      ]);
      // The unnamed query and the named statement's first run each asked; its next two runs did not.
      expect(describe).toHaveBeenCalledTimes(2);
    } finally {
      describe.mockRestore();
    }
  });

  it('are described again on another connection', async () => {
    const other = await openDatabase({ url: fresh.url, pgliteDir: '', poolSize: 1 });
    const describe = vi.spyOn(pg.Connection.prototype, 'describe');
    try {
      await poolOf(other).query({ ...row, values: [1, 'one'] });
      await poolOf(other).query({ ...row, values: [2, 'two'] });
      expect(describe).toHaveBeenCalledTimes(1);
    } finally {
      describe.mockRestore();
      await other.close();
    }
  });

  it('fail as before when PostgreSQL refuses an execution, and the connection answers the next one', async () => {
    const pool = poolOf(database);
    const divide = {
      name: 'described_once_divide',
      text: 'select 10 / $1::int as quotient',
      rowMode: 'array' as const,
    };
    await expect(pool.query({ ...divide, values: [2] })).resolves.toMatchObject({ rows: [[5]] });
    await expect(pool.query({ ...divide, values: [0] })).rejects.toMatchObject({ code: '22012' });
    await expect(pool.query({ ...divide, values: [5] })).resolves.toMatchObject({ rows: [[2]] });
  });

  it('never read rows with a description that no longer holds: a changed result type is refused', async () => {
    const pool = poolOf(database);
    await pool.query('create table described_once (value int)');
    await pool.query('insert into described_once values (42)');
    const read = {
      name: 'described_once_table',
      text: 'select * from described_once',
      rowMode: 'array' as const,
    };
    await expect(pool.query(read)).resolves.toMatchObject({ rows: [[42]] });
    await expect(pool.query(read)).resolves.toMatchObject({ rows: [[42]] });
    await pool.query('alter table described_once alter column value type text');
    // PostgreSQL refuses to run the statement with another result type ("cached plan must not change result
    // type"): the rows are never read with the parsers of the int column.
    await expect(pool.query(read)).rejects.toMatchObject({ code: '0A000' });
  });
});
