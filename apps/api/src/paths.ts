import { fileURLToPath } from 'node:url';

/**
 * The files the server reads beside its code. They are found from apps/api/, which is one folder above this
 * module both where it runs from its sources (src/paths.ts) and where it is bundled into the built server
 * (dist/server.js, dist/admin.js): no other module says where a file lies.
 */
const apiRoot = new URL('../', import.meta.url);

/** The SQL migrations, applied in order at start-up. */
export const migrationsFolder = fileURLToPath(new URL('src/db/migrations', apiRoot));
/** The demo catalogue (SEED=demo) and its media (lecture videos, covers, quiz files). */
export const demoCataloguePath = new URL('catalogue/demo.json', apiRoot);
export const demoMediaRoot = new URL('catalogue/media/', apiRoot);
/** The built web app (`npm run build`). */
export const defaultWebRoot = fileURLToPath(new URL('../web/dist', apiRoot));
