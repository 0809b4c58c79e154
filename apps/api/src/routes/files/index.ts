import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagRoutes } from '../../plugins/openapi';
import { fileKey, fileParams, fileQuery, fileResponse, sendImage } from '../stored-image';

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
      // The image is sent as bytes and bypasses the serializer; the refusals are the envelope.
      schema: { params: fileParams, querystring: fileQuery, response: fileResponse },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const key = fileKey(request.params);
      return sendImage(reply, storage, key, signer.check(key, request.query.e, request.query.s));
    },
  );
};
