import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// The wire contract outside clients are built against: the contract's sections and the project's extensions.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const contract = readFileSync(join(repoRoot, 'docs/api.md'), 'utf8');

/** The contract's sections whose calls the portal answers. */
const contractSections = ['Public calls', 'Student calls', 'Bill payment', 'Operations', 'Staff API'];

/**
 * Staff calls of the contract that a later issue builds (issue 12: accounts, catalogue and content). The test
 * fails when one of them is registered and still listed here, so the list only shrinks.
 */
const staffCallsNotYetBuilt: string[] = [];

/** Calls the project adds beyond the contract's sections: each must be in the Extensions table of docs/api.md. */
const extensions = [
  'GET /public/settings',
  'GET /public/reference-lists',
  'GET /files/{folder}/{name}',
  'POST /internal/admin',
  'POST /studentapi/allowedcontent/videoprogress',
  'PUT /studentapi/language',
  'GET /openapi.json',
  'GET /staffapi/overview',
  'GET /staffapi/batches',
  'POST /staffapi/students/{id}/grants',
  'GET /staffapi/files/{folder}/{name}',
  'POST /staffapi/enrolments/import',
  'POST /staffapi/results/import',
  'GET /staffapi/results/grid',
  'GET /staffapi/imports/{id}/{outcome}',
  'GET /staffapi/catalogue/courses',
  'POST /staffapi/catalogue/courses',
  'POST /staffapi/catalogue/courses/{id}',
  'GET /staffapi/catalogue/batches',
  'POST /staffapi/catalogue/batches',
  'POST /staffapi/catalogue/batches/{id}',
  'POST /staffapi/catalogue/batches/{id}/courses',
  'POST /staffapi/catalogue/batches/{id}/delete',
  'GET /staffapi/catalogue/time-slots',
  'POST /staffapi/catalogue/time-slots',
  'POST /staffapi/catalogue/time-slots/{id}',
  'POST /staffapi/catalogue/time-slots/{id}/delete',
  'GET /staffapi/catalogue/online-fees',
  'POST /staffapi/catalogue/online-fees',
  'POST /staffapi/catalogue/online-fees/delete',
  'GET /staffapi/catalogue/branches',
  'POST /staffapi/catalogue/branches',
  'POST /staffapi/catalogue/branches/{id}',
  'POST /staffapi/catalogue/branches/{id}/delete',
  'GET /staffapi/catalogue/export',
  'POST /staffapi/catalogue/import',
  'GET /staffapi/catalogue/batch-configs/{batchId}',
  'POST /staffapi/catalogue/batch-configs/{batchId}',
  'POST /staffapi/catalogue/html-preview',
  'GET /staffapi/catalogue/grants',
  'POST /staffapi/catalogue/grants',
  'POST /staffapi/catalogue/grants/delete',
  'POST /staffapi/catalogue/grants/import',
  'GET /staffapi/content/announcements',
  'POST /staffapi/content/announcements',
  'POST /staffapi/content/announcements/{id}',
  'POST /staffapi/content/announcements/{id}/delete',
  'POST /staffapi/vouchers/{id}/cancel',
  'GET /staffapi/reconciliation/{id}',
  'GET /staffapi/reconciliation/{id}/{list}',
  'GET /staffapi/payments/summary',
  'GET /media/videos/{id}',
  'GET /staffapi/content/links',
  'POST /staffapi/content/links',
  'POST /staffapi/content/links/delete',
  'GET /staffapi/content/lessons',
  'POST /staffapi/content/sections',
  'POST /staffapi/content/sections/reorder',
  'POST /staffapi/content/sections/{id}',
  'POST /staffapi/content/sections/{id}/delete',
  'POST /staffapi/content/sections/{id}/lessons/reorder',
  'POST /staffapi/content/lessons',
  'POST /staffapi/content/lessons/{id}',
  'POST /staffapi/content/lessons/{id}/delete',
  'POST /staffapi/content/lessons/{id}/topics/reorder',
  'POST /staffapi/content/topics',
  'POST /staffapi/content/topics/{id}',
  'POST /staffapi/content/topics/{id}/delete',
  'POST /staffapi/content/uploads',
  'PATCH /staffapi/content/uploads/{id}',
  'DELETE /staffapi/content/uploads/{id}',
  'GET /staffapi/content/textbooks',
  'POST /staffapi/content/textbooks',
  'POST /staffapi/content/textbooks/reorder',
  'POST /staffapi/content/textbooks/{id}',
  'POST /staffapi/content/textbooks/{id}/delete',
  'POST /staffapi/content/textbooks/{id}/cover',
  'GET /covers/{name}',
  'GET /staffapi/content/exam-keys',
  'POST /staffapi/content/exam-keys',
  'POST /staffapi/content/exam-keys/delete',
  'POST /staffapi/content/exam-keys/import',
  'POST /staffapi/staff/{id}/role',
  'POST /staffapi/staff/{id}/resend-invite',
  'POST /staffapi/staff/{id}/reset-authenticator',
  'POST /staffapi/me/password',
];

