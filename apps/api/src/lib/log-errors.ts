import { DrizzleQueryError } from 'drizzle-orm/errors';
import { stdSerializers } from 'pino';

/**
 * An error as a log line writes it (its `err`), without the values a failed statement carried. Drizzle puts
 * a statement's parameters into its error's message and `params`, and PostgreSQL's `detail` repeats a row's
 * values ("Key (email)=(…) already exists", "Failing row contains (…)"); PGlite's own error keeps the
 * `params` as well. Those are a password's hash, a CNIC, the text of a queued mail with its link's token.
 * What stays is what the engineer on call needs to find the fault: the statement with its placeholders, the
 * driver's code, message and constraint, and the stacks.
 */
export function serializeError(error: Error): ReturnType<typeof stdSerializers.err> {
  return stdSerializers.err(withoutValues(error, new Map()) as Error);
}

/** The error and its causes, each copied without the keys that carry values, or as it is if none does. */
function withoutValues(error: unknown, copies: Map<Error, Error>): unknown {
  if (!(error instanceof Error)) return error;
  const done = copies.get(error);
  if (done) return done;
  const descriptors = Object.getOwnPropertyDescriptors(error);
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  copies.set(error, copy);
  delete descriptors.detail;
  delete descriptors.params;
  if (error instanceof DrizzleQueryError) {
    const message = `Failed query: ${error.query}`;
    descriptors.message = { ...descriptors.message, value: message };
    descriptors.stack = { ...descriptors.stack, value: restack(error, message) };
  }
  if ('cause' in descriptors)
    descriptors.cause = { ...descriptors.cause, value: withoutValues(error.cause, copies) };
  if (error instanceof AggregateError)
    descriptors.errors = {
      ...descriptors.errors,
      value: error.errors.map((each) => withoutValues(each, copies)),
    };
  return Object.defineProperties(copy, descriptors);
}

/**
 * The stack with its first line's message replaced. Its frames are kept only where the old message is
 * exactly where V8 put it: a parameter's text cannot pose as a frame.
 */
function restack(error: Error, message: string): string {
  const heading = `${error.name}: ${error.message}`;
  const stack = error.stack ?? '';
  return stack.startsWith(heading)
    ? `${error.name}: ${message}${stack.slice(heading.length)}`
    : `${error.name}: ${message}`;
}
