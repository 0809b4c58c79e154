// Draws the logo mark (decision 0018) and renders the favicon set: the SVG favicon (also the navbar's logo),
// a PNG for browsers without SVG icons and the home-screen icon of iOS into src/assets/icons/ (the pages name
// them, so the build gives them hashed names, cached for good), the manifest's icons into public/ (the
// manifest names them by a fixed path).
// The PNGs are committed; run again after changing the drawing: node apps/web/scripts/make-icons.mjs
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const primary = '#0b5394';
const accent = '#7ee0b0';

// On a 48 × 48 grid: a crescent, and the star beside it drawn as a node of a network.
const glyph = [
  `<path fill="#fff" d="M20.35 11.01A15 15 0 1 0 35.62 29.35A12 12 0 1 1 20.35 11.01Z"/>`,
  `<path fill="none" stroke="${accent}" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round" d="M37.5 10.5 30 18h8.5"/>`,
  `<circle fill="${accent}" cx="30" cy="18" r="3.6"/>`,
  `<circle fill="${accent}" cx="37.5" cy="10.5" r="2.2"/>`,
  `<circle fill="${accent}" cx="38.5" cy="18" r="2.2"/>`,
].join('');

/** The mark on its rounded tile: the favicon and the logo. */
const tile = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="11" fill="${primary}"/>${glyph}</svg>\n`;

/** The mark on a full square, shrunk into the middle: platforms that cut their own shape (iOS, maskable). */
function fullBleed(scale) {
  const offset = 24 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" fill="${primary}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${glyph}</g></svg>`;
}

const pages = new URL('../src/assets/icons/', import.meta.url).pathname;
const manifest = new URL('../public/', import.meta.url).pathname;

async function png(svg, size, file) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 48 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file);
}

await writeFile(`${pages}favicon.svg`, tile);
await png(tile, 32, `${pages}favicon-32.png`);
// iOS rounds the corners itself and fills transparency with black: a full square, the mark at 80 %.
await png(fullBleed(0.8), 180, `${pages}apple-touch-icon.png`);
await png(tile, 192, `${manifest}icon-192.png`);
await png(tile, 512, `${manifest}icon-512.png`);
// Android may cut a circle: the mark inside the safe zone (the middle 80 %), at 66 %.
await png(fullBleed(0.66), 512, `${manifest}icon-maskable-512.png`);
