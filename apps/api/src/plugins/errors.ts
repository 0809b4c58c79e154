import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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
  413: 'The request is too large',
  415: 'This kind of content is not accepted',
  429: messages.tooManyRequests.replace('{minutes}', '1'),
};

/** How long a client should wait before trying again after a transient database failure (503). */
export const retryAfterSeconds = 2;

/** Errors travel one road: every refusal is the envelope of API.md, and a 5xx never shows its text. */
export const errorsPlugin = fp(
  (app, _options, done) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
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
        // The driver's code and message only: Drizzle's own message carries the query's parameters.
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
