import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@portal/shared/messages';
import { errorAnswerSchema } from '@portal/shared/schemas/envelope';
import { notFound } from '../../../lib/http-error';
import { bytesSchema, tagRoutes } from '../../../plugins/openapi';
import { storageKeyPattern } from '../../../storage/file-storage';

/**
 * `/covers/<name>`: textbook covers uploaded through the console, re-encoded as JPEG. Book covers are public
 * (as the demo's under /media/covers); their names are random and never reused, so they are cached for a year.
 */
export const coverRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Files');
  const { storage } = app.services;

  app.get(
    '/covers/:name',
    {
      schema: {
        params: z.object({ name: z.string().max(64) }),
        response: {
          200: { description: 'The cover (always JPEG)', content: { 'image/jpeg': { schema: bytesSchema } } },
          '4xx': errorAnswerSchema,
          '5xx': errorAnswerSchema,
        },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const key = `covers/${request.params.name}`;
      if (!storageKeyPattern.test(key)) throw notFound(messages.unknownCall);
      const body = await storage.get(key);
      if (!body) throw notFound(messages.unknownCall);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(body);
    },
  );
};
