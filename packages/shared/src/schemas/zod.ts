import { en } from 'zod/locales';
import { z } from 'zod/mini';
import type { $ZodPreprocess } from 'zod/v4/core';

/*
 * The shared schemas are written with zod's functional API (`zod/mini`: `z.optional(z.string())`,
 * `z.string().check(z.trim(), z.maxLength(100))`) rather than its method chains, because the browser loads
 * them: a method-chain schema carries every method (JSON Schema conversion included) into every page that
 * checks a call, 91 KB of zod minified against 34 for the same checks (issue 27). The schemas are the same
 * zod schemas (zod/v4/core): the server, OpenAPI and the type provider read them as before. zod's English
 * texts are set here, so a check without a message of its own says what it said before.
 */
z.config(en());

export { z };

/**
 * `z.preprocess` of the method-chain API: `fn` is given the input before `schema` checks it. The same pipe
 * at run time; typed as the method-chain API types it, optional where `schema` is.
 */
export function preprocess<T extends z.ZodMiniType>(
  fn: (value: unknown) => unknown,
  schema: T,
): $ZodPreprocess<T> {
  return z.pipe(z.transform(fn), schema);
}
