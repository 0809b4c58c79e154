/**
 * Whether a failure of the database is one a retry can cure: the connection was lost or refused, the server
 * is shutting down or starting, it has no connection to give, or it chose this transaction as the loser of a
 * conflict. Such a failure answers 503 with Retry-After instead of 500 (plugins/errors.ts).
 */

/** SQLSTATEs besides class 08 (connection exception) that a retry can cure. */
const transientSqlStates = new Set([
  '57P01', // admin_shutdown: what pg_terminate_backend and a fast shutdown give
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting or in recovery
  '53300', // too_many_connections
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/** node-pg's and pg-pool's own errors (plain Errors, no code) for a connection that is gone or never came. */
const transientDriverMessages = new Set([
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
]);

/** Socket errors the driver passes on as they come (Node's system errors). */
const transientSystemCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

export function isTransientDatabaseError(error: unknown): boolean {
  return transientDatabaseCause(error) !== undefined;
}

/**
 * The error of the `cause` chain (Drizzle wraps the driver's error in a DrizzleQueryError) that makes the failure
 * transient, or undefined. Its code and message say what happened without the query's parameters.
 */
export function transientDatabaseCause(error: unknown): { code?: string; message: string } | undefined {
  const seen = new Set<unknown>();
  let current = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code.startsWith('08') || transientSqlStates.has(code) || transientSystemCodes.has(code))
        return { code, message: current.message };
    } else if (transientDriverMessages.has(current.message)) {
      return { message: current.message };
    }
    current = current.cause;
  }
  return undefined;
}
