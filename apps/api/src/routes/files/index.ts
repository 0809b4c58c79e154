import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound } from '../../lib/http-error';
import { storageKeyPattern } from '../../storage/file-storage';
import { messages } from '@portal/shared/messages';
import { errorAnswerSchema } from '@portal/shared/schemas/envelope';
import { bytesSchema, tagRoutes } from '../../plugins/openapi';

const fileQuery = z.object({ e: z.coerce.number().int(), s: z.string().max(64) });

/**
 * Stored images, each behind a short-lived signed URL that only its owner's student data carries. Always
 * served as JPEG (every stored image was re-encoded) with nosniff, and never to a forged or old URL.
 */
export const fileRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Files');
  const { signer, storage } = app.services;

  app.get(
    '/files/:folder/:name',
    {
      schema: {
        params: z.object({ folder: z.string(), name: z.string() }),
        querystring: fileQuery,
        // The image is sent as bytes and bypasses the serializer; the refusals are the envelope.
        response: {
          200: { description: 'The image (always JPEG)', content: { 'image/jpeg': { schema: bytesSchema } } },
          '4xx': errorAnswerSchema,
          '5xx': errorAnswerSchema,
        },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const key = `${request.params.folder}/${request.params.name}`;
      if (!storageKeyPattern.test(key)) throw notFound(messages.unknownCall);
      const validFor = signer.check(key, request.query.e, request.query.s);
      if (validFor === undefined) throw forbidden(messages.forbidden);
      const body = await storage.get(key);
      if (!body) throw notFound(messages.unknownCall);
      return reply
        .type('image/jpeg')
        .header('cache-control', `private, max-age=${validFor}`)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
};
