import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder } from '../paths';
import { queryRows, type Executor } from './client';

interface Journal {
  entries: { idx: number; tag: string; when: number }[];
}

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** The newest migration this build carries (`0008_student_language`). */
export const latestSchema = journal.entries.at(-1)?.tag ?? 'none';

/**
 * The newest migration the database has applied, by Drizzle's own record of them (each row carries its
 * migration's `when`): during a rolling upgrade it may be ahead of `latestSchema` (docs/deployment.md).
 */
export async function appliedSchema(ex: Executor): Promise<string> {
  const [row] = await queryRows<{ created_at: string | number }>(
    ex,
    sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!row) return 'none';
  const when = Number(row.created_at);
  return journal.entries.find((entry) => entry.when === when)?.tag ?? `newer than ${latestSchema}`;
}
