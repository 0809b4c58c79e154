import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainPlugin } from '../src/plugins/drain';

const app = Fastify();
let base = '';
let started = 0;
let finished = 0;
beforeAll(async () => {
  await app.register(drainPlugin);
  app.get('/slow', async () => {
    started += 1;
    await sleep(150);
    finished += 1;
    return { ok: true };
  });
  app.get('/quick', async () => ({ ok: true }));
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

/**
 * `count` requests whose clients leave once their handlers have started, before the answers (phones that
 * went to another page).
 */
async function abandoned(count: number): Promise<void> {
  const before = started;
  const requests = Array.from({ length: count }, () => {
    const request = http.get(`${base}/slow`, { agent: false });
    request.on('error', () => {});
    return request;
  });
  while (started < before + count) await sleep(5);
  for (const request of requests) request.destroy();
}

describe('the drain', () => {
  it('does not keep the requests whose client went away', async () => {
    for (let wave = 0; wave < 8; wave++) await abandoned(50);
    // Every handler has answered, into a closed connection.
    while (finished < 400) await sleep(20);
    // Fastify runs no onResponse for these: the set used to hold all 400 until the process ended.
    expect(app.requestsTracked).toBeLessThan(256);
    const answered = await fetch(`${base}/quick`);
    expect(answered.status).toBe(200);
    expect(app.requestsTracked).toBeLessThan(256);
  });

  it('still waits for a request in flight whose client is there', async () => {
    const pending = fetch(`${base}/slow`).then((response) => response.status);
    await sleep(30);
    await app.close();
    expect(await pending).toBe(200);
  });
});
