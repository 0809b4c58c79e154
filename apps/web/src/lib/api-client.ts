import type { $ZodType as ZodType } from 'zod/v4/core';
import type { z } from '@portal/shared/schemas/zod';
import type { CallAnswer, CallShape, Method } from '@portal/shared/calls/call';
import type { Envelope } from '@portal/shared/schemas/envelope';
import { takeEarly } from './early-calls';
import { translateMessage } from './i18n';
import { readResponse, requestInit, type ReadAnswer, type RequestOptions } from './request-init';
import { endSession, getSession } from './session';

/*
 * This module is part of the sign-in page's first download, so it reads the envelope by hand instead of
 * loading zod; each call's own answer is still parsed with its zod schema from packages/shared.
 */

/** What the client needs of an answer schema (a zod schema fits): parse without throwing. */
export interface AnswerSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/** The server answered and refused: `success:false` or a non-2xx status (API.md envelope). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  /** Field → message, for validation failures. */
  readonly errors: Record<string, string>;
  readonly errorCode: string | undefined;
  /** The message's stable code and values (API.md), to show it in the student's language. */
  readonly code: string | undefined;
  readonly params: Record<string, string> | undefined;
  /** The answer as received, for screens that read a call's own failure fields. */
  readonly body: unknown;

  constructor(init: {
    status: number;
    message: string;
    errors?: Record<string, string> | undefined;
    errorCode?: string | undefined;
    code?: string | undefined;
    params?: Record<string, string> | undefined;
    body?: unknown;
  }) {
    super(init.message);
    this.status = init.status;
    this.errors = init.errors ?? {};
    this.errorCode = init.errorCode;
    this.code = init.code;
    this.params = init.params;
    this.body = init.body;
  }
}

/** The request never got an answer (offline, DNS, connection reset): each screen has its own sentence. */
export class NetworkError extends Error {
  override name = 'NetworkError';
}

/**
 * The sentence a screen shows for a failed call: the server's message when it sent one, otherwise the
 * screen's own fallback; `network` for a request that never got an answer. In the language shown now: the
 * server's message by its `code` and `params`, the screen's spec sentences by their English text (in English
 * all are unchanged). A component that shows it renders again on a language change through its `useT()`.
 */
export function failureMessage(error: unknown, texts: { network: string; fallback?: string }): string {
  if (error instanceof ApiError && error.message) {
    return translateMessage(error.message, error.code, error.params);
  }
  const fallback = error instanceof NetworkError ? texts.network : (texts.fallback ?? texts.network);
  return translateMessage(fallback);
}

type BodyOf<C extends CallShape> = C extends { body: infer B extends ZodType } ? z.input<B> : undefined;

/**
 * A call of the table made by its address (packages/shared/src/calls/addresses.ts), for the code of the first
 * download: it names the call's declaration by type only (`import type`), since the declaration carries its
 * zod schemas. The address must be the call's, the body is the call's body, and the answer, parsed with
 * `schema` (the call's own answer schema, loaded when needed), is the call's answer; without a schema only
 * the envelope is read. Other code makes its calls with `callApi` (call-api.ts).
 */
export function callAt<C extends CallShape>(
  address: Pick<C, 'method' | 'path'>,
  body: BodyOf<C>,
): Promise<Envelope>;
export function callAt<C extends CallShape>(
  address: Pick<C, 'method' | 'path'>,
  body: BodyOf<C>,
  schema: AnswerSchema<CallAnswer<C>>,
  options?: RequestOptions,
): Promise<CallAnswer<C>>;
export function callAt(
  address: Pick<CallShape, 'method' | 'path'>,
  body: unknown,
  schema?: AnswerSchema<unknown>,
  options?: RequestOptions,
) {
  return request(address.method, address.path, body, schema ?? envelopeOnly, options);
}

/** One call as the signed-in student (the bearer token) or as a visitor, its answer read with `schema`. */
export async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  schema: AnswerSchema<T>,
  options: RequestOptions = {},
): Promise<T> {
  const token = getSession().student?.databaseToken;
  const { status, json } = await send(
    method,
    path,
    body,
    token ? { Authorization: `Bearer ${token}` } : {},
    options,
  );
  return readAnswer(status, json, schema, Boolean(token));
}

/**
 * One request and its JSON, for every fetch of the app and the staff console: a JSON body (or a FormData
 * one, sent as it is), same-origin credentials, and a request that never got an answer as NetworkError. A
 * call the first download started early is read from there (an early one that failed is asked again).
 */
export async function send(
  method: Method,
  path: string,
  body: unknown,
  extraHeaders: Record<string, string>,
  options: RequestOptions = {},
): Promise<ReadAnswer> {
  const started = takeEarly(method, path, body, extraHeaders);
  if (started) {
    try {
      return await started;
    } catch {
      // The early request got no answer: this one asks again.
    }
  }
  let response: Response;
  try {
    response = await fetch(path, requestInit(method, body, extraHeaders, options));
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new NetworkError('The request got no answer', { cause });
  }
  return readResponse(response);
}

/**
 * Reads an answer as every call does (the fetch calls here and the uploads of lib/upload): the envelope's
 * refusal becomes an ApiError, a 401 to a call that carried the token ends the session, and the rest is
 * parsed with the call's schema.
 */
export function readAnswer<T>(status: number, json: unknown, schema: AnswerSchema<T>, withToken: boolean): T {
  const fields = readEnvelope(json);

  if (status < 200 || status > 299 || fields.success === false) {
    // A student call refused for a missing or expired session ends the stored session; the route guard
    // then sends the person to sign-in, which says 'Authentication Expired, Login Again'.
    if (status === 401 && withToken) endSession('expired');
    throw new ApiError({
      status,
      message: fields.message ?? '',
      errors: fields.errors,
      errorCode: fields.errorCode,
      code: fields.code,
      params: fields.params,
      body: json,
    });
  }

  const answer = schema.safeParse(json);
  if (!answer.success) {
    throw new ApiError({ status, message: '', body: json });
  }
  return answer.data;
}

const envelopeOnly: AnswerSchema<Envelope> = {
  safeParse(data) {
    const { success, ...rest } = readEnvelope(data);
    return success === undefined ? { success: false } : { success: true, data: { success, ...rest } };
  },
};

function readEnvelope(json: unknown): Partial<Envelope> {
  if (typeof json !== 'object' || json === null) return {};
  const { success, message, errors, errorCode, code, params } = json as Record<string, unknown>;
  return {
    success: typeof success === 'boolean' ? success : undefined,
    message: typeof message === 'string' ? message : undefined,
    errors: isStringRecord(errors) ? errors : undefined,
    errorCode: typeof errorCode === 'string' ? errorCode : undefined,
    code: typeof code === 'string' ? code : undefined,
    params: isStringRecord(params) ? params : undefined,
  };
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}
