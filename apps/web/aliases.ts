import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * `@/` is apps/web/src and `@test/` apps/web/test, for Vite and for the web tests alike (tsconfig.json's
 * `paths` says the same to TypeScript): an import that leaves its own folder names where it goes, instead of
 * climbing `../../../`. ESLint refuses `../` in apps/web.
 */
export const webAliases = [
  { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
  { find: /^@test\//, replacement: fileURLToPath(new URL('./test/', import.meta.url)) },
];

/**
 * react-router's package names its development build under every condition: the same code with its
 * warnings for developers switched on (`ENABLE_DEV_WARNINGS`), their messages written into the bundle and
 * checked on every render. Its production build lies beside it; the browser's build takes that one
 * (vite.config.ts, and the sign-in page's floor in bench/lib/js-floor.ts), the tests keep the warnings.
 */
export function routerProductionAlias() {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = development.replace(/([\\/])development([\\/])index\.m?js$/, '$1production$2index.mjs');
  if (production === development || !existsSync(production))
    throw new Error(`react-router's production build is not where it was (beside ${development})`);
  return { find: /^react-router$/, replacement: production };
}
