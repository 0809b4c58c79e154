import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A fresh database for one test file: an in-memory PGlite, or a new PostgreSQL database on the server of
 * TEST_DATABASE_URL (dropped again by `drop`).
 */
export async function freshDatabase(
  prefix = 'portal_test',
): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
