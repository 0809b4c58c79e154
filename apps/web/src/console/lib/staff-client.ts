import {
  requestOf,
  type CallAnswer,
  type CallInput,
  type CallShape,
  type Method,
} from '@portal/shared/calls/call';
import { staffLogin } from '@portal/shared/calls/staff-identity';
import { ApiError, readAnswer, send, type AnswerSchema } from '@/lib/api-client';
import { formDataOf } from '@/lib/upload';
import { getStaffSession, sessionEnded } from './staff-session';

/*
 * The console's client. It reads answers exactly as the student app does (readAnswer of lib/api-client) but
 * never sends the student's bearer token: the staff session is the HttpOnly cookie scoped to /staffapi.
 */

interface Options {
  signal?: AbortSignal | undefined;
}

/**
 * Makes a staff call of the table (packages/shared/src/calls): its path parameters, query and body (or
 * multipart form) are the call's own, and the answer is parsed with the call's schema.
 */
export function staffCall<C extends CallShape>(
  call: C,
  input: CallInput<C>,
  options: Options = {},
): Promise<CallAnswer<C>> {
  const { url, body, form } = requestOf(call, input);
  const sent = form ? formDataOf(form) : body;
  return request(call.method, url, sent, call.answer as AnswerSchema<CallAnswer<C>>, options);
}

/** A POST whose URL and answer schema the caller took from a call (the CSV import, components/csv-import). */
export function staffPost<T>(path: string, body: unknown, schema: AnswerSchema<T>, options: Options = {}) {
  return request('POST', path, body, schema, options);
}

async function request<T>(
  method: Method,
  path: string,
  body: unknown,
  schema: AnswerSchema<T>,
  options: Options,
): Promise<T> {
  // No bearer token: the staff session is the cookie, which the browser sends by itself.
  const { status, json } = await send(method, path, body, {}, options);
  try {
    return readAnswer(status, json, schema, false);
  } catch (error) {
    // A 401 from anything but the sign-in itself means the cookie's session ended (idle, absolute, disabled).
    if (
      error instanceof ApiError &&
      error.status === 401 &&
      path !== staffLogin.path &&
      getStaffSession().staff
    )
      sessionEnded('expired');
    throw error;
  }
}
