import { migrationsFolder } from '../paths';
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createTableRelationsHelpers, extractTablesRelationalConfig, sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, NodePgSession } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect, type PgDatabase, type PgQueryResultHKT, type PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import { DescribedOnceQuery } from './described-once';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run a query on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Pool counters for /metrics (PostgreSQL only). */
  poolStats(): { total: number; idle: number; waiting: number } | undefined;
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; without it PGlite runs in `pgliteDir` (in memory when it is 'memory://'). */
  url: string | undefined;
  /**
   * The schema owner's postgres:// URL (decision 0034): migrations run through it, and it grants the app's
   * role (`url`'s user) what the app needs and no more. Without it, the app's role migrates and owns.
   */
  migrationUrl?: string;
  pgliteDir: string;
  /**
   * An archive of a PGlite data directory (PGlite's `dumpDataDir`) to start from instead of an empty one,
   * for an in-memory database: the tests' migrated and seeded template (apps/api/test/templates.ts).
   */
  pgliteDataDir?: Blob;
  poolSize: number;
  /**
   * How long a query waits for a connection (a free one of the pool, or a new one) before failing with a
   * transient error; without it, as long as it takes.
   */
  connectTimeoutMs?: number;
  /** Told when PostgreSQL drops an idle connection (restart, failover, an administrator); the pool replaces it. */
  onIdleError?: (error: Error) => void;
}

/** Any constant both instances agree on: the key of the advisory lock that serialises migrations. */
const migrationLock = 7_315_001;

/**
 * Applies the migrations on one connection that holds a session advisory lock: instances starting together
 * take turns, and the second finds nothing left to do instead of racing the first's CREATE TABLE. With an
 * app role to grant (`appUrl`), the owner then grants it; the lock ends with the connection.
 */
async function migrateSerialised(ownerUrl: string, appUrl?: string): Promise<void> {
  const client = new pg.Client({ connectionString: ownerUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLock]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    if (appUrl) await grantAppRole(client, appUrl);
  } finally {
    await client.end();
  }
}

/**
 * Least privilege for the app's role (issue 26): it reads and writes rows, only appends to the audit log,
 * and reads which migrations are applied (for /readyz). It owns nothing, so it cannot alter a table or switch off the audit log's triggers, and, not being a
 * superuser, cannot set `session_replication_role`.
 */
async function grantAppRole(owner: pg.Client, appUrl: string): Promise<void> {
  const role = decodeURIComponent(new URL(appUrl).username);
  const ownerRole = (await owner.query<{ user: string }>('select current_user as user')).rows[0]!.user;
  if (!role || role === ownerRole) return;
  const quoted = owner.escapeIdentifier(role);
  await owner.query(`
    grant usage on schema public to ${quoted};
    grant select, insert, update, delete on all tables in schema public to ${quoted};
    revoke update, delete, truncate, references, trigger on audit_log from ${quoted};
    grant usage, select on all sequences in schema public to ${quoted};
    grant execute on all functions in schema public to ${quoted};
    grant usage on schema drizzle to ${quoted};
    grant select on drizzle.__drizzle_migrations to ${quoted};`);
}

/**
 * pg 8.23 copies each query's config object before it runs it, descriptor by descriptor
 * (`cloneQueryConfig`): 1.8 µs for Drizzle's config of four keys, on every statement of every call, where
 * the bare baseline sends its SQL as a string (bench/getinfo.ts). The copy takes the object's own keys and
 * keeps its prototype, so a config handed over as the prototype of an empty object costs nothing to copy and
 * reads the same. A named statement's config runs as a `DescribedOnceQuery` (db/described-once.ts), which
 * reads the statement's description once per connection instead of on every execution. Anything pg runs by
 * itself (a cursor, a Query) passes as it is. (Not named `…Pool…`: Drizzle takes a client whose class name
 * says Pool for a pool.)
 */
class QueryClient extends pg.Client {
  /** pg's own `query`, with this client. */
  #send(...args: unknown[]): unknown {
    return (super.query as (...a: unknown[]) => unknown)(...args);
  }

  override query = ((config: unknown, ...rest: unknown[]) => {
    if (
      config === null ||
      typeof config !== 'object' ||
      typeof (config as { submit?: unknown }).submit === 'function'
    )
      return this.#send(config, ...rest);
    if (typeof (config as { name?: unknown }).name !== 'string')
      return this.#send(Object.create(config), ...rest);
    // A named statement: described once per connection (db/described-once.ts). pg hands a query object of
    // its own back as it is, so the promise pg makes for a config is made here. pg reads a function in the
    // values' place as the callback, as Client.query does.
    const [values, callback] = rest as [unknown[] | undefined, undefined];
    const query = new DescribedOnceQuery(
      Object.create(config) as pg.QueryConfig,
      values,
      callback,
    ) as pg.Query & {
      callback?: unknown;
    };
    if (query.callback) return this.#send(query);
    return new Promise((resolve, reject) => {
      query.callback = (error: Error | undefined, result: unknown) =>
        error ? reject(error) : resolve(result);
      this.#send(query);
    });
  }) as pg.Client['query'];
}

/** Opens the database and applies the migrations: one schema, one set of migrations for both drivers. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      Client: QueryClient,
      connectionString: options.url,
      max: options.poolSize,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 0, // 0: pg's default, no bound
    });
    // Without a listener, a connection the server closes while idle is an uncaught error that ends the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    // A connection lost while checked out (inside a transaction, between its queries) emits 'error' on its
    // client, where the pool's listener is not attached: unheard, that ends the process. The caller learns
    // of it from its next query, which fails as transient (503); the pool drops the client on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    releasingTransactions(db, pool);
    try {
      await migrateSerialised(options.migrationUrl ?? options.url, options.migrationUrl && options.url);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }

  if (!options.pgliteDir.startsWith('memory://')) mkdirSync(options.pgliteDir, { recursive: true });
  const client = await PGlite.create(
    options.pgliteDir,
    options.pgliteDataDir ? { loadDataDir: options.pgliteDataDir } : {},
  );
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    poolStats: () => undefined,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}

/**
 * Drizzle 0.45 sends BEGIN before the try/finally that gives a pooled client back: a connection lost at BEGIN
 * is never released, and each such loss shrinks the pool for good until every call waits. Here transactions
 * take their client themselves and give it back whatever happens (the pool drops a broken one).
 */
function releasingTransactions(db: Db, pool: pg.Pool): void {
  const dialect = new PgDialect();
  // What drizzle() derives from the schema, derived once rather than per transaction.
  const tables = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  const relational = { fullSchema: schema, schema: tables.tables, tableNamesMap: tables.tableNamesMap };
  db.transaction = async (work, config) => {
    const client = await pool.connect();
    try {
      const session = new NodePgSession(client, dialect, relational);
      return await session.transaction((tx) => work(tx as unknown as Tx), config);
    } finally {
      client.release();
    }
  };
}

/**
 * Runs raw SQL (for the statements the query builder cannot say) and returns its rows. The query names its
 * columns as the row type does (`s.full_name as "fullName"`), so a row needs no renaming; see `asDate` for
 * its timestamps.
 */
export async function queryRows<T>(ex: Executor, query: SQL): Promise<T[]> {
  // Both drivers answer { rows }; Drizzle's shared type cannot say so for the union of them.
  const result: unknown = await ex.execute(query);
  return (result as { rows: T[] }).rows;
}

/** A timestamp read by `queryRows`: Drizzle's drivers may hand it over as Postgres's text, not a Date. */
export const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));
