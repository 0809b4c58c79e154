import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { parseAdminArgs, runAdminCommand } from '../src/admin/commands';
import { queryRows } from '../src/db/client';
import { runHousekeeping } from '../src/services/housekeeping';
import { staffCaller } from './staff';
import { latestSchema } from '../src/db/schema-version';
import { limits } from '../src/services/rate-limit';
import {
  capturedLog,
  createTestApp,
  goodPassword,
  productionPasswordCostEnv,
  mailedToken,
  post,
  sha256,
  signedInStudent,
  type TestApp,
  metricsHeaders,
  uniqueCnic,
  uniqueEmail,
} from './helpers';

const webRoot = mkdtempSync(join(tmpdir(), 'portal-web-'));
mkdirSync(join(webRoot, 'assets'));
writeFileSync(
  join(webRoot, 'index.html'),
  '<!doctype html><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script>',
);
const script = 'console.log("portal");'.repeat(100);
writeFileSync(join(webRoot, 'assets', 'app-abc123.js'), script);
writeFileSync(join(webRoot, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));

const log = capturedLog();

let t: TestApp;
beforeAll(async () => {
  // A configured (unreachable) SMTP relay: in that mode nothing may print links or tokens.
  t = await createTestApp(
    { SMTP_URL: 'smtp://127.0.0.1:9', DEV_MAILBOX: 'true' },
    { webRoot, logger: { level: 'info', stream: log.stream } },
  );
});
afterAll(() => t.close());

