import { existsSync } from 'node:fs';
import fp from 'fastify-plugin';
import { messages } from '@portal/shared/messages';
import { readBuiltFiles, sendBuiltFile, type BuiltFile } from '../lib/built-files';

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

/** What a page or an asset is sent with: hashed assets kept a year, everything else revalidated. */
function cacheControl(path: string): string {
  return path.startsWith('/assets/')
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
}

/**
 * Serves the built SPA from the same process, from memory (lib/built-files.ts): hashed assets cached for a
 * year, index.html always revalidated, pre-compressed files (brotli, gzip) sent as they are, and every
 * unknown page path answered with the SPA so that the router can show the page (or its not-found page):
 * /staff and /staff/* with the staff console's page, every other path with the student app's.
 */
export const spaPlugin = fp<{ webRoot: string }>(
  async (app, { webRoot }) => {
    const files = existsSync(webRoot) ? await readBuiltFiles(webRoot) : new Map<string, BuiltFile>();
    const studentPage = files.get('/index.html');
    // The staff console is a page of its own (apps/web/staff.html), so that none of it loads for students.
    const consolePage = files.get('/staff.html');
    if (studentPage) {
      for (const [path, file] of files) {
        app.get(path, { compress: false, schema: { hide: true } }, (request, reply) =>
          sendBuiltFile(request, reply, file, cacheControl(path)),
        );
      }
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
      if (isPage && isConsolePage && consolePage) {
        return sendBuiltFile(request, reply, consolePage, cacheControl('/staff.html'));
      }
      if (isPage && studentPage) {
        return sendBuiltFile(request, reply, studentPage, cacheControl('/index.html'));
      }
      return reply.code(404).send({ success: false, message: messages.unknownCall });
    });
  },
  { name: 'spa' },
);
