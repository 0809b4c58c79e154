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
