import type { Executor } from './client';

/**
 * A statement prepared once per executor, for the hottest calls (every student call's session, a sign-in):
 * Drizzle builds its SQL text once instead of on every call, and PostgreSQL parses and plans it once per
 * pooled connection (a named statement) instead of every time. `build` calls `.prepare(name)` with
 * `sql.placeholder` for every value.
 */
export function preparedPer<Query>(build: (ex: Executor) => Query): (ex: Executor) => Query {
  const statements = new WeakMap<Executor, Query>();
  return (ex) => {
    let statement = statements.get(ex);
    if (!statement) {
      statement = build(ex);
      statements.set(ex, statement);
    }
    return statement;
  };
}