describe('operations', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    // The schema the database has applied, and the build: run from source here (dist/ says its commit).
    expect(ready.json()).toEqual({ status: 'ready', schema: latestSchema, build: 'source' });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: metricsHeaders });
    expect(metrics.body).toContain(`portal_build_info{build="source",schema="${latestSchema}"} 1`);
    expect(latestSchema).toMatch(/^\d{4}_\w+$/);
    expect(await runAdminCommand(t.app.services.database.db, parseAdminArgs(['migrate']))).toBe(
      `Schema ${latestSchema}`,
    );
  });

  it('exposes Prometheus metrics per route', async () => {
    await t.app.inject({ method: 'GET', url: '/healthz' });
    const response = await t.app.inject({ method: 'GET', url: '/metrics', headers: metricsHeaders });
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('http_requests_total{route="/healthz",method="GET",status="200"}');
    expect(response.body).toContain('http_request_duration_seconds_bucket');
    expect(response.body).toContain('mail_outbox_pending');
  });

  it('answers 503 from /readyz naming Redis when it cannot be reached, while sign-in and sign-up go on', async () => {
    const log = capturedLog();
    const down = await createTestApp(
      { REDIS_URL: 'redis://127.0.0.1:1', LOG_LEVEL: 'warn' },
      { logger: { level: 'warn', stream: log.stream } },
    );
    try {
      const ready = await down.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable', failed: ['redis'] });

      const signup = await post(down.app, '/auth/signup', {
        cnic: uniqueCnic(),
        email: uniqueEmail(),
        password: sha256(goodPassword),
      });
      expect(signup.status).toBe(200);
      // The limits still hold, counted in this process meanwhile: never a 500.
      const student = await signedInStudent(down.app);
      const statuses: number[] = [];
      for (let i = 0; i <= limits.loginAccountAddress.max; i++) {
        const wrong = { email: student.email, password: sha256(`guess ${i}`) };
        statuses.push((await post(down.app, '/auth/login', wrong, undefined, '10.77.0.1')).status);
      }
      expect(statuses).toEqual([...Array(limits.loginAccountAddress.max).fill(400), 429]);
      const metrics = await down.app.inject({ method: 'GET', url: '/metrics', headers: metricsHeaders });
      expect(metrics.body).toMatch(/portal_rate_limit_fallback_total [1-9]/);
      expect(metrics.body).toMatch(/portal_dependency_errors_total\{dependency="redis"\} [1-9]/);
      expect(log.text()).toContain('Redis unreachable: rate limits count in this process meanwhile');
    } finally {
      await down.close();
    }
  });

  it('deletes by itself the rows nothing reads any more, and keeps the live ones', async () => {
    const db = t.app.services.database.db;
    const student = await signedInStudent(t.app);
    const staff = await staffCaller(t.app, 'admin');
    const id = (
      await queryRows<{ id: string }>(db, sql`select id from students where email = ${student.email}`)
    )[0]!.id;
    const tag = randomUUID();
    await db.execute(sql`insert into sessions (student_id, token_hash, last_seen_at, expires_at)
      values (${id}, ${`old-${tag}`}, now() - interval '2 days', now() - interval '1 day')`);
    await db.execute(sql`insert into staff_sessions (staff_id, token_hash, last_seen_at, expires_at)
      values (${staff.id}, ${`old-${tag}`}, now() - interval '1 day', now() - interval '1 hour')`);
    await db.execute(sql`insert into email_tokens (student_id, purpose, token_hash, expires_at)
      values (${id}, 'reset', ${`old-${tag}`}, now() - interval '8 days')`);
    await db.execute(
      sql`insert into captcha_solutions (solution_hash, expires_at) values (${`old-${tag}`}, now() - interval '2 hours')`,
    );
    await db.execute(sql`insert into mail_outbox (recipient, subject, text_body, html_body, sent_at)
      values ('old@example.pk', ${tag}, 'x', 'x', now() - interval '31 days')`);
    await db.execute(sql`insert into biller_notifications (kind, request, response_code, response, received_at)
      values ('inquiry', '{}', '00', '{}', now() - interval '401 days')`);
    // A reconciliation report a crash left unfinished two hours ago, and one being written now.
    await db.execute(sql`insert into reconciliation_reports (staff_label, file_name, rows, created_at)
      values ('crashed', ${`old-${tag}`}, 0, now() - interval '2 hours'),
             ('writing', ${`new-${tag}`}, 0, now())`);

    const counts = await runHousekeeping(db, { studentIdleMinutes: t.config.session.idleMinutes });
    for (const table of [
      'sessions',
      'staff_sessions',
      'email_tokens',
      'captcha_solutions',
      'mail_outbox',
      'biller_notifications',
      'reconciliation_reports',
    ])
      expect(counts?.[table], table).toBeGreaterThanOrEqual(1);
    const left = await queryRows<{ n: number }>(
      db,
      sql`select (select count(*) from sessions where token_hash = ${`old-${tag}`})
        + (select count(*) from mail_outbox where subject = ${tag})
        + (select count(*) from captcha_solutions where solution_hash = ${`old-${tag}`})
        + (select count(*) from reconciliation_reports where file_name = ${`old-${tag}`}) as n`,
    );
    expect(Number(left[0]!.n)).toBe(0);
    const writing = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from reconciliation_reports where file_name = ${`new-${tag}`}`,
    );
    expect(writing[0]!.n).toBe(1);
    // The live sessions stay: the student and the staff member are still signed in.
    expect((await post(t.app, '/studentapi/getinfo', {}, student.token)).status).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/staffapi/me', headers: { cookie: staff.cookie } }))
        .statusCode,
    ).toBe(200);
  });

  it('answers /metrics only to its bearer token (401 otherwise)', async () => {
    for (const authorization of [
      undefined,
      'Bearer wrong-token',
      `Basic ${metricsHeaders.authorization.slice(7)}`,
    ]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(answer.statusCode).toBe(401);
      expect(answer.body).not.toContain('http_requests_total');
    }
    const untold = await createTestApp({ METRICS_TOKEN: '' });
    try {
      expect(
        (await untold.app.inject({ method: 'GET', url: '/metrics', headers: metricsHeaders })).statusCode,
      ).toBe(401);
    } finally {
      await untold.close();
    }
  });

  it('sends a strict Content-Security-Policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("media-src 'self' blob:;");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('lets videos and covers come from the content origins configured', async () => {
    const own = await createTestApp({ CONTENT_ORIGINS: 'https://videos.example.com' });
    const response = await own.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("media-src 'self' blob: https://videos.example.com;");
    expect(csp).toContain("img-src 'self' data: blob: https://videos.example.com;");
    await own.close();
  });

  it('answers the public settings', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/public/settings' });
    expect(response.json()).toEqual({
      helplineNumber: t.config.public.helplineNumber,
      supportEmail: t.config.public.supportEmail,
      howItWorksUrl: t.config.public.howItWorksUrl,
      mapOrigins: [],
    });
    expect(t.config.public.supportEmail).toBe('support@example.pk');
  });

  it('embeds no frame unless MAP_ORIGINS names map hosts, and then only those', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(String(plain.headers['content-security-policy'])).toContain("frame-src 'none';");

    const own = await createTestApp({
      MAP_ORIGINS: 'https://www.google.com/maps, https://www.openstreetmap.org',
    });
    try {
      const response = await own.app.inject({ method: 'GET', url: '/healthz' });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain('frame-src https://www.google.com https://www.openstreetmap.org;');
      expect(csp).toContain("frame-ancestors 'none'");
      const settings = await own.app.inject({ method: 'GET', url: '/public/settings' });
      expect(settings.json()).toMatchObject({
        mapOrigins: ['https://www.google.com', 'https://www.openstreetmap.org'],
      });
    } finally {
      await own.close();
    }
  });
});

describe('the SPA', () => {
  it('answers every page path with index.html, revalidated', async () => {
    for (const url of ['/', '/signup', '/courses', '/resetpassword/abc', '/no/such/page']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
      expect(String(response.headers['cache-control'])).toMatch(/no-cache|max-age=0/);
    }
  });

  it('sends hashed assets pre-compressed with a long cache life', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never answers an API path with the SPA', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/studentapi/getinfo' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false });
    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missingAsset.statusCode).toBe(404);
  });
});

describe('logs', () => {
  it('hold no password, session token or e-mail token', async () => {
    const student = await signedInStudent(t.app);
    await post(t.app, '/studentapi/getinfo', {}, student.token);
    await post(t.app, '/forgetpassword', { email: student.email });
    const resetToken = await mailedToken(t.app, student.email, 'resetpassword');
    await t.app.inject({ method: 'GET', url: `/resetpassword/${resetToken}` });
    await post(t.app, '/forgetpassword/newpassword', {
      token: resetToken,
      password: sha256('Logged#Nowhere-1'),
    });

    expect(log.text()).toContain('/auth/login');
    expect(log.text()).toContain('/resetpassword/[redacted]');
    for (const secret of [
      student.token,
      resetToken,
      sha256(student.password),
      sha256('Logged#Nowhere-1'),
      t.config.secrets.passwordPepper,
    ]) {
      expect(log.text()).not.toContain(secret);
    }
  });
});

describe('graceful shutdown', () => {
  it('finishes the sign-ins in flight before the database closes', async () => {
    const own = await createTestApp(productionPasswordCostEnv);
    const account = await signedInStudent(own.app);
    // Four argon2 verifications at production cost take long enough for close() to start while they are running.
    const logins = Array.from({ length: 4 }, () =>
      post(own.app, '/auth/login', { email: account.email, password: sha256(account.password) }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    await own.close();
    const answers = await Promise.all(logins);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  });
});
