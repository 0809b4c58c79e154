import { demoMediaRoot } from '../paths';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/**
 * Serves the catalogue's own media under /media/ with byte ranges (videos seek and resume) and a day of
 * caching. Production catalogues usually point at a video host instead; these files are public demo content,
 * and what a student may watch is decided by the lesson calls, which hand out the addresses.
 */
export const mediaPlugin = fp(
  async (app) => {
    await app.register(fastifyStatic, {
      root: fileURLToPath(demoMediaRoot),
      prefix: '/media/',
      decorateReply: false,
      index: false,
      wildcard: true,
      cacheControl: false,
      setHeaders(res) {
        res.header('cache-control', 'public, max-age=86400');
      },
    });
  },
  { name: 'media' },
);
