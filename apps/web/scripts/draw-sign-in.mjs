// Draws the sign-in page into dist/index.html, in English and in Urdu, as <template>s that the boot script
// shows while React is on its way (src/app/draw-sign-in.tsx, src/app/drawn-sign-in.ts, decision 0074). Runs
// after `vite build`, before precompress.mjs. The app's own components draw it, through Vite's SSR loader
// with the project's config, so the page cannot drift from what React then draws.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = join(web, 'dist');
const locales = ['en', 'ur'];

/** Storage for the app's modules that read it at start: a visitor with nothing stored. */
function emptyStorage() {
  const items = new Map();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}
globalThis.localStorage = emptyStorage();
globalThis.sessionStorage = emptyStorage();

/**
 * The drawn page names its files (the logo) by their place in the source, as Vite's development server does;
 * each becomes the build's hashed file with the same bytes, or the build stops.
 */
async function builtAddresses(html) {
  const assets = await readdir(join(dist, 'assets'));
  const sources = [...new Set(html.match(/\/src\/[\w./-]+/g) ?? [])];
  for (const source of sources) {
    const bytes = await readFile(join(web, source));
    const stem = basename(source, extname(source));
    const candidates = assets.filter((name) => name.startsWith(`${stem}-`) && name.endsWith(extname(source)));
    let built;
    for (const name of candidates) {
      if ((await readFile(join(dist, 'assets', name))).equals(bytes)) built = `/assets/${name}`;
    }
    if (!built) throw new Error(`draw-sign-in: no file in dist/assets has the bytes of ${source}`);
    html = html.replaceAll(source, built);
  }
  return html;
}

const vite = await createServer({
  root: web,
  configFile: join(web, 'vite.config.ts'),
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'error',
});
let templates = '';
try {
  const { drawSignIn } = await vite.ssrLoadModule('/src/app/draw-sign-in.tsx');
  const { drawnSignInId } = await vite.ssrLoadModule('/src/app/drawn-sign-in.ts');
  for (const locale of locales) {
    const page = await builtAddresses(await drawSignIn(locale));
    // A page drawn without its form (sent elsewhere, or failed) must not be shown to anyone.
    if (!/<h1[\s>]/.test(page) || !/<form[\s>]/.test(page) || !/<input[\s>]/.test(page))
      throw new Error(`draw-sign-in: the ${locale} page has no heading, form or field:\n${page}`);
    templates += `<template id="${drawnSignInId(locale)}">${page}</template>`;
  }
} finally {
  await vite.close();
}

const indexFile = join(dist, 'index.html');
const index = await readFile(indexFile, 'utf8');
if (index.includes('id="drawn-sign-in-'))
  throw new Error('draw-sign-in: dist/index.html has its pages already');
if (!index.includes('</body>')) throw new Error('draw-sign-in: dist/index.html has no </body>');
await writeFile(indexFile, index.replace('</body>', `${templates}\n  </body>`));
console.log(`drew the sign-in page into dist/index.html (${locales.join(', ')}: ${templates.length} bytes)`);
