import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { forbidden, notFound } from '../lib/http-error';
import { storageKeyPattern, type FileStorage } from '../storage/file-storage';
import { messages } from '@portal/shared/messages';
import { errorAnswerSchema } from '@portal/shared/schemas/envelope';
import { bytesSchema } from '../plugins/openapi';

/** A stored image sent behind its signed URL: `/files/*` and the student images the staff page shows. */
export const fileParams = z.object({ folder: z.string(), name: z.string() });
export const fileQuery = z.object({ e: z.coerce.number().int(), s: z.string().max(64) });
export const fileResponse = {
  200: { description: 'The image (always JPEG)', content: { 'image/jpeg': { schema: bytesSchema } } },
  '4xx': errorAnswerSchema,
  '5xx': errorAnswerSchema,
};

/** The stored key of `/<folder>/<name>`, or 404 for anything that is not one. */
export function fileKey(params: { folder: string; name: string }): string {
  const key = `${params.folder}/${params.name}`;
  if (!storageKeyPattern.test(key)) throw notFound(messages.unknownCall);
  return key;
}

/** Sends a stored image for as long as its URL stays valid; 403 when the URL was not valid. */
export async function sendImage(
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  validFor: number | undefined,
) {
  if (validFor === undefined) throw forbidden(messages.forbidden);
  const body = await storage.get(key);
  if (!body) throw notFound(messages.unknownCall);
  return reply
    .type('image/jpeg')
    .header('cache-control', `private, max-age=${validFor}`)
    .header('content-disposition', 'inline')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}
