import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType as ZodType } from 'zod/v4/core';
import { builtFile, sendBuiltFile, type BuiltFile } from '../lib/built-files';

declare module 'fastify' {
  interface FastifySchema {
    /**
     * What a multipart call's form carries, for the published description only: the handler reads and
     * checks the parts itself (lib/multipart.ts), so this is never a validator.
     */
    multipartBody?: ZodType;
  }
}

/** The areas of the reference page, in the order API.md presents them. */
export const openApiTags = [
  { name: 'Account', description: 'Sign-up, verification, sign-in, password reset and change, sign-out' },
  { name: 'Public', description: 'Calls anyone may make: settings, reference lists, captcha, batch config' },
  { name: 'Profile and documents', description: 'Multipart uploads of the profile photo and documents' },
  { name: 'Courses', description: 'Batches, courses and the student’s registrations' },
  { name: 'Fees', description: 'Time slots, vouchers and payment branches' },
  { name: 'Learning', description: 'Course links, results, lectures, exam keys and announcements' },
  { name: 'Bill payment', description: 'Kuickpay biller endpoints, called by the aggregator' },
  { name: 'Files', description: 'Stored images behind short-lived signed URLs' },
  { name: 'Operations', description: 'Health, readiness, metrics, the dev mailbox and this description' },
  { name: 'Staff', description: 'The staff command line’s way in (loopback only)' },
  {
    name: 'Staff identity',
    description: 'Staff set-up, sign-in with password and TOTP, sign-out, staff accounts',
  },
  {
    name: 'Admissions',
    description: 'Students, the review queue, enrolments and results (admissions, admin)',
  },
  { name: 'Audit', description: 'The append-only audit log of every staff change' },
  {
    name: 'Catalogue',
    description:
      'Courses, batches, time slots, online fees, payment branches, the catalogue file, batch configs and grants (content, admin)',
  },
  {
    name: 'Content',
    description:
      'Course links, sections, lessons, topics, lecture video uploads (tus), textbooks, exam keys and announcements (content, admin)',
  },
  {
    name: 'Accounts',
    description: 'Vouchers, the biller log, reconciliation, mark-paid and collections (accounts, admin)',
  },
] as const;

export type OpenApiTag = (typeof openApiTags)[number]['name'];

/** Files every route registered after this call (in the calling plugin) under one area of the reference. */
export function tagRoutes<Provider extends FastifyTypeProvider>(
  app: FastifyInstance<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    FastifyBaseLogger,
    Provider
  >,
  tag: OpenApiTag,
): void {
  app.addHook('onRoute', (route) => {
    route.schema = { tags: [tag], ...route.schema };
  });
}

/** The outline of an OpenAPI document; its parts are whatever the routes declare. */
const openApiDocumentSchema = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('The OpenAPI 3.1 document');

/** Bytes (an image) have no JSON Schema of their own: such a schema says what it is through its metadata. */
const jsonSchemaTransform = createJsonSchemaTransform({ zodToJsonConfig: { unrepresentable: 'any' } });

/** Raw bytes of an answer, such as a stored image; never serialised, only described. */
export const bytesSchema = z
  .custom<Buffer>((value) => Buffer.isBuffer(value))
  .meta({ type: 'string', format: 'binary' });

/** How each kind of caller proves who it is (the routes name these in their `security`). */
const securitySchemes = {
  session: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The databaseToken of /auth/login. A databaseToken field in the body (or a multipart field) is accepted too.',
  },
  billerUsername: {
    type: 'apiKey',
    in: 'header',
    name: 'username',
    description: 'KUICKPAY_USERNAME',
  },
  billerPassword: {
    type: 'apiKey',
    in: 'header',
    name: 'password',
    description: 'KUICKPAY_PASSWORD',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'METRICS_TOKEN: /metrics answers only to it',
  },
  adminToken: {
    type: 'apiKey',
    in: 'header',
    name: 'x-admin-token',
    description: 'The admin token kept in DATA_DIR; loopback callers only',
  },
  staffSession: {
    type: 'apiKey',
    in: 'cookie',
    name: 'portal_staff',
    description:
      'The staff session cookie set by /staffapi/login (HttpOnly, SameSite=Strict, path /staffapi)',
  },
} as const;

/** The zod provider's transform, plus the form of multipart calls described as multipart/form-data. */
const transform: typeof jsonSchemaTransform = (document) => {
  const multipartBody = document.schema.multipartBody;
  if (!multipartBody) return jsonSchemaTransform(document);
  const { multipartBody: _form, ...schema } = document.schema;
  const transformed = jsonSchemaTransform({ ...document, schema });
  const body = z.toJSONSchema(multipartBody, { target: 'draft-2020-12', io: 'input' });
  return { ...transformed, schema: { ...transformed.schema, body } };
};

/**
 * The published description of the API: an OpenAPI 3.1 document generated from the routes' own zod schemas
 * at GET /openapi.json, and a reference page at /docs (Swagger UI, served from the package's own files:
 * nothing is fetched from elsewhere, and the page runs under the portal's Content-Security-Policy).
 * Register it before the routes, so that it sees each of them.
 */
export const openApiPlugin = fp<{ publicUrl: string }>(
  async (app, { publicUrl }) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Student portal API',
          version: '1',
          description:
            'The calls of the student portal (API.md), described from the schemas the server validates and ' +
            'serialises with. Every answer is JSON unless its content type says otherwise; refusals are the ' +
            'envelope `{ success: false, message }` with the status of API.md.',
        },
        servers: [{ url: publicUrl }],
        tags: [...openApiTags],
        components: {
          securitySchemes,
        },
      },
      transform,
      transformObject: jsonSchemaTransformObject,
    });

    // The description does not change while the server runs, and it is 381 KB: made, checked and compressed
    // once, at its first request, instead of serialised and compressed as a stream on libuv's
    // threadpool, behind any sign-ins' argon2 (108–120 ms beside 8 of them), on every request.
    let published: BuiltFile | undefined;
    const publishedDocument = (): BuiltFile => {
      if (!published) {
        const body = Buffer.from(JSON.stringify(openApiDocumentSchema.parse(app.swagger())));
        published = builtFile('application/json; charset=utf-8', new Date().toUTCString(), {
          identity: body,
          br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } }),
          gzip: gzipSync(body),
        });
      }
      return published;
    };
    app.get(
      '/openapi.json',
      {
        logLevel: 'warn',
        compress: false,
        schema: {
          tags: ['Operations'],
          summary: 'This description (OpenAPI 3.1)',
          response: { 200: openApiDocumentSchema },
        },
      },
      (request, reply) => sendBuiltFile(request, reply, publishedDocument(), 'no-cache'),
    );

    await app.register(fastifySwaggerUi, {
      routePrefix: '/docs',
      // No validator badge: it would fetch from a third-party host, which the CSP refuses anyway.
      validatorUrl: false,
      theme: { title: 'Student portal API' },
      uiConfig: {
        // Without the top bar: its Swagger logo is an SVG with a <style> element, which the CSP refuses.
        layout: 'BaseLayout',
        deepLinking: true,
        defaultModelsExpandDepth: 0,
        tryItOutEnabled: false,
      },
    });
  },
  { name: 'openapi' },
);
