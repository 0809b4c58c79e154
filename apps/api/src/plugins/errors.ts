import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messageCodeOf } from '@portal/shared/message-codes';
import { messages } from '@portal/shared/messages';
import { transientDatabaseCause } from '../db/transient';
import { HttpError } from '../lib/http-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Fields added to a validation refusal of this route (sign-up adds errorCode 004). */
    validationExtra?: Record<string, unknown>;
    /** The message of a validation refusal of this route, instead of the first field's message. */
    validationMessage?: string;
  }
}

const clientErrorMessages: Record<number, string> = {
  400: messages.invalidInput,
  404: messages.unknownCall,
  405: messages.unknownCall,
  406: messages.invalidInput,
  413: messages.requestTooLarge,
  415: messages.contentNotAccepted,
  429: messages.tooManyRequests.replace('{minutes}', '1'),
};

/** How long a client should wait before trying again after a transient database failure (503). */
export const retryAfterSeconds = 2;

/**
 * Every answer with a `message` also names it (decision 0029): `code`, the key of `messages.ts`, and `params`,
 * the values filled into its template, so a client can show it in its own language. The English `message`
 * stays as it was. A sentence that is not one of the spec's gets no code.
 */
export function withMessageCode(payload: unknown): unknown {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return payload;
  const answer = payload as Record<string, unknown>;
  if (typeof answer.message !== 'string' || 'code' in answer) return payload;
  const found = messageCodeOf(answer.message);
  if (!found) return payload;
  return found.params
    ? { ...answer, code: found.code, params: found.params }
    : { ...answer, code: found.code };
}

/** Errors travel one road: every refusal is the envelope of API.md, and a 5xx never shows its text. */
export const errorsPlugin = fp(
  (app, _options, done) => {
    // Answers of the routes, refusals of the error handler and the 404 of unknown calls all pass here.
    // A callback hook, not an async one: it runs for every answer, and needs no promise of its own.
    app.addHook('preSerialization', (_request, _reply, payload, next) =>
      next(null, withMessageCode(payload)),
    );
    app.setErrorHandler((error: FastifyError, request, reply) => {
      // Refused before its body was read whole (an upload refused at its first bad row or over its size): the
      // answer goes at once and the connection closes after it. Kept open, the unread rest of the body filled
      // the socket's buffers and a client still sending it waited for minutes (issue 26).
      if (!request.raw.complete) reply.header('connection', 'close');
      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, '').split('/').pop() || 'body';
          errors[field] ??= issue.message ?? messages.invalidInput;
        }
        const config = request.routeOptions.config;
        const message = config.validationMessage ?? Object.values(errors)[0] ?? messages.invalidInput;
        return reply.code(400).send({ success: false, message, errors, ...config.validationExtra });
      }
      if (error instanceof HttpError) {
        if (error.statusCode === 429) {
          app.services.metrics.rateLimited.inc({ route: request.routeOptions.url ?? 'unmatched' });
        }
        return reply
          .code(error.statusCode)
          .headers(error.headers)
          .send({ success: false, message: error.message, ...error.extra });
      }
      const transient = transientDatabaseCause(error);
      if (transient) {
        // The driver's code and message only: one short line for what a retry cures (a failed statement's
        // values never reach the log in any case: lib/log-errors.ts).
        request.log.warn({ database: transient }, 'database unavailable, answered 503');
        return reply
          .code(503)
          .header('retry-after', String(retryAfterSeconds))
          .send({ success: false, message: messages.serviceBusy });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        request.log.info({ code: error.code, status }, 'request refused');
        return reply
          .code(status)
          .send({ success: false, message: clientErrorMessages[status] ?? messages.invalidInput });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ success: false, message: messages.serverError });
    });
    done();
  },
  { name: 'errors', dependencies: ['services'] },
);
