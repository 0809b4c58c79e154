import type { FastifyRequest } from 'fastify';
import { messages } from '@portal/shared/messages';
import { HttpError } from './http-error';

/**
 * PostgreSQL stores neither NUL (in text or jsonb) nor a lone UTF-16 surrogate (it is not UTF-8): a string
 * carrying one fails the query, which answered 500. Such strings are refused before any service sees them.
 */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const loneSurrogates = new RegExp(loneSurrogate.source, 'g');

export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !loneSurrogate.test(text);
}

/** Deeper than any body of API.md: a body nested deeper is refused rather than walked. */
const maxDepth = 32;

/**
 * The name of the first field (or key) of a parsed JSON value whose text cannot be stored, '' when the value
 * itself is such a string or nested beyond reason, or undefined when everything can be stored.
 */
export function unstorableField(value: unknown, name = '', depth = 0): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : name;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > maxDepth) return name;
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) return name;
    const found = unstorableField(item, Array.isArray(value) ? name : key, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A copy that can be stored, for records of what a caller sent (the biller's notifications): NUL and lone
 * surrogates become U+FFFD, strings are cut to maxLength, and nesting beyond reason is dropped.
 */
export function storableCopy(value: unknown, maxLength = 400, depth = 0): unknown {
  if (typeof value === 'string') return storableText(value, maxLength);
  if (value === null || typeof value !== 'object') return value;
  if (depth > maxDepth) return null;
  if (Array.isArray(value)) return value.map((item) => storableCopy(item, maxLength, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      storableText(key, maxLength),
      storableCopy(item, maxLength, depth + 1),
    ]),
  );
}

/**
 * `text` cut to maxLength UTF-16 units, never between the two halves of one character, with NUL and lone
 * surrogates made U+FFFD.
 */
export function storableText(text: string, maxLength = 400): string {
  const splitsPair = text.length > maxLength && /[\ud800-\udbff]/.test(text.charAt(maxLength - 1));
  return text
    .slice(0, splitsPair ? maxLength - 1 : maxLength)
    .replaceAll('\u0000', '\ufffd')
    .replace(loneSurrogates, '\ufffd');
}

/**
 * The refusal of a string PostgreSQL cannot store, shaped like the route's own validation refusal (its
 * message and extra fields, e.g. sign-up's errorCode), so a client sees one kind of 400 for bad input.
 */
export function unstorableInput(request: FastifyRequest, field: string): HttpError {
  const config = request.routeOptions.config;
  const name = field || 'body';
  return new HttpError(400, config.validationMessage ?? messages.invalidInput, {
    errors: { [name]: messages.invalidInput },
    ...config.validationExtra,
  });
}
