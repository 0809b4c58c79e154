import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { messages } from '@portal/shared/messages';

/** Paths that belong to the API: an unknown one is a 404 envelope, never the SPA. */
const apiPrefixes = [
  '/auth/',
  '/public/',
  '/forgetpassword',
  '/studentAuth/',
  '/studentapi/',
  '/staffapi/',
  '/captcha/',
  '/billpayment/',
  '/dev/',
  '/files/',
  '/media/',
];

/**
 * Serves the built SPA from the same process: hashed assets cached for a year, index.html always
 * revalidated, pre-compressed files (brotli, gzip) sent as they are, and every unknown page path answered
 * with the SPA so that the router can show the page (or its not-found page): /staff and /staff/* with the
 * staff console's page, every other path with the student app's.
 */
export const spaPlugin = fp<{ webRoot: string }>(
  async (app, { webRoot }) => {
    const built = existsSync(join(webRoot, 'index.html'));
    // The staff console is a page of its own (apps/web/staff.html), so that none of it loads for students.
    const consoleBuilt = existsSync(join(webRoot, 'staff.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root: webRoot,
        wildcard: false,
        preCompressed: true,
        index: false,
        cacheControl: false,
        setHeaders(res, path) {
          res.header(
            'cache-control',
            path.includes('/assets/')
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=0, must-revalidate',
          );
        },
      });
    } else {
      app.log.warn(`no built web app in ${webRoot}: run "npm run build" to serve the pages`);
    }

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !apiPrefixes.some((prefix) => path.startsWith(prefix)) &&
        !path.startsWith('/assets/');
      const isConsolePage = path === '/staff' || path.startsWith('/staff/');
      if (isPage && isConsolePage && consoleBuilt) {
        return reply.header('cache-control', 'no-cache').sendFile('staff.html');
      }
      if (isPage && built) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply.code(404).send({ success: false, message: messages.unknownCall });
    });
  },
  { name: 'spa' },
);
