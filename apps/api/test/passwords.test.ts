import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { PasswordHasher, passwordWork } from '../src/modules/accounts/passwords';
import {
  createTestApp,
  productionPasswordCostEnv,
  mailedToken,
  post,
  sha256,
  signUp,
  signedInStudent,
  uniqueEmail,
  type TestApp,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  // The password tests hash at production cost, as the portal does.
  t = await createTestApp(productionPasswordCostEnv);
});
afterAll(() => t.close());

async function loginStatus(email: string, password: string) {
  return (await post(t.app, '/auth/login', { email, password: sha256(password) })).status;
}

describe('forgot and reset password', () => {
  it('answers the same for a known and an unknown address, and mails only the known one', async () => {
    const student = await signedInStudent(t.app);
    const known = await post(t.app, '/forgetpassword', { email: student.email });
    const stranger = uniqueEmail();
    const unknown = await post(t.app, '/forgetpassword', { email: stranger });
    expect(known).toMatchObject({ status: 200, body: { success: true, message: messages.forgotSuccess } });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const mail = await mailedToken(t.app, student.email, 'resetpassword');
    expect(mail).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(mailedToken(t.app, stranger, 'resetpassword')).rejects.toThrow();
  });

  it('resets once, ends every session, and the new password works', async () => {
    const student = await signedInStudent(t.app);
    await post(t.app, '/forgetpassword', { email: student.email });
    const token = await mailedToken(t.app, student.email, 'resetpassword');
    const reset = await post(t.app, '/forgetpassword/newpassword', {
      token,
      password: sha256('Lahore#Portal-2027'),
    });
    expect(reset).toMatchObject({ status: 200, body: { success: true, message: messages.resetSuccess } });
    expect((await post(t.app, '/studentapi/getinfo', {}, student.token)).status).toBe(401);
    expect(await loginStatus(student.email, student.password)).toBe(400);
    expect(await loginStatus(student.email, 'Lahore#Portal-2027')).toBe(200);
    const again = await post(t.app, '/forgetpassword/newpassword', {
      token,
      password: sha256('Quetta#Portal-2028'),
    });
    expect(again).toMatchObject({
      status: 400,
      body: { success: false, message: messages.resetInvalidLink },
    });
    expect(await loginStatus(student.email, 'Lahore#Portal-2027')).toBe(200);
  });

  it('a newer reset link replaces the older one', async () => {
    const student = await signedInStudent(t.app);
    await post(t.app, '/forgetpassword', { email: student.email });
    const older = await mailedToken(t.app, student.email, 'resetpassword');
    await post(t.app, '/forgetpassword', { email: student.email });
    const newer = await mailedToken(t.app, student.email, 'resetpassword');
    expect(newer).not.toBe(older);
    expect(
      (
        await post(t.app, '/forgetpassword/newpassword', {
          token: older,
          password: sha256('Older#Link-2026'),
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await post(t.app, '/forgetpassword/newpassword', {
          token: newer,
          password: sha256('Newer#Link-2026'),
        })
      ).status,
    ).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const student = await signedInStudent(t.app);
    await post(t.app, '/forgetpassword', { email: student.email });
    const token = await mailedToken(t.app, student.email, 'resetpassword');
    await t.app.services.database.db.execute(
      sql`update email_tokens set expires_at = now() - interval '1 second' where purpose = 'reset' and student_id = ${student.studentId}`,
    );
    const response = await post(t.app, '/forgetpassword/newpassword', {
      token,
      password: sha256('Expired#Link-2026'),
    });
    expect(response.status).toBe(400);
    expect(await loginStatus(student.email, student.password)).toBe(200);
  });

  it('a reset proves the inbox, so an unverified account becomes verified', async () => {
    const account = await signUp(t.app);
    await post(t.app, '/forgetpassword', { email: account.email });
    const token = await mailedToken(t.app, account.email, 'resetpassword');
    await post(t.app, '/forgetpassword/newpassword', { token, password: sha256('Verified#ByReset-1') });
    expect(await loginStatus(account.email, 'Verified#ByReset-1')).toBe(200);
  });

  it('refuses a common password and keeps the link usable', async () => {
    const student = await signedInStudent(t.app);
    await post(t.app, '/forgetpassword', { email: student.email });
    const token = await mailedToken(t.app, student.email, 'resetpassword');
    const common = await post(t.app, '/forgetpassword/newpassword', { token, password: sha256('iloveyou') });
    expect(common).toMatchObject({ status: 400, body: { message: messages.commonPassword } });
    expect(
      (await post(t.app, '/forgetpassword/newpassword', { token, password: sha256('Still#Works-2026') }))
        .status,
    ).toBe(200);
  });
});

describe('POST /studentapi/changepassword', () => {
  it('refuses a wrong old password and changes nothing', async () => {
    const student = await signedInStudent(t.app);
    const response = await post(
      t.app,
      '/studentapi/changepassword',
      { data: { oldPassword: sha256('not my password'), newPassword: sha256('Another#Pass-2026') } },
      student.token,
    );
    expect(response).toMatchObject({
      status: 400,
      body: { success: false, message: messages.changeWrongOldPassword },
    });
    expect((await post(t.app, '/studentapi/getinfo', {}, student.token)).status).toBe(200);
    expect(await loginStatus(student.email, student.password)).toBe(200);
  });

  it('changes the password and ends every session of the student', async () => {
    const student = await signedInStudent(t.app);
    const second = await post(t.app, '/auth/login', {
      email: student.email,
      password: sha256(student.password),
    });
    const response = await post(
      t.app,
      '/studentapi/changepassword',
      { data: { oldPassword: sha256(student.password), newPassword: sha256('Changed#Pass-2026') } },
      student.token,
    );
    expect(response).toMatchObject({ status: 200, body: { success: true, message: messages.changeSuccess } });
    expect((await post(t.app, '/studentapi/getinfo', {}, student.token)).status).toBe(401);
    expect((await post(t.app, '/studentapi/getinfo', {}, second.body.studentData.databaseToken)).status).toBe(
      401,
    );
    expect(await loginStatus(student.email, 'Changed#Pass-2026')).toBe(200);
  });

  it('needs a session', async () => {
    const response = await post(t.app, '/studentapi/changepassword', {
      data: { oldPassword: sha256('a'), newPassword: sha256('b') },
    });
    expect(response).toMatchObject({ status: 401, body: { message: messages.authExpired } });
  });
});

describe('argon2 work', () => {
  it('runs one per core at a time in the process, the rest in turn, and every answer is right', async () => {
    const hasher = new PasswordHasher('p'.repeat(32), { memoryKib: 1024, passes: 1 });
    const other = new PasswordHasher('q'.repeat(32), { memoryKib: 1024, passes: 1 });
    const password = sha256('One#At-A-Time-7');
    const stored = await hasher.hash(password);
    expect(passwordWork.size).toBe(availableParallelism());
    expect(passwordWork.active).toBe(0);
    const asked = [
      ...Array.from({ length: passwordWork.size }, () => hasher.verify(stored, password)),
      hasher.verify(stored, sha256('wrong')),
      other.hash(password),
      hasher.verifyNothing(password),
    ];
    // Every hasher shares the one limit: the staff's and the students' alike.
    expect({ active: passwordWork.active, waiting: passwordWork.waiting }).toEqual({
      active: passwordWork.size,
      waiting: 3,
    });
    const answers = await Promise.all(asked);
    expect(answers.slice(0, passwordWork.size)).toEqual(Array(passwordWork.size).fill(true));
    expect(answers[passwordWork.size]).toBe(false);
    expect(answers[passwordWork.size + 1]).toMatch(/^\$argon2id\$/);
    expect(answers[passwordWork.size + 2]).toBe(false);
    expect({ active: passwordWork.active, waiting: passwordWork.waiting }).toEqual({ active: 0, waiting: 0 });
  });
});
