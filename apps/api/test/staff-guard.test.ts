import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@portal/shared/messages';
import { queryRows } from '../src/db/client';
import { audit, commandLineActor } from '../src/modules/audit/audit';
import { createTestApp, signedInStudent, type TestApp } from './helpers';
import { staffCall, staffCaller } from './staff';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the staff guard', () => {
  it('answers who is signed in, from the session cookie alone', async () => {
    const caller = await staffCaller(t.app, 'admissions');
    const me = await staffCall(t.app, caller, 'GET', '/staffapi/me');
    expect(me.status).toBe(200);
    expect(me.body.staff).toMatchObject({ email: caller.email, role: 'admissions' });
  });

  it('refuses a call without a session, with a forged cookie, or with a student token (401)', async () => {
    const none = await staffCall(t.app, undefined, 'GET', '/staffapi/me');
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(messages.staffSessionExpired);

    const forged = await staffCall(t.app, undefined, 'GET', '/staffapi/me', undefined, {
      cookie: 'portal_staff=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    });
    expect(forged.status).toBe(401);

    const student = await signedInStudent(t.app);
    const withToken = await staffCall(t.app, undefined, 'GET', '/staffapi/me', undefined, {
      authorization: `Bearer ${student.token}`,
    });
    expect(withToken.status).toBe(401);
  });

  it("refuses a state-changing call that another site's page sends with the staff cookie (403)", async () => {
    const caller = await staffCaller(t.app, 'admin');
    const body = { title: 'Cross-site', description: '<p>Sent from another page</p>' };
    const count = async () =>
      Number(
        (
          await queryRows<{ n: string }>(
            t.app.services.database.db,
            sql`select count(*) as n from announcements`,
          )
        )[0]!.n,
      );
    const before = await count();
    for (const headers of <Record<string, string>[]>[
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      // A sibling subdomain is the same site, so SameSite=Strict lets the cookie through: not the same origin.
      { origin: 'https://files.portal.test', 'sec-fetch-site': 'same-site' },
      { origin: 'null' },
    ]) {
      const answer = await staffCall(t.app, caller, 'POST', '/staffapi/content/announcements', body, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(403);
      expect(answer.body.message).toBe(messages.forbidden);
    }
    expect(await count()).toBe(before);
    // Reading is not changing: another site may link to a page of the console.
    expect(
      (await staffCall(t.app, caller, 'GET', '/staffapi/me', undefined, { origin: 'https://evil.example' }))
        .status,
    ).toBe(200);
    // The console's own pages, by Fetch Metadata or by Origin; and clients that are not browsers send neither.
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'same-origin', origin: 'http://portal.test' },
      { origin: 'http://portal.test' },
      { origin: 'http://localhost:3000', host: 'localhost:3000' },
      {},
    ]) {
      const answer = await staffCall(t.app, caller, 'POST', '/staffapi/content/announcements', body, headers);
      expect(answer.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('never opens a student call with a staff session', async () => {
    const caller = await staffCaller(t.app, 'admin');
    const answer = await staffCall(t.app, caller, 'POST', '/studentapi/getinfo', {});
    expect(answer.status).toBe(401);
  });

  it('ends the session on sign-out', async () => {
    const caller = await staffCaller(t.app, 'content');
    const out = await staffCall(t.app, caller, 'POST', '/staffapi/logout');
    expect(out.status).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/portal_staff=;.*Path=\/staffapi/);
    expect((await staffCall(t.app, caller, 'GET', '/staffapi/me')).status).toBe(401);
  });
});

describe('the audit log', () => {
  it('takes new entries and refuses to change or delete any', async () => {
    const { db } = t.app.services.database;
    await audit(db, commandLineActor, { action: 'test.entry', subjectId: null, after: { n: 1 } });
    // Drizzle wraps the database's refusal; its cause carries the trigger's words.
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'changed',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(await refusal(db.execute(sql`update audit_log set action = 'rewritten'`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    const rows = await db.execute(sql`select action from audit_log where action = 'test.entry'`);
    expect((rows as { rows: unknown[] }).rows).toHaveLength(1);
  });
});
