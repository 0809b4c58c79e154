import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compression } from '../src/app';

/** A JSON answer of about `bytes`, as a list answer is: rows of the same shape. */
function answerOf(bytes: number) {
  const row = (i: number) => ({
    _id: `row-${i}`,
    name: `Batch ${i}`,
    city: 'Karachi',
    note: 'x'.repeat(i % 40),
  });
  const data = [];
  while (JSON.stringify(data).length < bytes) data.push(row(data.length));
  return { success: true, data };
}

const sizes = { small: 600, list: 20 * 1024, large: 100 * 1024 };

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(fastifyCompress, compression);
  for (const [name, bytes] of Object.entries(sizes)) {
    const answer = answerOf(bytes);
    app.get(`/${name}`, () => answer);
  }
  await app.ready();
});
afterAll(() => app.close());

async function fetchAnswer(name: keyof typeof sizes) {
  const response = await app.inject({ method: 'GET', url: `/${name}`, headers: { 'accept-encoding': 'br' } });
  const body =
    response.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(response.rawPayload)
      : response.rawPayload;
  expect(JSON.parse(body.toString())).toEqual(answerOf(sizes[name]));
  return response;
}

describe("the answers' compression", () => {
  it('leaves an answer under 1 KB as it is', async () => {
    expect((await fetchAnswer('small')).headers['content-encoding']).toBeUndefined();
  });

  it("compresses a list answer of tens of KB in one piece, off libuv's threadpool, where argon2 runs", async () => {
    const response = await fetchAnswer('list');
    expect(response.headers['content-encoding']).toBe('br');
    // Compressed in one call, its length is known; a stream through the pool would be sent chunked.
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  it('streams an answer over 64 KB through the threadpool, so the event loop is never held long', async () => {
    const response = await fetchAnswer('large');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-length']).toBeUndefined();
  });
});