/** Registered but not calls of the API, so not in the document (docs/api.md says why). */
const notDescribed = [
  /^GET \/docs(\/.*)?$/, // the reference page itself and its files
  /^GET \/media\/\*$/, // the catalogue's static demo files
  /^GET \*$/, // the built web app and its page fallback
];

/** `/files/<folder>/<name>` and `/files/:folder/:name` are `/files/{folder}/{name}` in OpenAPI. */
function openApiPath(path: string): string {
  return path
    .split('?')[0]!
    .replace(/<(\w+)>/g, '{$1}')
    .replace(/:(\w+)/g, '{$1}');
}

/** The calls of the contract's sections: the first column of their tables and `METHOD /path` in their prose. */
function contractCalls(markdown: string): Set<string> {
  const calls = new Set<string>();
  for (const section of markdown.split(/^## /m)) {
    const title = section.slice(0, section.indexOf('\n'));
    if (!contractSections.some((name) => title.startsWith(name))) continue;
    for (const [, method, path] of section.matchAll(/^\| `(?:(GET|POST) )?(\/[^`\s]+)`/gm))
      calls.add(`${method ?? 'POST'} ${openApiPath(path!)}`);
    for (const [, method, path] of section.matchAll(/`(GET|POST) (\/[^`\s]+)`/g))
      calls.add(`${method} ${openApiPath(path!)}`);
    // A row may list several calls: `GET /staffapi/staff` · `/staffapi/staff/invite` · …
    for (const [, path] of section.matchAll(/ · `(\/[^`\s]+)`/g)) calls.add(`POST ${openApiPath(path!)}`);
  }
  return calls;
}

/** The routes the app registered, as the route table (plugins/route-table.ts) recorded them. */
function registeredCalls(table: TestApp['app']['routeTable']): Set<string> {
  const calls = new Set<string>();
  for (const { method, url } of table) {
    if (method === 'HEAD') continue; // Fastify adds HEAD to every GET
    calls.add(`${method} ${openApiPath(url)}`);
  }
  return calls;
}

interface Operation {
  tags?: string[];
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; in?: string; name?: string }> };
}

function documentedCalls(document: Document): Set<string> {
  const calls = new Set<string>();
  for (const [path, operations] of Object.entries(document.paths))
    for (const method of Object.keys(operations)) calls.add(`${method.toUpperCase()} ${path}`);
  return calls;
}

let t: TestApp;
let document: Document;
beforeAll(async () => {
  // Embedded mode, so that the dev mailbox and the staff command line's way in are registered too.
  t = await createTestApp({}, { embedded: true });
  const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
});
afterAll(() => t.close());

describe('GET /openapi.json', () => {
  it('is an OpenAPI 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
  });

  it('is sent compressed as it was made once, revalidated, with a 304 for a copy still good', async () => {
    const get = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/openapi.json', headers });
    const brotli = await get({ 'accept-encoding': 'br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(brotli.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(document);
    expect((await get({ 'accept-encoding': 'br' })).rawPayload).toEqual(brotli.rawPayload);
    const again = await get({ 'accept-encoding': 'br', 'if-none-match': String(brotli.headers.etag) });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(document);
  });

  it('describes every route the app registered', () => {
    const registered = [...registeredCalls(t.app.routeTable)];
    // The table itself must hold the routes, or this test would pass on nothing.
    expect(registered).toContain('POST /studentapi/getinfo');
    expect(registered).toContain('POST /forgetpassword/newpassword');
    const described = registered.filter((call) => !notDescribed.some((pattern) => pattern.test(call)));
    expect([...documentedCalls(document)].sort()).toEqual(described.sort());
  });

  it("lists exactly the contract's calls, and the project's extensions documented in docs/api.md", () => {
    const fromContract = contractCalls(contract);
    expect(fromContract).toContain('GET /captcha/challenge');
    expect(fromContract).toContain('POST /billpayment/kuickpay/BillPayment');
    expect(fromContract).toContain('GET /dev/mailbox');
    expect(fromContract).toContain('POST /staffapi/staff/{id}/disable');
    expect(fromContract).toContain('POST /staffapi/vouchers/{id}/mark-paid');
    const built = [...fromContract].filter((call) => !staffCallsNotYetBuilt.includes(call));
    expect(staffCallsNotYetBuilt.filter((call) => !fromContract.has(call))).toEqual([]);
    const expected = [...built, ...extensions].sort();
    expect([...documentedCalls(document)].sort()).toEqual(expected);
  });

  it.each(extensions)('documents the extension %s in docs/api.md', (call) => {
    const [method, path] = call.split(' ') as [string, string];
    const written = path.replace(/\{(\w+)\}/g, '<$1>');
    expect(contract.includes(`\`${method} ${written}`), call).toBe(true);
  });

  it('gives every call an answer, and every portal call the error envelope', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const call = `${method.toUpperCase()} ${path}`;
        expect(operation.responses['200']?.content, call).toBeDefined();
        expect(operation.tags, call).toHaveLength(1);
        const portalCall = !/^\/(healthz|readyz|metrics|openapi\.json|dev\/|billpayment\/)/.test(path);
        if (portalCall) expect(Object.keys(operation.responses), call).toEqual(['200', '4XX', '5XX']);
      }
    }
  });

  it('asks the session of every student call, and the header credentials of the biller', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      const security = Object.values(operations)[0]!.security;
      if (path.startsWith('/studentapi/') || path === '/studentAuth/logout')
        expect(security, path).toEqual([{ session: [] }]);
      else if (path.startsWith('/billpayment/'))
        expect(security, path).toEqual([{ billerUsername: [], billerPassword: [] }]);
    }
    const { billerUsername, billerPassword } = document.components.securitySchemes;
    expect(billerUsername).toMatchObject({ type: 'apiKey', in: 'header', name: 'username' });
    expect(billerPassword).toMatchObject({ type: 'apiKey', in: 'header', name: 'password' });
  });

  it('describes the multipart calls as multipart forms with their files', () => {
    const upload = document.paths['/studentapi/uploaddocuments']!.post!;
    expect(Object.keys(upload.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(JSON.stringify(upload.requestBody)).toContain('"Front CNIC":{"type":"string","format":"binary"');
  });
});

describe('GET /docs', () => {
  it('serves the reference page and its scripts from the portal, under its Content-Security-Policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    // No inline script, which the policy would refuse, and nothing from another host.
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    for (const src of scripts) {
      expect(src.startsWith('/docs/')).toBe(true);
      expect((await t.app.inject({ method: 'GET', url: src })).statusCode).toBe(200);
    }
  });
});
