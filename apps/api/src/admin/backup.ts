import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { recordOrphans } from '../modules/students/documents-repository';
import { appliedSchema } from '../db/schema-version';
import { storageKeyPattern, type FileStorage } from '../storage/file-storage';
import { AdminError } from './admin-error';

/*
 * Backup and restore of the database and the uploaded images together (issue 28, decision 0040): the
 * database with PostgreSQL's own pg_dump and pg_restore, the images through the portal's FileStorage, so the
 * folder store and S3 are handled alike. Lecture videos are not copied: they live in their own store (S3
 * versioning, or a copy of DATA_DIR/videos, keeps them; docs/operations.md).
 */

/** What a backup or a restore works on: the owner's PostgreSQL URL, the database, and the image store. */
export interface BackupTarget {
  /** The schema owner's URL (DATABASE_MIGRATION_URL, else DATABASE_URL): pg_restore recreates the tables. */
  ownerUrl: string;
  db: Db;
  storage: FileStorage;
}

export interface BackupReport {
  dir: string;
  schema: string;
  /** Files the database names (or holds as orphans) copied into the backup now. */
  copied: number;
  /** Already in the backup's folder (keys are never reused: a file under a key never changes). */
  kept: number;
  /** Named by the database but missing from the store. */
  missing: string[];
}

export interface RestoreReport {
  dir: string;
  schema: string;
  /** Files the restored database names, put back from the backup because the store had lost them. */
  putBack: number;
  /** Named by the restored database, in neither the store nor the backup. */
  missing: string[];
  /** In the store but named by nothing (uploaded after the backup): left to the sweeper, as orphans. */
  untracked: number;
}

const dumpName = 'database.dump';
const manifestName = 'backup.json';

/** Runs a PostgreSQL client program; its stderr is the error's message when it fails. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        new AdminError(
          error.code === 'ENOENT'
            ? `${program} was not found: install PostgreSQL's client programs (Debian: postgresql-client)`
            : `${program} failed: ${error.message}`,
        ),
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new AdminError(`${program} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/**
 * The image keys the database names (photos, documents, covers), and the orphans still in their grace period.
 * Only a named file is missed when it is missing: an orphan's file may be gone already (an upload that
 * failed before its file was written, or one the sweeper deleted just before forgetting it).
 */
async function filesOf(db: Db): Promise<{ named: string[]; orphans: string[] }> {
  const keys = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ key: string }>(db, query))
      .map((row) => row.key)
      .filter((key) => storageKeyPattern.test(key));
  const named = await keys(
    sql`select image_key as key from students where image_key is not null
        union select storage_key from student_documents
        union select substr(cover, 2) from textbooks where cover like '/covers/%'`,
  );
  const namedSet = new Set(named);
  const orphans = (await keys(sql`select storage_key as key from orphan_files`)).filter(
    (key) => !namedSet.has(key),
  );
  return { named, orphans };
}

const fileInBackup = (dir: string, key: string) => join(dir, 'files', key);

/**
 * Backs up the database (pg_dump, custom format) and then every image it names into `dir`. The files are
 * listed after the dump: one replaced meanwhile is an orphan by then, still in the store for its grace
 * period, and is copied too. A folder used for an earlier backup keeps the files it already has.
 */
export async function backup(target: BackupTarget, dir: string): Promise<BackupReport> {
  // A backup holds every account's data: readable by its owner alone.
  await mkdir(join(dir, 'files'), { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${join(dir, dumpName)}`,
    `--dbname=${target.ownerUrl}`,
  ]);
  await chmod(join(dir, dumpName), 0o600);
  const schema = await appliedSchema(target.db);
  const report: BackupReport = { dir, schema, copied: 0, kept: 0, missing: [] };
  const { named, orphans } = await filesOf(target.db);
  const isNamed = new Set(named);
  for (const key of [...named, ...orphans]) {
    const path = fileInBackup(dir, key);
    if (existsSync(path)) {
      report.kept += 1;
      continue;
    }
    const body = await target.storage.get(key);
    if (!body) {
      if (isNamed.has(key)) report.missing.push(key);
      continue;
    }
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    await writeFile(path, body, { mode: 0o600 });
    report.copied += 1;
  }
  await writeFile(
    join(dir, manifestName),
    `${JSON.stringify({ createdAt: new Date().toISOString(), schema, files: report.copied + report.kept, missing: report.missing }, null, 2)}\n`,
  );
  return report;
}

/**
 * Restores a backup made by `backup`: the database replaced by the dump's (pg_restore --clean, in one
 * transaction), then every image the restored database names checked in the store and put back from the
 * backup where the store lacks it. Files in the store that nothing names (uploaded after the backup) are
 * recorded as orphans, so that the sweeper deletes them after the grace period. The instances must be
 * stopped while it runs.
 */
export async function restore(target: BackupTarget, dir: string): Promise<RestoreReport> {
  const dump = join(dir, dumpName);
  if (!existsSync(dump)) throw new AdminError(`${dump} does not exist: give the folder a backup wrote`);
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    `--dbname=${target.ownerUrl}`,
    dump,
  ]);
  const schema = await appliedSchema(target.db);
  const report: RestoreReport = { dir, schema, putBack: 0, missing: [], untracked: 0 };
  const { named, orphans } = await filesOf(target.db);
  for (const key of named) {
    if (await target.storage.has(key)) continue;
    const path = fileInBackup(dir, key);
    if (!existsSync(path)) {
      report.missing.push(key);
      continue;
    }
    await target.storage.put(key, await readFile(path), 'image/jpeg');
    report.putBack += 1;
  }
  const known = new Set([...named, ...orphans]);
  const untracked: string[] = [];
  for await (const key of target.storage.keys()) if (!known.has(key)) untracked.push(key);
  for (let i = 0; i < untracked.length; i += 1_000)
    await recordOrphans(target.db, untracked.slice(i, i + 1_000));
  report.untracked = untracked.length;
  return report;
}

export function describeBackup(report: BackupReport): string {
  return [
    `Backed up the database (schema ${report.schema}) and ${report.copied + report.kept} files into ${report.dir}` +
      ` (${report.copied} copied now, ${report.kept} already there).`,
    report.missing.length === 0
      ? 'Every file the database names was found.'
      : `Missing from the store before this backup (${report.missing.length}): ${report.missing.join(', ')}`,
  ].join('\n');
}

export function describeRestore(report: RestoreReport): string {
  return [
    `Restored the database (schema ${report.schema}) from ${report.dir}.`,
    `Files put back into the store: ${report.putBack}. Files nothing names, left to the sweeper: ${report.untracked}.`,
    report.missing.length === 0
      ? 'Every file the restored database names is in the store: 0 missing.'
      : `MISSING (${report.missing.length}): ${report.missing.join(', ')}`,
  ].join('\n');
}
