import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The server's own sources (not its migrations, which are the schema's history). */
const src = fileURLToPath(new URL('../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [relative(src, path)] : [];
  });
}

/** A file names a table when its SQL reads or writes it, or when it imports the table's schema object. */
function namesTable(text: string, table: string, schemaName: string): boolean {
  const inSql = new RegExp(`\\b(from|join|into|update)\\s+${table}\\b`, 'i');
  const imported = new RegExp(`import\\s*\\{[^}]*\\b${schemaName}\\b[^}]*\\}\\s*from\\s*'[^']*/schema'`);
  return inSql.test(text) || imported.test(text);
}

describe('the shape of the server (docs/architecture.md)', () => {
  it('only the vouchers module and the schema name the vouchers table', () => {
    const naming = sources(src).filter((file) =>
      namesTable(readFileSync(join(src, file), 'utf8'), 'vouchers', 'vouchers'),
    );
    expect(naming.length).toBeGreaterThan(0);
    expect(naming.filter((file) => file !== 'db/schema.ts' && !file.startsWith('modules/vouchers/'))).toEqual(
      [],
    );
  });

  it('recognises a file that names the table, in SQL or by its schema object', () => {
    expect(namesTable('sql`select 1 from vouchers v`', 'vouchers', 'vouchers')).toBe(true);
    expect(namesTable('sql`... join  vouchers on`', 'vouchers', 'vouchers')).toBe(true);
    expect(namesTable("import { students, vouchers } from '../schema';", 'vouchers', 'vouchers')).toBe(true);
    expect(namesTable('// outstanding vouchers of a batch', 'vouchers', 'vouchers')).toBe(false);
    expect(namesTable('const vouchers = await listVouchers(db);', 'vouchers', 'vouchers')).toBe(false);
  });
});
