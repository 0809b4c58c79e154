import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';

/** What a database starts with: the demo catalogue (and, embedded, the demo admin), or the bare schema. */
export type Seed = 'demo' | 'none';

/**
 * The run's template databases, migrated and seeded once by the global setup (templates.ts) and handed to
 * every test file through vitest's `provide`/`inject`.
 */
export interface DatabaseTemplates {
  /** PGlite data directories by seed: `dir` on disk (a server copies it), `archive` its dumpDataDir file. */
  pglite: Record<Seed, { dir: string; archive: string }>;
  /** Template databases on TEST_DATABASE_URL's server by seed; null without TEST_DATABASE_URL. */
  postgres: Record<Seed, string> | null;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export interface FreshDatabase {
  /** The new PostgreSQL database; undefined without TEST_DATABASE_URL (PGlite). */
  url: string | undefined;
  drop: () => Promise<void>;
}

/** Runs `work` on a connection to TEST_DATABASE_URL's server (to create and drop databases). */
export async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A database of its own for one test file or server: a new PostgreSQL database on the server of
 * TEST_DATABASE_URL, empty or a copy of `template` (dropped again by `drop`). Without TEST_DATABASE_URL,
 * none: the caller runs PGlite.
 */
export async function freshDatabase(prefix = 'portal_test', template?: string): Promise<FreshDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer((client) =>
    client.query(`create database ${name}${template ? ` template ${template}` : ''}`),
  );
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await onServer((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** The run's templates (only inside a test file of a project whose global setup built them). */
export function databaseTemplates(): DatabaseTemplates {
  return inject('databaseTemplates');
}

/** A PostgreSQL database copied from the run's template for `seed` (TEST_DATABASE_URL only). */
export function templatedDatabase(seed: Seed, prefix = 'portal_test'): Promise<FreshDatabase> {
  const templates = databaseTemplates().postgres;
  if (!templates) throw new Error('no PostgreSQL templates: TEST_DATABASE_URL is not set');
  return freshDatabase(prefix, templates[seed]);
}

const archives = new Map<Seed, Blob>();

/** The PGlite template for `seed`, to load into an in-memory database (read once per test worker). */
export function pgliteTemplate(seed: Seed): Blob {
  let archive = archives.get(seed);
  if (!archive) {
    archive = new Blob([readFileSync(databaseTemplates().pglite[seed].archive)]);
    archives.set(seed, archive);
  }
  return archive;
}
