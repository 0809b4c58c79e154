import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { messages } from '@portal/shared/messages';
import { auditLog, mailOutbox, staffAccounts, staffSessions } from '../src/db/schema';
import { createTestApp, sha256, type TestApp } from './helpers';
import { staffCall, staffCaller, type StaffCaller } from './staff';
import {
  invited,
  json,
  setUpStaff,
  signIn,
  staffPassword,
  totpCode,
  uniqueStaffEmail,
} from './staff-identity-helpers';

/*
 * Issue 25, item 4: the admin looks after colleagues' accounts from the console (a role, an invitation sent
 * again, a lost authenticator), and each person changes their own password. The set-up and sign-in these
 * lean on are tested in staff-identity.test.ts.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.services.database.db;

async function accountOf(id: string) {
  const [row] = await db().select().from(staffAccounts).where(eq(staffAccounts.id, id));
  return row!;
}

async function actionsOn(subjectId: string) {
  const rows = await db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.subjectId, subjectId))
    .orderBy(auditLog.id);
  return rows.map((row) => row.action);
}

async function mailTo(email: string) {
  return db().select().from(mailOutbox).where(eq(mailOutbox.recipient, email)).orderBy(mailOutbox.createdAt);
}

async function sessionsOf(staffId: string) {
  return db().select().from(staffSessions).where(eq(staffSessions.staffId, staffId));
}

/** A person set up and signed in through the calls: their caller, for staffCall. */
async function signedInStaff(role: 'admissions' | 'accounts' | 'content' | 'admin') {
  const account = await setUpStaff(t.app, role);
  const { cookie } = await signIn(t.app, account);
  const caller: StaffCaller = { id: account.id, email: account.email, role, cookie: cookie! };
  return { account, caller };
}

