import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messages } from '@portal/shared/messages';
import { errorAnswerSchema } from '@portal/shared/schemas/envelope';
import { HttpError, forbidden, notFound } from '../../../lib/http-error';
import { bytesSchema, tagRoutes } from '../../../plugins/openapi';
import { parseRange } from '../../../storage/video-storage';

/**
 * `/media/videos/:id` (decision 0024): an uploaded lecture video, behind the signed URL the lesson calls hand
 * to a student allowed to watch it. Streamed from the folder or S3 with byte ranges (the player seeks and
 * resumes), never held in memory.
 */
export const videoMediaRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Files');
  const { signer, videos, outline } = app.services;

  app.get(
    '/media/videos/:id',
    {
      schema: {
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ e: z.coerce.number().int(), s: z.string().max(64) }),
        response: {
          // With a Range header the answer is 206 with that range (416 outside the file).
          200: {
            description: 'The video, or 206 with the asked byte range',
            content: { 'video/mp4': { schema: bytesSchema } },
          },
          '4xx': errorAnswerSchema,
          '5xx': errorAnswerSchema,
        },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const validFor = signer.checkVideo(request.params.id, request.query.e, request.query.s);
      if (validFor === undefined) throw forbidden(messages.forbidden);
      const video = await outline.findVideo(request.params.id);
      const size = video && (await videos.size(video.storageKey));
      if (!video || size === undefined) throw notFound(messages.videoNotFound);
      const range = parseRange(request.headers.range, size);
      reply
        .type(video.contentType)
        .header('accept-ranges', 'bytes')
        .header('cache-control', `private, max-age=${validFor}`)
        .header('x-content-type-options', 'nosniff');
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`);
        throw new HttpError(416, messages.videoRangeInvalid);
      }
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1);
      } else reply.header('content-length', size);
      // A stream: the serializer does not see it (the 200/206 schemas only describe it).
      return reply.send((await videos.read(video.storageKey, range)) as never);
    },
  );
};
