import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's answer headers, worked out once. `@fastify/helmet` calls `helmet(options)` on every request, which
 * parses the Content-Security-Policy directives again each time (about 9 % of a getinfo call's CPU, bench/README).
 * Nothing here varies per request (no nonces), so the headers helmet would set are recorded once at start
 * and set on every answer, errors and 404s included.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure instanceof Error ? failure : new Error('helmet refused its options');
  return headers;
}

export const securityHeadersPlugin = fp<HelmetOptions>(
  (app, options, done) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, next) => {
      reply.headers(headers);
      next();
    });
    done();
  },
  { name: 'security-headers' },
);
