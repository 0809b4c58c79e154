import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/paths';

/** The migrations folder as it stood at `tag`: the same files, the journal cut after that migration. */
function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'portal-migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === tag);
  if (end < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, end + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0009_reconciliation_entries', () => {
  const folder = migrationsUpTo('0008_student_language');
  const client = new PGlite();
  afterAll(async () => {
    await client.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("copies a kept report's lists into rows, in order, with its counts, and finishes it", async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: folder });
    const entry = (consumerNumber: string, line: number | null) => ({ consumerNumber, line, detail: 'x' });
    const lists = {
      matched: [entry('1', 2), entry('2', 3)],
      paidOnlyInSettlement: [entry('3', 4)],
      paidOnlyInPortal: [entry('4', null), entry('5', null), entry('6', null)],
      amountMismatch: [],
    };
    await client.query(
      `insert into reconciliation_reports (id, staff_label, file_name, rows, lists, created_at)
       values ('00000000-0000-4000-8000-000000000001', 'a', 'old.csv', 3, $1, '2026-11-01T10:00:00Z')`,
      [JSON.stringify(lists)],
    );

    await migrate(db, { migrationsFolder });

    const report = await client.query<Record<string, unknown>>(
      `select rows, matched, paid_only_in_settlement, paid_only_in_portal, amount_mismatch, lists,
              finished_at = created_at as finished
       from reconciliation_reports`,
    );
    expect(report.rows).toEqual([
      {
        rows: 3,
        matched: 2,
        paid_only_in_settlement: 1,
        paid_only_in_portal: 3,
        amount_mismatch: 0,
        lists: JSON.stringify(lists),
        finished: true,
      },
    ]);
    const entries = await client.query<{ list: string; position: number; entry: unknown }>(
      `select list, position, entry from reconciliation_entries order by list, position`,
    );
    expect(entries.rows).toEqual([
      { list: 'matched', position: 1, entry: entry('1', 2) },
      { list: 'matched', position: 2, entry: entry('2', 3) },
      { list: 'paidOnlyInPortal', position: 1, entry: entry('4', null) },
      { list: 'paidOnlyInPortal', position: 2, entry: entry('5', null) },
      { list: 'paidOnlyInPortal', position: 3, entry: entry('6', null) },
      { list: 'paidOnlyInSettlement', position: 1, entry: entry('3', 4) },
    ]);
  });
});
