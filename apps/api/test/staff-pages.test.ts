import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaPlugin } from '../src/plugins/spa';

// The page fallback alone: a web root with the two built pages, no database and no build.
const webRoot = mkdtempSync(join(tmpdir(), 'portal-pages-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Student Portal</title>');
writeFileSync(join(webRoot, 'staff.html'), '<!doctype html><title>Staff console</title>');

let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify();
  await app.register(spaPlugin, { webRoot });
  await app.ready();
});
afterAll(() => app.close());

async function page(url: string) {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.body };
}

describe('page paths', () => {
  it('answers /staff and /staff/* with the staff console', async () => {
    for (const url of [
      '/staff',
      '/staff/',
      '/staff/signin',
      '/staff/students/abc?page=2',
      '/staff/setup/tok',
    ]) {
      const answer = await page(url);
      expect(answer.status, url).toBe(200);
      expect(answer.body, url).toContain('Staff console');
    }
  });

  it('answers the student pages with the student app, even those that start with "staff"', async () => {
    for (const url of ['/', '/courses', '/staffroom', '/profile']) {
      const answer = await page(url);
      expect(answer.status, url).toBe(200);
      expect(answer.body, url).toContain('Student Portal');
    }
  });

  it('keeps /staffapi/ an API prefix: an unknown call is the 404 envelope, never a page', async () => {
    const response = await app.inject({ method: 'GET', url: '/staffapi/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false });
  });
});
