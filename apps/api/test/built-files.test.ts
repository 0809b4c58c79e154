import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compression } from '../src/app';
import { contentType, stillFresh } from '../src/lib/built-files';
import { spaPlugin } from '../src/plugins/spa';

// A web build as Vite and the compression step leave it: the pages, an asset with both encodings beside
// it, a style sheet with only gzip, an image and a script with none.
const webRoot = mkdtempSync(join(tmpdir(), 'portal-built-'));
mkdirSync(join(webRoot, 'assets'));
const page = '<!doctype html><title>Student Portal</title>' + '<p>hello</p>'.repeat(200);
const script = 'console.log("portal");'.repeat(200);
const style = 'body{color:#111}'.repeat(200);
const plain = 'export const a = 1;\n'.repeat(100);
const image = Buffer.from([0x89, 0x50, 0x4e, 0x47, ...Array.from({ length: 3000 }, (_, i) => i % 251)]);
const builtFiles: [string, string | Buffer][] = [
  ['index.html', page],
  ['index.html.br', brotliCompressSync(page)],
  ['staff.html', '<!doctype html><title>Staff console</title>'],
  ['assets/app-abc123.js', script],
  ['assets/app-abc123.js.br', brotliCompressSync(script)],
  ['assets/app-abc123.js.gz', gzipSync(script)],
  ['assets/app-abc123.css', style],
  ['assets/app-abc123.css.gz', gzipSync(style)],
  ['assets/plain-abc123.js', plain],
  ['icon-192.png', image],
];
for (const [path, bytes] of builtFiles) writeFileSync(join(webRoot, path), bytes);

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  // As in the app: everything over 1 KB is compressed on the way out unless a route says otherwise.
  await app.register(fastifyCompress, compression);
  await app.register(spaPlugin, { webRoot });
  await app.ready();
});
afterAll(() => app.close());

function get(url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

describe('the built files', () => {
  it('sends the best encoding the browser accepts, as the build made it', async () => {
    const cases: [string, string | undefined][] = [
      ['br, gzip, deflate', 'br'],
      ['gzip, deflate, br;q=0.5', 'gzip'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['identity', undefined],
      ['', undefined],
    ];
    for (const [acceptEncoding, expected] of cases) {
      const response = await get('/assets/app-abc123.js', { 'accept-encoding': acceptEncoding });
      expect(response.statusCode, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(expected);
      expect(response.headers['content-type']).toBe('text/javascript; charset=utf-8');
      expect(response.headers['vary']).toBe('accept-encoding');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const body = response.rawPayload;
      const decoded =
        expected === 'br' ? brotliDecompressSync(body) : expected === 'gzip' ? gunzipSync(body) : body;
      expect(decoded.toString()).toBe(script);
    }
  });

  it('falls back to what exists: gzip for a sheet with no brotli, the bytes as they are for the rest', async () => {
    const sheet = await get('/assets/app-abc123.css', { 'accept-encoding': 'br, gzip' });
    expect(sheet.headers['content-encoding']).toBe('gzip');
    expect(sheet.headers['content-type']).toBe('text/css; charset=utf-8');
    // Over the compression threshold, but never compressed again on the way out.
    const icon = await get('/icon-192.png', { 'accept-encoding': 'br, gzip' });
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.headers['vary']).toBeUndefined();
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(icon.rawPayload).toEqual(image);
    const unpacked = await get('/assets/plain-abc123.js', { 'accept-encoding': 'br' });
    expect([unpacked.headers['content-encoding'], unpacked.body]).toEqual([undefined, plain]);
  });

  it('answers 304 when the copy is still good, by ETag (each encoding its own) or by date', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'br' });
    const gzip = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(br.headers.etag).toMatch(/^"[\w-]{27}"$/);
    expect(gzip.headers.etag).not.toBe(br.headers.etag);

    const again = (headers: Record<string, string>) =>
      get('/assets/app-abc123.js', { 'accept-encoding': 'br', ...headers });
    const notModified = await again({ 'if-none-match': String(br.headers.etag) });
    expect([notModified.statusCode, notModified.body]).toEqual([304, '']);
    expect(notModified.headers.etag).toBe(br.headers.etag);
    expect((await again({ 'if-none-match': `"other", W/${br.headers.etag}` })).statusCode).toBe(304);
    expect((await again({ 'if-none-match': String(gzip.headers.etag) })).statusCode).toBe(200);
    // If-None-Match decides when it is there, whatever the date says.
    const lastModified = String(br.headers['last-modified']);
    expect((await again({ 'if-modified-since': lastModified })).statusCode).toBe(304);
    expect((await again({ 'if-none-match': '"other"', 'if-modified-since': lastModified })).statusCode).toBe(
      200,
    );
    expect((await again({ 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).statusCode).toBe(200);
    expect((await again({ 'if-modified-since': 'yesterday' })).statusCode).toBe(200);
  });

  it('answers HEAD with the headers and no body', async () => {
    const response = await app.inject({
      method: 'HEAD',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-length']).toBe(String(brotliCompressSync(script).length));
    expect(response.body).toBe('');
  });

  it('sends the pages (each page path) brotli-compressed and revalidated, with a 304 for a good copy', async () => {
    const first = await get('/courses', { 'accept-encoding': 'br' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const again = await get('/profile', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect((await get('/staff/signin')).body).toContain('Staff console');
  });

  it('serves from memory: what the server read at start, whatever happens to the folder after', async () => {
    rmSync(join(webRoot, 'assets', 'app-abc123.js'));
    writeFileSync(join(webRoot, 'index.html'), 'changed');
    expect((await get('/assets/app-abc123.js')).body).toBe(script);
    expect((await get('/')).body).toBe(page);
    // The compressed forms are not files of their own on the wire.
    expect((await get('/assets/app-abc123.js.br')).statusCode).toBe(404);
  });
});

describe('stillFresh and contentType', () => {
  it('compare validators as RFC 9110 says', () => {
    const date = 'Sun, 29 Nov 2026 00:00:00 GMT';
    expect(stillFresh({ 'if-none-match': '*' }, '"a"', date)).toBe(true);
    expect(stillFresh({ 'if-none-match': '"b" , "a"' }, '"a"', date)).toBe(true);
    expect(stillFresh({ 'if-none-match': '"b"' }, '"a"', date)).toBe(false);
    expect(stillFresh({ 'if-modified-since': 'Sun, 29 Nov 2026 00:00:01 GMT' }, '"a"', date)).toBe(true);
    expect(stillFresh({ 'if-modified-since': 'Sat, 28 Nov 2026 23:59:59 GMT' }, '"a"', date)).toBe(false);
    expect(stillFresh({}, '"a"', date)).toBe(false);
  });

  it('names every kind of file the web build holds, and sends anything else as bytes', () => {
    expect(
      ['a.js', 'a.css', 'a.html', 'a.svg', 'a.png', 'a.woff2', 'manifest.webmanifest', 'a.unknown'].map(
        contentType,
      ),
    ).toEqual([
      'text/javascript; charset=utf-8',
      'text/css; charset=utf-8',
      'text/html; charset=utf-8',
      'image/svg+xml',
      'image/png',
      'font/woff2',
      'application/manifest+json; charset=utf-8',
      'application/octet-stream',
    ]);
  });
});
