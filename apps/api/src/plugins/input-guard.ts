import fp from 'fastify-plugin';
import { unstorableField, unstorableInput } from '../lib/text';

/**
 * One check for every call, before validation: a NUL or a lone UTF-16 surrogate anywhere in the body, the
 * query string or the path is refused with 400. Multipart text fields are checked where they are read
 * (lib/multipart.ts), since their body is parsed in the handler.
 */
export const inputGuardPlugin = fp(
  (app, _options, done) => {
    app.addHook('preValidation', (request, _reply, next) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = unstorableField(part);
        if (field !== undefined) {
          next(unstorableInput(request, field));
          return;
        }
      }
      next();
    });
    done();
  },
  { name: 'input-guard' },
);
