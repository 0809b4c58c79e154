import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { messages } from '@portal/shared/messages';
import { audit, commandLineActor } from '../src/services/audit';
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
