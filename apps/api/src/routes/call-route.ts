import type { CallShape } from '@portal/shared/calls/call';
import type { ZodType } from 'zod';
import { answers } from './answers';

type Schema<C extends CallShape> = (C extends { params: infer P extends ZodType } ? { params: P } : unknown) &
  (C extends { query: infer Q extends ZodType } ? { querystring: Q } : unknown) &
  (C extends { body: infer B extends ZodType } ? { body: B } : unknown) &
  (C extends { form: infer F extends ZodType } ? { consumes: string[]; multipartBody: F } : unknown) & {
    response: ReturnType<typeof answers<C['answer']>>;
  };

/**
 * A route's method, URL, schemas and roles from its call in the table (packages/shared/src/calls): a route
 * file adds the handler, and what else only the server knows (a body limit, a log level).
 *
 *     app.route({ ...routeOf(paymentBranches), handler: async (request) => ({ … }) });
 *
 * The handler's `request.body`, `params` and `query` and its answer are typed from the call's schemas.
 */
export function routeOf<const C extends CallShape>(call: C) {
  const schema: Record<string, unknown> = {};
  if (call.params) schema.params = call.params;
  if (call.query) schema.querystring = call.query;
  if (call.body) schema.body = call.body;
  if (call.form) {
    // Read by the handler (lib/csv, the uploads); described as multipart/form-data by plugins/openapi.ts.
    schema.consumes = ['multipart/form-data'];
    schema.multipartBody = call.form;
  }
  schema.response = answers(call.answer);
  const access = call.access;
  return {
    method: call.method,
    url: call.path,
    schema: schema as Schema<C>,
    ...(typeof access === 'object' ? { config: { staffRoles: access.staff } } : {}),
  };
}
