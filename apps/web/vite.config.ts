import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { laterStudentModule, messagePlace, specMessages } from './build/spec-messages.ts';
import { routerProductionAlias, webAliases } from './aliases.ts';

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
 * at build time (so Lingui's message compiler stays out of the page), and each area a module of its own,
 * re-exported by name from the file's module. A module is never cut between chunks, so one module for the
 * whole file would put every area's texts in the first page's chunk; an area's module instead goes with the
 * code that imports it (decision 0029).
 */
function readCatalog(locale: string): CompiledTree {
  const file = fileURLToPath(new URL(`../../packages/shared/locales/${locale}.json`, import.meta.url));
  return compileTree(JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>);
}

const catalogPrefix = '\0language-catalog:';

const languageCatalogs: Plugin = {
  name: 'language-catalogs',
  enforce: 'pre',
  resolveId(source) {
    if (source.startsWith(catalogPrefix)) return source;
    const match = /^@portal\/shared\/locales\/(\w+)\.json$/.exec(source);
    return match ? `${catalogPrefix}${match[1]}` : undefined;
  },
  load(id) {
    const match = /^\0language-catalog:(\w+)(?::(\w+))?$/.exec(id);
    if (!match) return undefined;
    const [, locale, area] = match as unknown as [string, string, string | undefined];
    this.addWatchFile(
      fileURLToPath(new URL(`../../packages/shared/locales/${locale}.json`, import.meta.url)),
    );
    const areas = readCatalog(locale);
    if (area) return { code: `export default ${JSON.stringify(areas[area])};`, moduleSideEffects: false };
    const names = Object.keys(areas);
    return {
      code: [
        ...names.map((name) => `import area_${name} from '${catalogPrefix}${locale}:${name}';`),
        `export { ${names.map((name) => `area_${name} as ${name}`).join(', ')} };`,
        `export default { ${names.map((name) => `${name}: area_${name}`).join(', ')} };`,
      ].join('\n'),
      moduleSideEffects: false,
    };
  },
};

const bootModule = fileURLToPath(new URL('./src/boot.ts', import.meta.url));
/** What the boot script starts, and Vite's helper that its import() calls use. */
const earlyModules =
  /apps[\\/]web[\\/]src[\\/](lib[\\/]early-calls|app[\\/](early-downloads|drawn-sign-in))\.ts$|vite[\\/]preload-helper/;

/**
 * The boot script (src/boot.ts: lib/early-calls.ts and app/early-downloads.ts) runs on its own as soon as it arrives:
 * index.html gets a script for it ahead of the others. main.tsx imports it too, so it is modulepreloaded like the
 * rest of the first download and runs once, whichever comes first.
 */
const bootFirst: Plugin = {
  name: 'boot-first',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { filename, bundle }) {
      if (!bundle || !filename.endsWith('index.html')) return undefined;
      const boot = Object.values(bundle).find(
        (output) => output.type === 'chunk' && output.moduleIds.includes(bootModule),
      );
      if (!boot) throw new Error('boot-first: no chunk holds src/boot.ts');
      return [
        {
          tag: 'script',
          attrs: { type: 'module', async: true, crossorigin: true, src: `/${boot.fileName}` },
          injectTo: 'head-prepend',
        },
      ];
    },
  },
};

/**
 * What every page of both entries runs first, in one file: React, the router, the i18n library, the brand
 * mark, and the helpers and the spec's messages the student pages' first download uses
 * (build/spec-messages.ts). The boot script waits for this file by its name, `framework-*.js`, before it
 * downloads a signed-in page's code (app/early-downloads.ts, decision 0066): renamed, that code would start
 * at once again.
 */
const frameworkModules =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@lingui[\\/]core)[\\/]|packages[\\/]shared[\\/]src[\\/](messages|message-texts|format-message|i18n|profile-gate)\.ts$|apps[\\/]web[\\/]src[\\/](components[\\/]ui[\\/](alert|button|card|spinner|skeleton|text-field)[\\/]|lib[\\/](class-names|session|api-client|use-action|i18n|use-route-focus|sha256|lazy-route|route-tree)\.tsx?$|app[\\/]layouts[\\/]brand-mark\.tsx$)/;

