import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings the web build writes beside a file (`x.js.br`, `x.js.gz`), best first. */
const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

export type Encoding = (typeof encodings)[number]['name'] | 'identity';

/** One form of a file's bytes, with its own ETag (the forms differ, so must their tags). */
export interface Variant {
  body: Buffer;
  etag: string;
}

/** A file of the web build, held in memory with every encoding the build made of it. */
export interface BuiltFile {
  type: string;
  lastModified: string;
  variants: Partial<Record<Encoding, Variant>> & { identity: Variant };
  /** More than one encoding to choose from: the answer varies with Accept-Encoding. */
  varies: boolean;
  /** Picks the best variant an Accept-Encoding header allows: identity when it allows none of the others. */
  negotiate(acceptEncoding: string | undefined): Encoding;
}

/** The types of what the web build holds; anything else is sent as bytes. */
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

export function contentType(path: string): string {
  return types[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

function variant(body: Buffer): Variant {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** A file's bytes as they are, and the compressed copies there are of them. */
export type Forms = Partial<Record<Encoding, Buffer>> & { identity: Buffer };

/** A file held in memory: its forms, each with its ETag, and how a request's Accept-Encoding picks one. */
export function builtFile(type: string, lastModified: string, forms: Forms): BuiltFile {
  const variants: BuiltFile['variants'] = { identity: variant(forms.identity) };
  for (const { name } of encodings) {
    const body = forms[name];
    if (body) variants[name] = variant(body);
  }
  const offered = [...encodings.map(({ name }) => name).filter((name) => variants[name]), 'identity'];
  // No cache of answers by header: a client could fill it with headers of its own making.
  const negotiator = new Negotiator({ supportedValues: offered });
  return {
    type,
    lastModified,
    variants,
    varies: offered.length > 1,
    negotiate: (acceptEncoding) =>
      offered.length === 1
        ? 'identity'
        : ((negotiator.negotiate(acceptEncoding ?? '') as Encoding | null) ?? 'identity'),
  };
}

/**
 * Sends a file held in memory in the encoding the request prefers (brotli, gzip, or as it is), or 304 when
 * the caller's copy is still good. Its route must have `compress: false`: it is never compressed again.
 */
export function sendBuiltFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: BuiltFile,
  cacheControl: string,
) {
  const encoding = file.negotiate(request.headers['accept-encoding']);
  const { body, etag } = file.variants[encoding] ?? file.variants.identity;
  reply.header('cache-control', cacheControl).header('etag', etag).header('last-modified', file.lastModified);
  if (file.varies) reply.header('vary', 'accept-encoding');
  if (stillFresh(request.headers, etag, file.lastModified)) return reply.code(304).send();
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type(file.type).send(body);
}

/**
 * Reads the whole web build once, at start, into memory: each file by its URL path (`/assets/x.js`), with
 * the pre-compressed forms the build wrote beside it. Serving from memory keeps the pages' files off libuv's
 * threadpool, where a burst of sign-ins (argon2) would otherwise queue every file read behind it
 * (bench/README.md, "login"; decision 0059). The build is a few megabytes and does not change while the
 * server runs: a new build is a new release, started anew.
 */
export async function readBuiltFiles(root: string): Promise<Map<string, BuiltFile>> {
  const paths = await filesUnder(root);
  const present = new Set(paths);
  const files = new Map<string, BuiltFile>();
  for (const path of paths) {
    if (encodings.some(({ suffix }) => path.endsWith(suffix) && present.has(path.slice(0, -suffix.length)))) {
      continue;
    }
    const forms: Forms = { identity: await readFile(path) };
    for (const { name, suffix } of encodings) {
      if (present.has(path + suffix)) forms[name] = await readFile(path + suffix);
    }
    const url = '/' + relative(root, path).split(sep).join('/');
    files.set(url, builtFile(contentType(path), (await stat(path)).mtime.toUTCString(), forms));
  }
  return files;
}

/**
 * Whether a request's validators say its copy is still good (RFC 9110, 13.1): If-None-Match, compared
 * weakly, when it is there; otherwise If-Modified-Since, to the second.
 */
export function stillFresh(
  headers: { 'if-none-match'?: string; 'if-modified-since'?: string },
  etag: string,
  lastModified: string,
): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === '*' || tag === etag);
  }
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}
