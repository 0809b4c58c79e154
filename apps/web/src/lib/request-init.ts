import type { Method } from '@portal/shared/calls/call';

/** How a request may differ from the others. */
export interface RequestOptions {
  signal?: AbortSignal | undefined;
  /** Lets the request outlive the page (a last save as the tab closes); small bodies only. */
  keepalive?: boolean;
}

export const isFormBody = (body: unknown): body is FormData =>
  typeof FormData !== 'undefined' && body instanceof FormData;

/**
 * Every fetch of the app as it goes out (lib/api-client.ts, and the calls the boot script starts early,
 * lib/early-calls.ts): a JSON body (or a FormData one, sent as it is) and same-origin credentials.
 */
export function requestInit(
  method: Method,
  body: unknown,
  extraHeaders: Record<string, string>,
  options: RequestOptions = {},
): RequestInit {
  const isForm = isFormBody(body);
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  return {
    method,
    headers,
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    credentials: 'same-origin',
    signal: options.signal,
    keepalive: options.keepalive ?? false,
  };
}

/** An answer as the app reads it: its status, and its JSON (undefined when the body is not JSON). */
export interface ReadAnswer {
  status: number;
  json: unknown;
}

/** Reads a response's status and JSON, for every fetch of the app (lib/api-client.ts, lib/early-calls.ts). */
export async function readResponse(response: Response): Promise<ReadAnswer> {
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  return { status: response.status, json };
}
