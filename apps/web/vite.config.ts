import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compileMessage } from '@lingui/message-utils/compileMessage';

// The API and the SPA share one origin in production; in development Vite proxies the API calls.
const apiPrefixes = [
  '/auth',
  '/public',
  '/forgetpassword',
  '/studentAuth',
  '/studentapi',
  '/staffapi',
  '/captcha',
  '/dev',
  '/files',
  '/healthz',
];

/** In development, as the API server does in production: /staff and /staff/* are the console's page. */
const staffPages: Plugin = {
  name: 'staff-pages',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const path = req.url?.split('?')[0] ?? '';
      if (req.method === 'GET' && (path === '/staff' || path.startsWith('/staff/'))) req.url = '/staff.html';
      next();
    });
  },
};

type Compiled = ReturnType<typeof compileMessage>;
interface CompiledTree {
  [key: string]: Compiled | CompiledTree;
}

function compileTree(tree: Record<string, unknown>): CompiledTree {
  return Object.fromEntries(
    Object.entries(tree).map(([key, value]) => [
      key,
      typeof value === 'string' ? compileMessage(value) : compileTree(value as Record<string, unknown>),
    ]),
  );
}

/**
 * The language files (`packages/shared/locales/<locale>.json`) as the browser gets them: each message compiled
 * at build time (so Lingui's message compiler stays out of the page), and each area a named export, so a page
 * that imports `{ courses }` carries only the course texts (decision 0029).
 */
const languageCatalogs: Plugin = {
  name: 'language-catalogs',
  enforce: 'pre',
  resolveId(source) {
    const match = /^@portal\/shared\/locales\/(\w+)\.json$/.exec(source);
    return match ? `\0language-catalog:${match[1]}` : undefined;
  },
  load(id) {
    const match = /^\0language-catalog:(\w+)$/.exec(id);
    if (!match) return undefined;
    const file = fileURLToPath(new URL(`../../packages/shared/locales/${match[1]}.json`, import.meta.url));
    this.addWatchFile(file);
    const areas = compileTree(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
    const names = Object.keys(areas);
    return [
      ...names.map((name) => `export const ${name} = ${JSON.stringify(areas[name])};`),
      `export default { ${names.join(', ')} };`,
    ].join('\n');
  },
};

export default defineConfig({
  plugins: [react(), staffPages, languageCatalogs],
  build: {
    // Two pages, two entry points: the staff console (staff.html) shares no code path with the student pages'
    // first download; only chunks both import (React) are shared.
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        staff: fileURLToPath(new URL('./staff.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // What every page of both entries runs first, in one file: React, the router, the i18n library
          // and the spec's messages. Left to itself the bundler cuts this into several files that both
          // entries share, and brotli compresses each file alone (the sign-in page grew by 6 KB that way).
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@lingui[\\/]core)[\\/]|packages[\\/]shared[\\/]src[\\/](messages|i18n|profile-gate)\.ts$|apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](alert|button|card|spinner|skeleton|text-field)[\\/]|lib[\\/](class-names|session|api-client|use-action|i18n)\.ts$)/,
            },
          ],
        },
      },
    },
    target: 'es2022',
    sourcemap: false,
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, 'http://localhost:3000'])),
  },
});
