import pg from 'pg';

/**
 * pg's own conversion of a value for the wire (Dates, arrays, Buffers, numbers), which its Query.prepare
 * uses: pg exports its helpers as `pg.utils`, which @types/pg does not declare.
 */
const { prepareValue } = (pg as unknown as { utils: { prepareValue(this: void, value: unknown): unknown } })
  .utils;

/*
 * pg asks PostgreSQL to describe the result of every execution of a named (prepared) statement: Parse the
 * first time on a connection, then Bind, Describe, Execute, Sync each time. The description is the same
 * every time on that connection (PostgreSQL refuses to run a prepared statement whose result type has
 * changed: "cached plan must not change result type"), but pg reads it again and builds the columns' parsers
 * again each time (`Result.addFields`). For the session row every student call reads (31 columns), that
 * was about a tenth of the app's CPU a request under load (bench/README.md, "The statements described once").
 *
 * `DescribedOnceQuery` is pg's Query for a named statement that keeps the first description it reads on a
 * connection, with the parsers built from it, and on that connection's later executions sends Bind, Execute
 * and Sync only and reads the rows with what it kept. The rows are parsed by the same parsers, from the
 * same description. It relies on pg's Query and Result as pg 8.23 writes them (`prepare`, `_getRows`,
 * `_result.fields`, `_parsers`, `_types`); `test/described-once.test.ts` checks it against PostgreSQL.
 */

/** What pg's Result keeps of a description. */
interface ResultInternals {
  fields: unknown[];
  _parsers: unknown[] | undefined;
  _types: unknown;
}

/** The parts of pg's Connection a prepared execution writes with. */
interface ConnectionInternals {
  parsedStatements: Record<string, string | undefined>;
  bind(message: {
    portal: string;
    statement: string;
    values: unknown[] | undefined;
    binary: boolean | undefined;
    valueMapper: (value: unknown) => unknown;
  }): void;
  close(message: { type: 'S'; name: string }): void;
  sync(): void;
}

/** The parts of pg's Query this class reads or calls. */
interface QueryInternals {
  name: string | undefined;
  text: string | undefined;
  values: unknown[] | undefined;
  portal: string;
  binary: boolean | undefined;
  rows: number | undefined;
  callback: unknown;
  _result: ResultInternals;
  _accumulateRows: boolean;
  _getRows(connection: ConnectionInternals, rows: number | undefined): void;
  handleError(error: unknown, connection: ConnectionInternals): void;
  listeners(event: string): unknown[];
}

interface Description {
  types: unknown;
  fields: unknown[];
  parsers: unknown[];
}

/** Per connection, the descriptions read of its named statements, by statement name. */
const descriptions = new WeakMap<object, Map<string, Description>>();

/**
 * The description kept for this query's statement on `connection`, when the statement is parsed there with
 * this query's text, as pg records it (pg refuses one name for two texts on a connection), and read with the
 * same type parsers.
 */
function keptDescription(query: QueryInternals, connection: ConnectionInternals): Description | undefined {
  if (!query.name || query.rows || connection.parsedStatements[query.name] !== query.text) return undefined;
  const kept = descriptions.get(connection)?.get(query.name);
  return kept?.types === query._result._types ? kept : undefined;
}

export class DescribedOnceQuery extends pg.Query {
  #connection: ConnectionInternals | undefined;

  /** pg's Query.prepare, without Describe on a connection where this statement was described already. */
  prepare(connection: ConnectionInternals): void {
    const self = this as unknown as QueryInternals;
    const kept = keptDescription(self, connection);
    if (!kept) {
      this.#connection = connection;
      (pg.Query.prototype as unknown as { prepare(c: ConnectionInternals): void }).prepare.call(
        this,
        connection,
      );
      return;
    }
    try {
      connection.bind({
        portal: self.portal,
        statement: self.name!,
        values: self.values,
        binary: self.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      // As pg does: a value it cannot write closes the statement and fails the query.
      connection.close({ type: 'S', name: self.name! });
      connection.sync();
      self.handleError(error, connection);
      return;
    }
    // What handleRowDescription would have set from the description.
    self._result.fields = kept.fields;
    self._result._parsers = kept.parsers;
    self._accumulateRows = Boolean(self.callback) || self.listeners('row').length === 0;
    self._getRows(connection, self.rows);
  }

  /** pg's own handling, then the description kept for the connection's next executions. */
  handleRowDescription(message: unknown): void {
    (pg.Query.prototype as unknown as { handleRowDescription(m: unknown): void }).handleRowDescription.call(
      this,
      message,
    );
    const self = this as unknown as QueryInternals;
    const connection = this.#connection;
    if (!connection || !self.name || !self.text || self.rows || !self._result._parsers) return;
    let kept = descriptions.get(connection);
    if (!kept) descriptions.set(connection, (kept = new Map<string, Description>()));
    kept.set(self.name, {
      types: self._result._types,
      fields: self._result.fields,
      parsers: self._result._parsers,
    });
  }
}