describe('the invitation e-mail', () => {
  it('goes through the outbox with the link the admin is shown', async () => {
    const admin = await staffCaller(t.app, 'admin');
    const email = uniqueStaffEmail();
    const answer = await staffCall(t.app, admin, 'POST', '/staffapi/staff/invite', {
      email,
      name: 'Sana Tariq',
      role: 'content',
    });
    expect(answer.status).toBe(200);
    const mail = await mailTo(email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Set up your Student Portal staff account');
    expect(mail[0]!.textBody).toContain(answer.body.setupUrl);
    expect(mail[0]!.textBody).toContain('lasts 2 days');
  });
});

describe('sending an invitation again', () => {
  it('e-mails a fresh link and answers it; the old link is spent; audited', async () => {
    const admin = await staffCaller(t.app, 'admin');
    const first = await invited(t.app, 'accounts');
    const answer = await staffCall(t.app, admin, 'POST', `/staffapi/staff/${first.id}/resend-invite`);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.staffInviteResent);
    expect(answer.body.data).toMatchObject({ _id: first.id, status: 'invited', role: 'accounts' });
    const mail = await mailTo(first.email);
    expect(mail.at(-1)!.textBody).toContain(answer.body.setupUrl);

    const old = await json(t.app, '/staffapi/setup', { token: first.token, password: sha256(staffPassword) });
    expect(old.status).toBe(400);
    const fresh = answer.body.setupUrl.split('/').at(-1);
    const setup = await json(t.app, '/staffapi/setup', { token: fresh, password: sha256(staffPassword) });
    expect(setup.status).toBe(200);
    expect(await actionsOn(first.id)).toEqual(['staff.invite', 'staff.invite']);
  });

  it('refuses an account already set up (409: that is a reset), an unknown one (404), and non-admins (403)', async () => {
    const admin = await staffCaller(t.app, 'admin');
    const active = await setUpStaff(t.app, 'content');
    const refused = await staffCall(t.app, admin, 'POST', `/staffapi/staff/${active.id}/resend-invite`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(messages.staffNotInvited);
    expect((await accountOf(active.id)).status).toBe('active');

    const unknown = await staffCall(
      t.app,
      admin,
      'POST',
      '/staffapi/staff/00000000-0000-4000-8000-000000000000/resend-invite',
    );
    expect(unknown.status).toBe(404);

    const pending = await invited(t.app, 'content');
    const admissions = await staffCaller(t.app, 'admissions');
    const forbidden = await staffCall(
      t.app,
      admissions,
      'POST',
      `/staffapi/staff/${pending.id}/resend-invite`,
    );
    expect(forbidden.status).toBe(403);
    expect(await mailTo(pending.email)).toHaveLength(1);
  });
});

describe('resetting a lost authenticator', () => {
  it('ends the sessions, sends the account back to invited, and e-mails a link on which it enrols again', async () => {
    const admin = await staffCaller(t.app, 'admin');
    const { account, caller } = await signedInStaff('admissions');
    expect((await staffCall(t.app, caller, 'GET', '/staffapi/me')).status).toBe(200);

    const answer = await staffCall(t.app, admin, 'POST', `/staffapi/staff/${account.id}/reset-authenticator`);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.staffAuthenticatorReset);
    expect(answer.body.data).toMatchObject({ _id: account.id, status: 'invited' });
    expect((await staffCall(t.app, caller, 'GET', '/staffapi/me')).status).toBe(401);
    expect(await sessionsOf(account.id)).toEqual([]);
    expect((await accountOf(account.id)).status).toBe('invited');

    const mail = await mailTo(account.email);
    expect(mail.at(-1)!.textBody).toContain(answer.body.setupUrl);
    const token = answer.body.setupUrl.split('/').at(-1);
    const setup = await json(t.app, '/staffapi/setup', { token, password: sha256(staffPassword) });
    expect(setup.status).toBe(200);
    const confirm = await json(t.app, '/staffapi/setup/confirm', {
      token,
      code: await totpCode(setup.body.totpSecret),
    });
    expect(confirm.status).toBe(200);
    expect((await accountOf(account.id)).status).toBe('active');
    expect(await actionsOn(account.id)).toEqual([
      'staff.invite',
      'staff.setup',
      'staff.reset',
      'staff.invite',
      'staff.setup',
    ]);
  });

  it('refuses one’s own (400), an invited or disabled account (409) and non-admins (403), changing nothing', async () => {
    const { account: me, caller: admin } = await signedInStaff('admin');
    const own = await staffCall(t.app, admin, 'POST', `/staffapi/staff/${me.id}/reset-authenticator`);
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(messages.staffCannotResetSelf);
    expect((await staffCall(t.app, admin, 'GET', '/staffapi/me')).status).toBe(200);

    const pending = await invited(t.app, 'content');
    const disabled = await setUpStaff(t.app, 'content');
    await staffCall(t.app, admin, 'POST', `/staffapi/staff/${disabled.id}/disable`);
    for (const id of [pending.id, disabled.id]) {
      const answer = await staffCall(t.app, admin, 'POST', `/staffapi/staff/${id}/reset-authenticator`);
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe(messages.staffResetNotActive);
    }
    expect((await accountOf(disabled.id)).status).toBe('disabled');

    const active = await setUpStaff(t.app, 'accounts');
    const content = await staffCaller(t.app, 'content');
    const forbidden = await staffCall(
      t.app,
      content,
      'POST',
      `/staffapi/staff/${active.id}/reset-authenticator`,
    );
    expect(forbidden.status).toBe(403);
    expect((await accountOf(active.id)).status).toBe('active');
  });
});

describe('changing a role', () => {
  it('takes effect on the person’s next call, audited with the roles before and after', async () => {
    const admin = await staffCaller(t.app, 'admin');
    const { account, caller } = await signedInStaff('content');
    expect((await staffCall(t.app, caller, 'GET', '/staffapi/students')).status).toBe(403);

    const answer = await staffCall(t.app, admin, 'POST', `/staffapi/staff/${account.id}/role`, {
      role: 'admissions',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.staffRoleChanged);
    expect(answer.body.data).toMatchObject({ _id: account.id, role: 'admissions', status: 'active' });
    // Same cookie, no new sign-in: the next call already has the new role.
    expect((await staffCall(t.app, caller, 'GET', '/staffapi/students')).status).toBe(200);
    expect((await staffCall(t.app, caller, 'GET', '/staffapi/me')).body.staff.role).toBe('admissions');

    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, account.id), eq(auditLog.action, 'staff.role')));
    expect(entry).toMatchObject({ before: { role: 'content' }, after: { role: 'admissions' } });

    // The same role again changes nothing and writes nothing.
    await staffCall(t.app, admin, 'POST', `/staffapi/staff/${account.id}/role`, { role: 'admissions' });
    expect((await actionsOn(account.id)).filter((action) => action === 'staff.role')).toHaveLength(1);
  });

  it('refuses one’s own role (400), a role that does not exist (400) and non-admins (403)', async () => {
    const admin = await staffCaller(t.app, 'admin');
    const own = await staffCall(t.app, admin, 'POST', `/staffapi/staff/${admin.id}/role`, {
      role: 'content',
    });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(messages.staffCannotChangeOwnRole);
    expect((await accountOf(admin.id)).role).toBe('admin');

    const target = await setUpStaff(t.app, 'content');
    for (const body of [{ role: 'superuser' }, {}, { role: 'admin', extra: 1 }]) {
      const answer = await staffCall(t.app, admin, 'POST', `/staffapi/staff/${target.id}/role`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const accounts = await staffCaller(t.app, 'accounts');
    const forbidden = await staffCall(t.app, accounts, 'POST', `/staffapi/staff/${target.id}/role`, {
      role: 'admin',
    });
    expect(forbidden.status).toBe(403);
    expect((await accountOf(target.id)).role).toBe('content');
  });
});

