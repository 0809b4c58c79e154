import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** server_version of the PostgreSQL server, e.g. "15.20 (Debian 15.20-0+deb12u1)". */
  serverVersion: string;
  /** Process ids of the PostgreSQL backends connected to this database (for CPU accounting). */
  backendPids(): Promise<number[]>;
  drop(): Promise<void>;
}

/**
 * Creates a database with a random name on the server of BENCH_DATABASE_URL (default
 * postgres://root@127.0.0.1:5432, connecting to its "postgres" database to create and drop).
 */
export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const server = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432');
  const admin = new URL(server);
  if (admin.pathname === '' || admin.pathname === '/') admin.pathname = '/postgres';
  const name = `bench_${randomBytes(6).toString('hex')}`;

  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  let serverVersion: string;
  try {
    serverVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0]!
      .server_version;
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }

  const url = new URL(server);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.href,
    serverVersion,
    async backendPids() {
      const client = new pg.Client({ connectionString: admin.href });
      await client.connect();
      try {
        const { rows } = await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1',
          [name],
        );
        return rows.map((row) => row.pid);
      } finally {
        await client.end();
      }
    },
    async drop() {
      if (dropped) return;
      const dropper = new pg.Client({ connectionString: admin.href });
      await dropper.connect();
      try {
        // FORCE ends connections a crashed server child may have left behind (PostgreSQL 13+).
        await dropper.query(`drop database if exists "${name}" with (force)`);
        dropped = true;
      } finally {
        await dropper.end();
      }
    },
  };
}
