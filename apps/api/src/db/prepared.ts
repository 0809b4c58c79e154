import { Column, SQL, is } from 'drizzle-orm';
import {
  PgDialect,
  type PgPreparedQuery,
  type PgSelectConfig,
  type PreparedQueryConfig,
} from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * A statement prepared once per connection, for the hottest calls (every student call's session, a sign-in,
 * the journey's locks and updates): Drizzle builds its SQL text once instead of on every call (a select of
 * the student's columns took 130 µs to build), and PostgreSQL parses and plans it once per pooled
 * connection (a named statement) instead of every time. `build` calls `.prepare(name)` with
 * `sql.placeholder` for every value; a select goes through `preparedSelect`, raw SQL through `preparedRows`.
 *
 * It is kept per client the executor runs on: the pool for the database, the pooled connection for a
 * transaction. A transaction is a new executor each time, but runs on one of the pool's few connections, so
 * a statement built for that connection serves every transaction on it after the first.
 */
export function preparedPer<Query>(build: (ex: Executor) => Query): (ex: Executor) => Query {
  const statements = new WeakMap<object, Query>();
  return (ex) => {
    const key = clientOf(ex);
    let statement = statements.get(key);
    if (!statement) {
      statement = build(ex);
      statements.set(key, statement);
    }
    return statement;
  };
}

/**
 * What an executor's statements run on: Drizzle's session keeps it as `client` (node-postgres: the pool, or
 * the connection a transaction holds; PGlite: the database, or its transaction). Drizzle does not declare it.
 */
function clientOf(ex: Executor): object {
  const client = (ex._.session as unknown as { client?: unknown }).client;
  return typeof client === 'object' && client !== null ? client : ex;
}

/** What `prepareSelect` needs of a select: its columns, its joins and its SQL. */
interface SelectQuery {
  readonly _: { readonly result: unknown; readonly selectedFields: unknown; readonly config: PgSelectConfig };
  toSQL(): { sql: string; params: unknown[] };
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** One column of the answer: where its value goes in the row object, and how it is read from the driver. */
interface Slot {
  path: string[];
  decoder: Decoder;
}

/**
 * The select's columns in the order Drizzle writes them into the SQL (the order of the selection's keys,
 * nested objects in place), each with the decoder Drizzle itself would use.
 */
function slotsOf(fields: object, prefix: string[] = []): Slot[] {
  return Object.entries(fields).flatMap(([name, field]: [string, unknown]): Slot[] => {
    const path = [...prefix, name];
    if (is(field, Column)) return [{ path, decoder: field }];
    // An SQL expression's decoder is the one its .mapWith() set (none: the value as the driver gives it);
    // Drizzle keeps it on the SQL object without declaring it.
    if (is(field, SQL)) return [{ path, decoder: (field as unknown as { decoder: Decoder }).decoder }];
    if (is(field, SQL.Aliased))
      return [{ path, decoder: (field.sql as unknown as { decoder: Decoder }).decoder }];
    if (field !== null && typeof field === 'object' && Object.getPrototypeOf(field) === Object.prototype)
      return slotsOf(field, path);
    throw new Error(
      `prepareSelect: ${path.join('.')} is not a column, an SQL expression or an object of them`,
    );
  });
}

/** Builds a row the way Drizzle's generic mapping does, with the per-column look-ups done once, not per row. */
function rowMapper(slots: Slot[]): (row: unknown[]) => Record<string, unknown> {
  return (row) => {
    const result: Record<string, unknown> = {};
    for (let index = 0; index < slots.length; index++) {
      const { path, decoder } = slots[index]!;
      let node = result;
      for (let depth = 0; depth < path.length - 1; depth++)
        node = (node[path[depth]!] ??= {}) as Record<string, unknown>;
      const value = row[index];
      node[path[path.length - 1]!] = value === null ? null : decoder.mapFromDriverValue(value);
    }
    return result;
  };
}

/**
 * The select `build` makes, prepared as `name` with `prepareSelect` once per connection (`preparedPer`): what
 * a repository keeps for each of its hot reads.
 */
export function preparedSelect<Select extends SelectQuery>(
  name: string,
  build: (ex: Executor) => Select,
): (ex: Executor) => ReturnType<typeof prepareSelect<Select>> {
  return preparedPer((ex) => prepareSelect(ex, name, build(ex)));
}

/**
 * `select.prepare(name)` with the same rows, mapped by a function built once for this select. Drizzle's own
 * mapping works out each column's kind and path again for every row; on the session row (30 columns, read by
 * every student call) that cost 5.5 µs a row against 2.5 µs, and made garbage (bench/README.md, "The session
 * row's mapping").
 * Inner joins only: an outer join's missing side would need Drizzle's nulling of the whole nested object.
 */
export function prepareSelect<Select extends SelectQuery>(
  ex: Executor,
  name: string,
  select: Select,
): PgPreparedQuery<PreparedQueryConfig & { execute: Select['_']['result'] }> {
  const outer = select._.config.joins?.find((join) => join.joinType !== 'inner');
  if (outer) throw new Error(`prepareSelect ${name}: a ${outer.joinType} join needs Drizzle's own mapping`);
  const mapRow = rowMapper(slotsOf(select._.selectedFields as object));
  return ex._.session.prepareQuery(select.toSQL(), undefined, name, true, (rows) =>
    rows.map((row) => mapRow(row)),
  );
}

/** Raw SQL names no column of the schema by its property, so a dialect without the app's settings writes it alike. */
const rawDialect = new PgDialect();

/**
 * Raw SQL (for what the query builder cannot say), prepared once per connection as `preparedPer`'s
 * statements are: every value in `query` is a `sql.placeholder`, and the rows come as `queryRows` gives
 * them (the same type parsers: see `asDate` for timestamps).
 */
export function preparedRows<Row>(
  name: string,
  query: SQL,
): (ex: Executor, values: Record<string, unknown>) => Promise<Row[]> {
  const built = rawDialect.sqlToQuery(query);
  const statement = preparedPer((ex) => ex._.session.prepareQuery(built, undefined, name, false));
  return async (ex, values) => {
    // Both drivers answer { rows }, as for `queryRows`.
    const result: unknown = await statement(ex).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}