describe('changing one’s own password', () => {
  const newPassword = 'Another-Staff-Password-2026';

  it('asks the current password, keeps this session, ends the others, and signs in with the new one', async () => {
    const { account, caller } = await signedInStaff('accounts');
    const other = await t.app.services.staffSessions.create(account.id);
    const otherCaller = { ...caller, cookie: `portal_staff=${other.token}` };

    const answer = await staffCall(t.app, caller, 'POST', '/staffapi/me/password', {
      currentPassword: sha256(staffPassword),
      newPassword: sha256(newPassword),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.staffPasswordChanged);
    expect((await staffCall(t.app, caller, 'GET', '/staffapi/me')).status).toBe(200);
    expect((await staffCall(t.app, otherCaller, 'GET', '/staffapi/me')).status).toBe(401);
    expect(await sessionsOf(account.id)).toHaveLength(1);

    // A sign-in needs a code of a later step than the last one used; the stored hash is checked instead.
    const { passwordHash } = await accountOf(account.id);
    expect(await t.app.services.passwords.verify(passwordHash!, sha256(newPassword))).toBe(true);
    expect(await t.app.services.passwords.verify(passwordHash!, sha256(staffPassword))).toBe(false);
    expect(await actionsOn(account.id)).toContain('staff.password');
  });

  it('refuses a wrong current password, the same password and a common one (400), changing nothing', async () => {
    const { account, caller } = await signedInStaff('content');
    const before = (await db().select().from(staffAccounts).where(eq(staffAccounts.id, account.id)))[0]!;
    const cases = [
      [
        { currentPassword: sha256('not-the-password'), newPassword: sha256(newPassword) },
        messages.staffPasswordWrong,
      ],
      [
        { currentPassword: sha256(staffPassword), newPassword: sha256(staffPassword) },
        messages.staffPasswordSame,
      ],
      [
        { currentPassword: sha256(staffPassword), newPassword: sha256('password123') },
        messages.commonPassword,
      ],
      [{ currentPassword: 'plain text', newPassword: sha256(newPassword) }, messages.staffPasswordWrong],
      [{ currentPassword: sha256(staffPassword) }, undefined],
    ] as const;
    for (const [body, message] of cases) {
      const answer = await staffCall(t.app, caller, 'POST', '/staffapi/me/password', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      if (message) expect(answer.body.message).toBe(message);
    }
    const after = (await db().select().from(staffAccounts).where(eq(staffAccounts.id, account.id)))[0]!;
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(await actionsOn(account.id)).not.toContain('staff.password');
  });

  it('counts wrong current passwords: the sixth in 15 minutes is refused (429), even when right', async () => {
    const { caller } = await signedInStaff('content');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await staffCall(t.app, caller, 'POST', '/staffapi/me/password', {
        currentPassword: sha256(`wrong-${attempt}`),
        newPassword: sha256(newPassword),
      });
      expect(wrong.status).toBe(400);
    }
    const right = await staffCall(t.app, caller, 'POST', '/staffapi/me/password', {
      currentPassword: sha256(staffPassword),
      newPassword: sha256(newPassword),
    });
    expect(right.status).toBe(429);
  });

  it('needs a session (401)', async () => {
    const answer = await staffCall(t.app, undefined, 'POST', '/staffapi/me/password', {
      currentPassword: sha256(staffPassword),
      newPassword: sha256(newPassword),
    });
    expect(answer.status).toBe(401);
  });
});
