import type { z } from '../schemas/zod';
import type { StaffRole } from '../constants/staff';

/*
 * The table of calls (issue 23, docs/architecture.md): each call of the portal is declared once, here in
 * packages/shared, with its method, path, parameters, body, answer and who may make it. The API registers its
 * route from the declaration (apps/api/src/routes/call-route.ts), so OpenAPI is generated from it too; the
 * browser's client takes the declaration instead of a path string (apps/web/src/lib/api-client.ts), so a body
 * or an answer that does not match its call does not compile. This module is types and two small functions:
 * the declarations import their own schemas, and a page loads only the calls it makes.
 */

type ZodType = z.ZodMiniType;

export type Method = 'GET' | 'POST' | 'PUT';

/**
 * Who may make a call: anyone, a signed-in student (the session token), the bank's aggregator (the biller's
 * username and password), the loopback admin token, or signed-in staff of the roles named (`admin` always
 * may).
 */
export type Access =
  'visitor' | 'student' | 'aggregator' | 'admin-token' | { readonly staff: readonly StaffRole[] };

export interface CallShape {
  readonly method: Method;
  readonly path: `/${string}`;
  /** The path's `:name` parameters, as the server checks them. */
  readonly params?: ZodType;
  readonly query?: ZodType;
  /** A JSON body. */
  readonly body?: ZodType;
  /** A multipart/form-data body instead: its fields, files as `z.file()` with their rules in the description. */
  readonly form?: ZodType;
  /** The answer on success. */
  readonly answer: ZodType;
  /** The answer of a refusal, where it is not the portal's error envelope (the biller answers Kuickpay's codes). */
  readonly refusal?: ZodType;
  /**
   * The answer of a 4xx refusal that carries what it refers to (the seats already booked, each refusal of a
   * file), where a 5xx stays the error envelope.
   */
  readonly conflict?: ZodType;
  readonly access: Access;
}

/** Declares a call: the type keeps every schema exactly, for the server's handler and the browser's client. */
export function defineCall<const C extends CallShape>(call: C): C {
  return call;
}

/** `{ id: string }` for `/staffapi/students/:id`; nothing for a path without parameters. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : unknown;

type Params<C extends CallShape> = C['path'] extends `${string}:${string}`
  ? { params: PathParams<C['path']> }
  : unknown;
type Query<C extends CallShape> = C extends { query: infer Q extends ZodType }
  ? { query: z.input<Q> }
  : unknown;
type Body<C extends CallShape> = C extends { body: infer B extends ZodType } ? { body: z.input<B> } : unknown;
type Form<C extends CallShape> = C extends { form: infer F extends ZodType } ? { form: z.input<F> } : unknown;

/**
 * What a client sends to make a call: its path parameters, query and body (or form), each only where the call
 * has one.
 */
export type CallInput<C extends CallShape> = Params<C> & Query<C> & Body<C> & Form<C>;

/** What a call answers on success. */
export type CallAnswer<C extends CallShape> = z.output<C['answer']>;

/**
 * The call's path with its parameters filled in (each encoded), and its query string (`withQuery`).
 */
export function urlOf(
  call: CallShape,
  input: { params?: Record<string, string>; query?: Record<string, unknown> },
): string {
  const path = call.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = input.params?.[name];
    if (value === undefined) throw new Error(`${call.path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
  return withQuery(path, input.query ?? {});
}

/**
 * A path with its query string: strings and numbers; empty strings and anything else left out (the server
 * reads a missing value as no filter).
 */
export function withQuery(path: string, params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' ? value !== '' : typeof value === 'number') query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * What a client sends for a call: the URL (parameters and query filled in), and the JSON body or the form. A
 * POST without a body of its own sends `{}`, as the portal's clients always have.
 */
export function requestOf<C extends CallShape>(
  call: C,
  input: CallInput<C>,
): { url: string; body: unknown; form: Record<string, string | Blob | undefined> | undefined } {
  const { params, query, body, form } = input as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
    form?: Record<string, string | Blob | undefined>;
  };
  const noBody = call.method === 'GET' || call.form !== undefined;
  return { url: urlOf(call, { params, query }), body: body ?? (noBody ? undefined : {}), form };
}
