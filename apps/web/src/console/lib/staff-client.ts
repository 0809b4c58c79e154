import { messages } from '@portal/shared/messages';
import { ApiError, NetworkError, readAnswer, type AnswerSchema } from '../../lib/api-client';
import { getStaffSession, sessionEnded } from './staff-session';

/*
 * The console's client. It reads answers exactly as the student app does (readAnswer of lib/api-client) but
 * never sends the student's bearer token: the staff session is the HttpOnly cookie scoped to /staffapi.
 */

interface Options {
  signal?: AbortSignal | undefined;
}

/** A path with its query string; empty and undefined values are left out (the server reads them as no filter). */
export function withQuery(path: string, params: Record<string, unknown>) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' ? value !== '' : typeof value === 'number') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export function staffGet<T>(path: string, schema: AnswerSchema<T>, options: Options = {}) {
  return send('GET', path, undefined, schema, options);
}

export function staffPost<T>(path: string, body: unknown, schema: AnswerSchema<T>, options: Options = {}) {
  return send('POST', path, body, schema, options);
}

async function send<T>(
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  schema: AnswerSchema<T>,
  options: Options,
): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw new NetworkError('The request got no answer', { cause });
  }

  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }

  try {
    return readAnswer(response.status, json, schema, false);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    // A 401 from anything but the sign-in itself means the cookie's session ended (idle, absolute, disabled).
    if (error.status === 401 && path !== '/staffapi/login' && getStaffSession().staff)
      sessionEnded('expired');
    if (error.status === 403 && !error.message) {
      throw new ApiError({ status: 403, message: messages.forbidden, body: error.body });
    }
    throw error;
  }
}
