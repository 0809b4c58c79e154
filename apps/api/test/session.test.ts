import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTECTED_ROUTES } from '@portal/shared/constants/routes';
import { messages } from '@portal/shared/messages';
import { sessionStudentSchema } from '@portal/shared/schemas/student';
import { createTestApp, post, sha256, signUp, signedInStudent, uniqueEmail, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /auth/login', () => {
  it('answers the Student with its session fields and the allowed routes', async () => {
    const student = await signedInStudent(t.app);
    const login = await post(t.app, '/auth/login', {
      email: student.email,
      password: sha256(student.password),
    });
    expect(login.status).toBe(200);
    const data = sessionStudentSchema.parse(login.body.studentData);
    expect(data).toMatchObject({
      email: student.email,
      cnic: student.cnic,
      isProfileComplete: false,
      status: 'Pending',
    });
    expect(data.databaseToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login.body.routes).toEqual([...PROTECTED_ROUTES]);
    expect(login.body.studentData).not.toHaveProperty('passwordHash');
  });

  it('tells an unverified account to verify, only with the right password', async () => {
    const account = await signUp(t.app);
    const right = await post(t.app, '/auth/login', {
      email: account.email,
      password: sha256(account.password),
    });
    expect(right).toMatchObject({ status: 403, body: { success: false, message: messages.verifyYourEmail } });
    const wrong = await post(t.app, '/auth/login', {
      email: account.email,
      password: sha256('wrong password!'),
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { success: false, message: messages.loginWrongCredentials },
    });
  });

  it('gives the same answer for an unknown e-mail as for a wrong password', async () => {
    const student = await signedInStudent(t.app);
    const wrong = await post(t.app, '/auth/login', {
      email: student.email,
      password: sha256('nope nope nope'),
    });
    const unknown = await post(t.app, '/auth/login', {
      email: uniqueEmail(),
      password: sha256('nope nope nope'),
    });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses missing fields with the spec message', async () => {
    const response = await post(t.app, '/auth/login', { email: '' });
    expect(response).toMatchObject({
      status: 400,
      body: { success: false, message: messages.loginInvalidInput },
    });
  });
});

describe('sessions', () => {
  it('reads the student from the bearer token, or from databaseToken in the body', async () => {
    const student = await signedInStudent(t.app);
    const byHeader = await post(t.app, '/studentapi/getinfo', {}, student.token);
    expect(byHeader.status).toBe(200);
    expect(byHeader.body.studentData).toMatchObject({ _id: student.studentId, email: student.email });
    expect(byHeader.body.studentData).not.toHaveProperty('databaseToken');
    const byBody = await post(t.app, '/studentapi/getinfo', { databaseToken: student.token });
    expect(byBody.status).toBe(200);
  });

  it.each([[undefined], ['garbage'], ['A'.repeat(43)]])('answers 401 for the token %s', async (token) => {
    const response = await post(t.app, '/studentapi/getinfo', {}, token);
    expect(response).toMatchObject({ status: 401, body: { success: false, message: messages.authExpired } });
  });

  it('ends a session that stayed idle too long, and one past its absolute expiry', async () => {
    const idle = await signedInStudent(t.app);
    const old = await signedInStudent(t.app);
    const db = t.app.services.database.db;
    await db.execute(
      sql`update sessions set last_seen_at = now() - interval '3 hours' where id = ${idle.tokenId}`,
    );
    await db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where id = ${old.tokenId}`,
    );
    expect((await post(t.app, '/studentapi/getinfo', {}, idle.token)).status).toBe(401);
    expect((await post(t.app, '/studentapi/getinfo', {}, old.token)).status).toBe(401);
  });

  it('stores only a keyed hash of the token', async () => {
    const student = await signedInStudent(t.app);
    const rows = {
      rows: await queryRows<{ token_hash: string }>(
        t.app.services.database.db,
        sql`select token_hash from sessions where id = ${student.tokenId}`,
      ),
    };
    expect(rows.rows[0]!.token_hash).not.toContain(student.token);
    expect(rows.rows[0]!.token_hash).not.toBe(sha256(student.token));
  });
});

describe('POST /studentAuth/logout', () => {
  it("refuses another session's id and leaves both sessions alive", async () => {
    const a = await signedInStudent(t.app);
    const b = await signedInStudent(t.app);
    const response = await post(t.app, '/studentAuth/logout', { _id: b.tokenId }, a.token);
    expect(response).toMatchObject({ status: 403, body: { success: false } });
    expect((await post(t.app, '/studentapi/getinfo', {}, a.token)).status).toBe(200);
    expect((await post(t.app, '/studentapi/getinfo', {}, b.token)).status).toBe(200);
  });

  it('ends the session', async () => {
    const student = await signedInStudent(t.app);
    const response = await post(t.app, '/studentAuth/logout', { _id: student.tokenId }, student.token);
    expect(response).toMatchObject({ status: 200, body: { success: true } });
    expect((await post(t.app, '/studentapi/getinfo', {}, student.token)).status).toBe(401);
  });

  it('refuses a malformed id', async () => {
    const student = await signedInStudent(t.app);
    const response = await post(t.app, '/studentAuth/logout', { _id: "1' or '1'='1" }, student.token);
    expect(response.status).toBe(400);
    expect((await post(t.app, '/studentapi/getinfo', {}, student.token)).status).toBe(200);
  });
});