/** The scripts index.html and staff.html both load from the start (the groups above). */
const inEveryFirstDownload = /^assets\/(rolldown-runtime|early|framework)-[\w-]+\.js$/;

/**
 * The signed-in pages' shared code: TanStack Query, zod and the shared declarations (the table's calls but
 * its addresses, the schemas), the spec's constants, the design system and the clients. Not the pure SHA-256
 * (lib/sha256-fallback.ts): only a browser without Web Crypto downloads it, on its own.
 */
const signedInModules =
  /node_modules[\\/](@tanstack[\\/](react-query|query-core)|zod)[\\/]|packages[\\/]shared[\\/]src[\\/](schemas[\\/]|constants[\\/]|calls[\\/](?!addresses\.ts$))|apps[\\/]web[\\/]src[\\/](components[\\/]|lib[\\/](?!sha256-fallback\.ts$))/;

export default defineConfig(({ command }) => ({
  plugins: [react(), staffPages, languageCatalogs, specMessages, bootFirst],
  resolve: { alias: command === 'build' ? [...webAliases, routerProductionAlias()] : webAliases },
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
          // What every page of both entries runs first, in one file (frameworkModules). Left to itself the
          // bundler cuts this into several files that both entries share, and brotli compresses each file
          // alone (the sign-in page grew by 6 KB that way).
          groups: [
            {
              // The boot script alone: the console's page loads the next group too, and must not run it.
              name: 'boot',
              test: (id: string) => id === bootModule,
              includeDependenciesRecursively: false,
            },
            {
              // Before the framework's group, which would otherwise take these and make the boot script wait for
              // React: earlyModules and what they import (the framework imports them from here).
              name: 'early',
              test: earlyModules,
            },
            {
              name: 'framework',
              test: (id: string) => frameworkModules.test(id) || messagePlace(id) === 'framework',
            },
            {
              // What every signed-in page runs beyond the first download, in one file (decision 0066): TanStack
              // Query, zod and the schemas, the constants, the design system's and the clients' later parts.
              // Each file is a request on the slow phone's line and its slowed main thread; these were four.
              name: 'signed-in',
              test: (id: string) => laterStudentModule(id) && signedInModules.test(id),
              includeDependenciesRecursively: false,
            },
            {
              // The spec's other messages, in one chunk for the student pages and one for the console.
              name: (id: string) => {
                const place = messagePlace(id);
                return place === 'framework' ? null : (place ?? null);
              },
            },
            {
              // The student pages' own first-run parts that other student pages share too (the language
              // switch, the saved language, the sign-in texts): one file instead of six.
              name: 'public',
              test: /apps[\\/]web[\\/]src[\\/](lib[\\/]student-language\.ts$|app[\\/]layouts[\\/](language-switch|i18n)\.tsx?$|features[\\/]auth[\\/](i18n\.ts$|components[\\/]resend-email\.tsx$))/,
            },
          ],
        },
      },
    },
    target: 'es2022',
    // The icons the pages name (the tab icon, also the logo) are files with hashed names, cached for good:
    // inlined, the logo would be text in the first download's JavaScript, and the tab fetches it anyway.
    assetsInlineLimit: (file: string) => (file.includes('/src/assets/icons/') ? false : undefined),
    sourcemap: false,
    modulePreload: {
      polyfill: false,
      // A lazy page's import names the files to fetch beside it; those both pages' HTML loads first are
      // there already (the sign-in page's share of the budget, issue 27). The HTML keeps naming them all.
      resolveDependencies: (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
        hostType === 'html' ? deps : deps.filter((dep) => !inEveryFirstDownload.test(dep)),
    },
  },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((prefix) => [prefix, 'http://localhost:3000'])),
  },
}));
