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

/**
 * A handler reaches the rules only through the services built once at start (`app.services`), never the
 * database itself: it either reads the database handle or imports a repository, a rule that takes one.
 */
function handlerTakesDatabase(text: string): boolean {
  return (
    /services\.database\b|\{[^}]*\bdatabase\b[^}]*\}\s*=\s*app\.services/.test(text) ||
    /from\s*'[^']*repository'/.test(text)
  );
}

describe('the shape of the server (docs/architecture.md)', () => {
  it("the modules' handlers reach the database only through their services", () => {
    const handlers = sources(src).filter((file) => /^modules\/[^/]+\/routes\//.test(file));
    expect(handlers.length).toBeGreaterThan(20);
    expect(handlers.filter((file) => handlerTakesDatabase(readFileSync(join(src, file), 'utf8')))).toEqual(
      [],
    );
  });

  it('recognises a handler that takes the database', () => {
    expect(handlerTakesDatabase('const { db } = app.services.database;')).toBe(true);
    expect(handlerTakesDatabase('const { database, config } = app.services;')).toBe(true);
    expect(handlerTakesDatabase("import { findVideo } from '../content-repository';")).toBe(true);
    expect(handlerTakesDatabase('const { content, imports } = app.services;')).toBe(false);
  });

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
