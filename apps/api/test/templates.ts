import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { onServer, type DatabaseTemplates, type Seed } from './fresh-database';
import { testSettings } from './settings';

const seeds: Seed[] = ['none', 'demo'];

/** Starts the app once on `env`'s database, as a server would (migrations, seed), and stops it. */
async function prepare(env: Record<string, string>): Promise<void> {
  const app = await buildApp({ config: loadConfig({ ...testSettings, ...env }), logger: false });
  await app.ready();
  await app.close();
}

/** A PGlite data directory prepared by the app, and its dumpDataDir archive for in-memory copies. */
async function pgliteTemplate(root: string, seed: Seed) {
  const dataDir = join(root, `pglite-${seed}`);
  await prepare({ DATA_DIR: dataDir, SEED: seed });
  const dir = join(dataDir, 'pg');
  const archive = join(root, `pglite-${seed}.tar`);
  const client = await PGlite.create(dir);
  writeFileSync(archive, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  return { dir, archive };
}

/**
 * A PostgreSQL database prepared by the app, then closed to connections, so that every test file's
 * `CREATE DATABASE … TEMPLATE` can copy it at the same time.
 */
async function postgresTemplate(root: string, name: string, seed: Seed) {
  await onServer((client) => client.query(`create database ${name}`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  // The same data as the PGlite template: with DATABASE_URL the demo students come only when named.
  const named = seed === 'demo' ? 'demo-with-students' : seed;
  await prepare({ DATA_DIR: join(root, name), SEED: named, DATABASE_URL: url.toString() });
  await onServer((client) =>
    client.query(`alter database ${name} with is_template true allow_connections false`),
  );
  return name;
}

/** Builds the run's templates; answers them and how to drop them. */
async function buildTemplates(): Promise<{ templates: DatabaseTemplates; drop: () => Promise<void> }> {
  const root = mkdtempSync(join(tmpdir(), 'portal-templates-'));
  const run = randomBytes(4).toString('hex');
  const postgresNames = process.env.TEST_DATABASE_URL
    ? Object.fromEntries(seeds.map((seed) => [seed, `portal_template_${run}_${seed}`]))
    : undefined;
  // PostgreSQL refuses to drop a template: it is unmarked first (and a database not made yet is no error).
  const drop = async () => {
    await Promise.all(
      Object.values(postgresNames ?? {}).map((name) =>
        onServer(async (client) => {
          const made = await client.query('select 1 from pg_database where datname = $1', [name]);
          if (made.rowCount === 0) return;
          await client.query(`alter database ${name} with is_template false`);
          await client.query(`drop database ${name} with (force)`);
        }),
      ),
    );
    rmSync(root, { recursive: true, force: true });
  };
  try {
    const [pgliteNone, pgliteDemo, ...postgres] = await Promise.all([
      pgliteTemplate(root, 'none'),
      pgliteTemplate(root, 'demo'),
      ...(postgresNames ? seeds.map((seed) => postgresTemplate(root, postgresNames[seed]!, seed)) : []),
    ]);
    const templates: DatabaseTemplates = {
      pglite: { none: pgliteNone, demo: pgliteDemo },
      postgres: postgresNames ? { none: postgres[0]!, demo: postgres[1]! } : null,
    };
    return { templates, drop };
  } catch (error) {
    await drop();
    throw error;
  }
}

/** One build for every project of the run: vitest calls the global setup once per project, in one process. */
const run = globalThis as {
  portalTestTemplates?: { users: number; built: ReturnType<typeof buildTemplates> };
};

/**
 * Vitest's global setup of the projects whose tests open databases (api, e2e): migrates and seeds the
 * run's templates once, instead of once per test file, and drops them after the run.
 */
export default async function setup(project: TestProject) {
  run.portalTestTemplates ??= { users: 0, built: buildTemplates() };
  const shared = run.portalTestTemplates;
  shared.users += 1;
  const { templates, drop } = await shared.built;
  project.provide('databaseTemplates', templates);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete run.portalTestTemplates;
    await drop();
  };
}
