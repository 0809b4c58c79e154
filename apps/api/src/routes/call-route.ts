import type { Access, CallShape } from '@portal/shared/calls/call';
import { errorAnswerSchema } from '@portal/shared/schemas/envelope';
import type { FastifyContextConfig } from 'fastify';
import type { $ZodType as ZodType } from 'zod/v4/core';
import { answers } from './answers';

type Refusal<C extends CallShape> = C extends { refusal: infer R extends ZodType }
  ? R
  : typeof errorAnswerSchema;
type ClientRefusal<C extends CallShape> = C extends { conflict: infer R extends ZodType } ? R : Refusal<C>;

type Schema<C extends CallShape> = (C extends { params: infer P extends ZodType } ? { params: P } : unknown) &
  (C extends { query: infer Q extends ZodType } ? { querystring: Q } : unknown) &
  (C extends { body: infer B extends ZodType } ? { body: B } : unknown) &
  (C extends { form: infer F extends ZodType } ? { consumes: string[]; multipartBody: F } : unknown) & {
    response: { 200: C['answer']; '4xx': ClientRefusal<C>; '5xx': Refusal<C> };
  };

/**
 * How a caller proves who it is, in OpenAPI's terms (plugins/openapi.ts). The student's session and the staff
 * cookie are added by their guards, for every route under them.
 */
const securityOf: Partial<Record<Extract<Access, string>, Record<string, never[]>[]>> = {
  aggregator: [{ billerUsername: [], billerPassword: [] }],
  'admin-token': [{ adminToken: [] }],
};

/**
 * A route's method, URL, schemas and roles from its call in the table (packages/shared/src/calls): a route
 * file adds the handler, and what else only the server knows (a body limit, a log level). `config` is the
 * route's own (a validation refusal's message, say); the call's roles are added to it.
 *
 *     app.route({ ...routeOf(paymentBranches), handler: async (request) => ({ … }) });
 *
 * The handler's `request.body`, `params` and `query` and its answer are typed from the call's schemas.
 */
export function routeOf<const C extends CallShape>(call: C, config: FastifyContextConfig = {}) {
  const schema: Record<string, unknown> = {};
  if (call.params) schema.params = call.params;
  if (call.query) schema.querystring = call.query;
  if (call.body) schema.body = call.body;
  if (call.form) {
    // Read by the handler (lib/csv, the uploads); described as multipart/form-data by plugins/openapi.ts.
    schema.consumes = ['multipart/form-data'];
    schema.multipartBody = call.form;
  }
  const response = answers(call.answer, call.refusal ?? errorAnswerSchema);
  schema.response = call.conflict ? { ...response, '4xx': call.conflict } : response;
  const access = call.access;
  const security = typeof access === 'string' ? securityOf[access] : undefined;
  if (security) schema.security = security;
  return {
    method: call.method,
    url: call.path,
    schema: schema as Schema<C>,
    config: typeof access === 'object' ? { ...config, staffRoles: access.staff } : config,
  };
}
