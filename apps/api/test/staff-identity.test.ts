import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { messages } from '@portal/shared/messages';
import { auditLog, staffAccounts, staffSessions, staffSetupTokens } from '../src/db/schema';
import { demoAdmin, seedDemoAdmin } from '../src/modules/staff/staff-auth';
import { Sealer } from '../src/lib/seal';
import { staffCookie } from '../src/plugins/staff-guard';
import { capturedLog, createTestApp, sha256, type TestApp } from './helpers';
import { staffCall, staffCaller } from './staff';
import {
  invited,
  json,
  setUpStaff,
  signIn,
  staffPassword,
  totpCode,
  uniqueStaffEmail,
} from './staff-identity-helpers';

const log = capturedLog();
/** Everything a log must never hold: tokens, secrets, codes' secrets, password hashes, session cookies. */
const secrets: string[] = [];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'trace', stream: log.stream } });
});
afterAll(() => t.close());

const db = () => t.app.services.database.db;

async function accountOf(id: string) {
  const [row] = await db().select().from(staffAccounts).where(eq(staffAccounts.id, id));
  return row!;
}

async function auditOf(subjectId: string) {
  return db().select().from(auditLog).where(eq(auditLog.subjectId, subjectId)).orderBy(auditLog.id);
}

describe('set-up and sign-in', () => {
  it('takes an invited person from the link to a session: setup, confirm, login, me', async () => {
    const invite = await invited(t.app, 'admissions');
    const setup = await json(t.app, '/staffapi/setup', {
      token: invite.token,
      password: sha256(staffPassword),
    });
    expect(setup.status).toBe(200);
    expect(setup.body.staff).toEqual({ email: invite.email, name: 'Person admissions', role: 'admissions' });
    const secret = setup.body.totpSecret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toBe(
      `otpauth://totp/Student%20Portal:${encodeURIComponent(invite.email)}?secret=${secret}&issuer=Student%20Portal`,
    );
    // Not active until a code confirms the secret, which waits on the link sealed.
    expect((await accountOf(invite.id)).status).toBe('invited');
    const [link] = await db().select().from(staffSetupTokens).where(eq(staffSetupTokens.staffId, invite.id));
    expect(link!.pendingTotpSecret).toMatch(/^v1\./);
    expect(link!.pendingTotpSecret).not.toContain(secret);
    expect(link!.tokenHash).not.toBe(invite.token);
    secrets.push(invite.token, secret);

    const confirm = await json(t.app, '/staffapi/setup/confirm', {
      token: invite.token,
      code: await totpCode(secret),
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.message).toBe(messages.staffSetupDone);
    // The confirmation signs the person in: no second code, which would be a wait for the next 30 s step.
    expect(confirm.body.staff).toEqual({
      _id: invite.id,
      email: invite.email,
      name: 'Person admissions',
      role: 'admissions',
    });
    const setupCookie = confirm.cookies.find((c) => c.name === staffCookie);
    expect(setupCookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/staffapi' });
    secrets.push(setupCookie!.value);
    const firstMe = await staffCall(
      t.app,
      {
        id: invite.id,
        email: invite.email,
        role: 'admissions',
        cookie: `${staffCookie}=${setupCookie!.value}`,
      },
      'GET',
      '/staffapi/me',
    );
    expect(firstMe.status).toBe(200);
    const account = await accountOf(invite.id);
    expect(account.status).toBe('active');
    // Sealed at rest: the column holds neither the secret nor anything that contains it.
    expect(account.totpSecret).not.toContain(secret);
    expect(account.totpSecret).toMatch(/^v1\./);

    const { login, cookie } = await signIn(t.app, { email: invite.email, secret });
    expect(login.status).toBe(200);
    expect(login.body.staff).toEqual({
      _id: invite.id,
      email: invite.email,
      name: 'Person admissions',
      role: 'admissions',
    });
    expect((await accountOf(invite.id)).lastSignInAt).not.toBeNull();
    secrets.push(cookie!.split('=')[1]!);
    const me = await staffCall(
      t.app,
      { id: invite.id, email: invite.email, role: 'admissions', cookie: cookie! },
      'GET',
      '/staffapi/me',
    );
    expect(me.status).toBe(200);
    expect(me.body.staff.email).toBe(invite.email);
  });

  it('gives a fresh secret when setup is asked again before confirming, and only the last one confirms', async () => {
    const invite = await invited(t.app, 'content');
    const first = await json(t.app, '/staffapi/setup', {
      token: invite.token,
      password: sha256(staffPassword),
    });
    const second = await json(t.app, '/staffapi/setup', {
      token: invite.token,
      password: sha256(staffPassword),
    });
    expect(second.status).toBe(200);
    expect(second.body.totpSecret).not.toBe(first.body.totpSecret);
    const stale = await json(t.app, '/staffapi/setup/confirm', {
      token: invite.token,
      code: await totpCode(first.body.totpSecret as string),
    });
    expect(stale.status).toBe(400);
    expect(stale.body.message).toBe(messages.staffCodeInvalid);
    expect((await accountOf(invite.id)).status).toBe('invited');
  });

  it('spends the link on confirmation: it opens no second set-up', async () => {
    const account = await setUpStaff(t.app, 'accounts');
    const again = await json(t.app, '/staffapi/setup', {
      token: account.token,
      password: sha256(staffPassword),
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.staffSetupInvalid);
    const confirm = await json(t.app, '/staffapi/setup/confirm', {
      token: account.token,
      code: await totpCode(account.secret),
    });
    expect(confirm.status).toBe(400);
    expect(confirm.body.message).toBe(messages.staffSetupInvalid);
  });

  it('refuses an expired link', async () => {
    const invite = await invited(t.app, 'content');
    await db()
      .update(staffSetupTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(staffSetupTokens.staffId, invite.id));
    const setup = await json(t.app, '/staffapi/setup', {
      token: invite.token,
      password: sha256(staffPassword),
    });
    expect(setup.status).toBe(400);
    expect(setup.body.message).toBe(messages.staffSetupInvalid);
  });

  it('refuses a common password at set-up', async () => {
    const invite = await invited(t.app, 'content');
    const setup = await json(t.app, '/staffapi/setup', {
      token: invite.token,
      password: sha256('password1234'),
    });
    expect(setup.status).toBe(400);
    expect(setup.body.message).toBe(messages.commonPassword);
    const [row] = await db().select().from(staffSetupTokens).where(eq(staffSetupTokens.staffId, invite.id));
    expect(row!.pendingPasswordHash).toBeNull();
  });

  it('answers the same 401 for a wrong code, a wrong password, an unknown e-mail and an account not set up', async () => {
    const account = await setUpStaff(t.app, 'admissions');
    const pending = await invited(t.app, 'admissions');
    const attempts = [
      { email: account.email, password: sha256(staffPassword), code: await totpCode(account.secret, -600) },
      {
        email: account.email,
        password: sha256('Another#Password-1'),
        code: await totpCode(account.secret, 30),
      },
      { email: uniqueStaffEmail(), password: sha256(staffPassword), code: '123456' },
      { email: pending.email, password: sha256(staffPassword), code: '123456' },
    ];
    const answers = [];
    for (const body of attempts) answers.push(await json(t.app, '/staffapi/login', body));
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({
        success: false,
        message: messages.staffLoginInvalid,
        code: 'staffLoginInvalid',
      });
      expect(answer.headers['set-cookie']).toBeUndefined();
    }
    // The wrong password did not spend the code it came with.
    expect((await signIn(t.app, account)).login.status).toBe(200);
  });

  it('accepts a code once', async () => {
    const account = await setUpStaff(t.app, 'content');
    expect((await signIn(t.app, account)).login.status).toBe(200);
    const replay = await signIn(t.app, account);
    expect(replay.login.status).toBe(401);
    expect(replay.login.body.message).toBe(messages.staffLoginInvalid);
    // The code the set-up spent is refused too (an earlier step).
    expect((await signIn(t.app, account, 0)).login.status).toBe(401);
  });

  it('refuses a disabled account with the same 401', async () => {
    const account = await setUpStaff(t.app, 'content');
    await db().update(staffAccounts).set({ status: 'disabled' }).where(eq(staffAccounts.id, account.id));
    const answer = await signIn(t.app, account);
    expect(answer.login.status).toBe(401);
    expect(answer.login.body.message).toBe(messages.staffLoginInvalid);
  });

  it('limits failed sign-ins per account and address (429 after five), right answers included', async () => {
    const account = await setUpStaff(t.app, 'content');
    const wrong = { email: account.email, password: sha256('Wrong#Password-99'), code: '000000' };
    for (let i = 0; i < 5; i++) {
      expect((await json(t.app, '/staffapi/login', wrong, { remoteAddress: '10.9.8.7' })).status).toBe(401);
    }
    const limited = await json(
      t.app,
      '/staffapi/login',
      { email: account.email, password: sha256(staffPassword), code: await totpCode(account.secret, 30) },
      { remoteAddress: '10.9.8.7' },
    );
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another address is not locked out by this one.
    const elsewhere = await json(
      t.app,
      '/staffapi/login',
      { email: account.email, password: sha256(staffPassword), code: await totpCode(account.secret, 30) },
      { remoteAddress: '10.9.8.8' },
    );
    expect(elsewhere.status).toBe(200);
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, on /staffapi, for 12 hours, not Secure over http', async () => {
    const account = await setUpStaff(t.app, 'content');
    const { login } = await signIn(t.app, account);
    const header = String(login.headers['set-cookie']);
    expect(header).toMatch(/^portal_staff=[A-Za-z0-9_-]{43};/);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/staffapi');
    expect(header).toContain('Max-Age=43200');
    expect(header).not.toContain('Secure');
  });

  it('answers 400 with a message to bad bodies, and changes nothing', async () => {
    const bad = [
      ['/staffapi/setup', { token: 'short', password: sha256(staffPassword) }],
      ['/staffapi/setup', { token: 'A'.repeat(43), password: 'not-a-hash' }],
      ['/staffapi/setup/confirm', { token: 'A'.repeat(43), code: '12345' }],
      ['/staffapi/login', { email: 'nobody', password: sha256(staffPassword), code: '123456' }],
      ['/staffapi/login', { email: 'a@b.pk', password: sha256(staffPassword) }],
      [
        '/staffapi/login',
        { email: 'a@b.pk', password: sha256(staffPassword), code: '123456', role: 'admin' },
      ],
    ] as const;
    const before = await db().select().from(staffAccounts);
    for (const [url, body] of bad) {
      const answer = await json(t.app, url, body);
      expect(answer.status, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(typeof answer.body.message).toBe('string');
    }
    expect(await db().select().from(staffAccounts)).toEqual(before);
  });
});

describe('the sealer of TOTP secrets', () => {
  it('opens what it sealed, and nothing altered or sealed under another key or purpose', () => {
    const sealer = new Sealer('a-server-secret-of-at-least-32-characters', 'staff-totp');
    const sealed = sealer.seal('KVKFKRCPJFJVOMSUGRCUKUSCIZ2FMQSJ');
    expect(sealer.open(sealed)).toBe('KVKFKRCPJFJVOMSUGRCUKUSCIZ2FMQSJ');
    expect(sealer.seal('KVKFKRCPJFJVOMSUGRCUKUSCIZ2FMQSJ')).not.toBe(sealed);
    const body = sealed.split('.');
    body[3] = (body[3]!.startsWith('A') ? 'B' : 'A') + body[3]!.slice(1);
    expect(sealer.open(body.join('.'))).toBeUndefined();
    expect(new Sealer('another-server-secret-of-32-characters!', 'staff-totp').open(sealed)).toBeUndefined();
    expect(new Sealer('a-server-secret-of-at-least-32-characters', 'other').open(sealed)).toBeUndefined();
    expect(sealer.open('not sealed')).toBeUndefined();
  });
});

describe('secure cookie behind https', () => {
  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://portal.example.pk' });
    try {
      const account = await setUpStaff(secure.app, 'content');
      const { login } = await signIn(secure.app, account);
      expect(login.status).toBe(200);
      expect(String(login.headers['set-cookie'])).toContain('Secure');
    } finally {
      await secure.close();
    }
  });
});

describe('staff accounts (admin)', () => {
  it('lists accounts, with their status', async () => {
    const admin = await staffCaller(t.app, 'admin');
    const invite = await invited(t.app, 'content');
    const list = await staffCall(t.app, admin, 'GET', '/staffapi/staff');
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(list.body.data.length);
    expect(list.body.data).toContainEqual(
      expect.objectContaining({ _id: invite.id, email: invite.email, status: 'invited', lastSignInAt: null }),
    );
  });

  it('invites with a set-up link, and writes the audit entry', async () => {
    const admin = await staffCaller(t.app, 'admin');
    const email = uniqueStaffEmail();
    const answer = await staffCall(t.app, admin, 'POST', '/staffapi/staff/invite', {
      email: email.toUpperCase(),
      name: 'Ayesha Khan',
      role: 'accounts',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.staffInvited);
    expect(answer.body.setupUrl).toMatch(/^http:\/\/portal\.test\/staff\/setup\/[A-Za-z0-9_-]{43}$/);
    secrets.push(answer.body.setupUrl.split('/').at(-1));
    const hours = (Date.parse(answer.body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);
    expect(answer.body.data).toMatchObject({
      email,
      name: 'Ayesha Khan',
      role: 'accounts',
      status: 'invited',
    });
    const entries = await auditOf(answer.body.data._id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'staff.invite',
      actor: admin.email,
      actorId: admin.id,
      role: 'admin',
    });
  });

  it('gives an invited person a fresh link that spends the old one; refuses an e-mail already set up (409)', async () => {
    const admin = await staffCaller(t.app, 'admin');
    const first = await invited(t.app, 'content');
    const again = await staffCall(t.app, admin, 'POST', '/staffapi/staff/invite', {
      email: first.email,
      name: 'Renamed Person',
      role: 'admissions',
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ _id: first.id, name: 'Renamed Person', role: 'admissions' });
    const old = await json(t.app, '/staffapi/setup', { token: first.token, password: sha256(staffPassword) });
    expect(old.status).toBe(400);

    const active = await setUpStaff(t.app, 'content');
    const taken = await staffCall(t.app, admin, 'POST', '/staffapi/staff/invite', {
      email: active.email,
      name: 'Someone Else',
      role: 'admin',
    });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(messages.staffEmailTaken);
    expect((await accountOf(active.id)).role).toBe('content');
  });

  it('disables an account, ending its sessions at once, with an audit entry; the setup has one too', async () => {
    const admin = await staffCaller(t.app, 'admin');
    const account = await setUpStaff(t.app, 'admissions');
    const { cookie } = await signIn(t.app, account);
    const other = await t.app.services.staffSessions.create(account.id);
    const caller = { id: account.id, email: account.email, role: 'admissions' as const, cookie: cookie! };
    expect((await staffCall(t.app, caller, 'GET', '/staffapi/me')).status).toBe(200);

    const answer = await staffCall(t.app, admin, 'POST', `/staffapi/staff/${account.id}/disable`);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(messages.staffDisabled);
    expect((await staffCall(t.app, caller, 'GET', '/staffapi/me')).status).toBe(401);
    expect(
      (await staffCall(t.app, { ...caller, cookie: `portal_staff=${other.token}` }, 'GET', '/staffapi/me'))
        .status,
    ).toBe(401);
    expect(await db().select().from(staffSessions).where(eq(staffSessions.staffId, account.id))).toEqual([]);
    expect((await accountOf(account.id)).status).toBe('disabled');

    const actions = (await auditOf(account.id)).map((entry) => [entry.action, entry.actor]);
    expect(actions).toEqual([
      ['staff.invite', 'command line'],
      ['staff.setup', account.email],
      ['staff.disable', admin.email],
    ]);
  });

  it('refuses disabling yourself (400) and an unknown or malformed id (404, 400)', async () => {
    const admin = await staffCaller(t.app, 'admin');
    const self = await staffCall(t.app, admin, 'POST', `/staffapi/staff/${admin.id}/disable`);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(messages.staffCannotDisableSelf);
    expect((await accountOf(admin.id)).status).toBe('active');
    const unknown = await staffCall(
      t.app,
      admin,
      'POST',
      '/staffapi/staff/00000000-0000-4000-8000-000000000000/disable',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(messages.staffNotFound);
    const malformed = await staffCall(t.app, admin, 'POST', '/staffapi/staff/not-an-id/disable');
    expect(malformed.status).toBe(400);
  });

  it('refuses bad invitations with 400 and a message, creating nothing', async () => {
    const admin = await staffCaller(t.app, 'admin');
    const before = (await db().select().from(staffAccounts)).length;
    for (const body of [
      { email: 'not-an-email', name: 'Some One', role: 'content' },
      { email: uniqueStaffEmail(), name: 'Some One', role: 'superuser' },
      { email: uniqueStaffEmail(), name: 'S', role: 'content' },
      { email: uniqueStaffEmail(), name: 'Some One', role: 'content', extra: true },
    ]) {
      const answer = await staffCall(t.app, admin, 'POST', '/staffapi/staff/invite', body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(typeof answer.body.message).toBe('string');
    }
    expect(await db().select().from(staffAccounts)).toHaveLength(before);
  });

  it.each(['admissions', 'accounts', 'content'] as const)(
    'refuses %s the staff calls (403), changing nothing',
    async (role) => {
      const caller = await staffCaller(t.app, role);
      const target = await setUpStaff(t.app, 'content');
      const email = uniqueStaffEmail();
      const calls = [
        await staffCall(t.app, caller, 'GET', '/staffapi/staff'),
        await staffCall(t.app, caller, 'POST', '/staffapi/staff/invite', {
          email,
          name: 'Some One',
          role: 'admin',
        }),
        await staffCall(t.app, caller, 'POST', `/staffapi/staff/${target.id}/disable`),
      ];
      for (const answer of calls) {
        expect(answer.status).toBe(403);
        expect(answer.body.message).toBe(messages.forbidden);
      }
      expect((await accountOf(target.id)).status).toBe('active');
      expect(await db().select().from(staffAccounts).where(eq(staffAccounts.email, email))).toEqual([]);
    },
  );
});

describe('the demo admin', () => {
  it('exists, and signs in with README.md’s password and secret, only in the embedded demo', async () => {
    const [row] = await db().select().from(staffAccounts).where(eq(staffAccounts.email, demoAdmin.email));
    if (!t.config.embedded) {
      // A deployment with its own database (DATABASE_URL), even with SEED=demo, has no such account.
      expect(t.config.seed).toBe('demo');
      expect(row).toBeUndefined();
      return;
    }
    expect(row).toMatchObject({ role: 'admin', status: 'active' });
    // Seeding again (a restart) changes nothing.
    expect(await seedDemoAdmin(db(), t.app.services.passwords, t.config.secrets.sessionSecret)).toBe(false);
    const login = await json(t.app, '/staffapi/login', {
      email: demoAdmin.email,
      password: sha256(demoAdmin.password),
      code: await totpCode(demoAdmin.totpSecret),
    });
    expect(login.status).toBe(200);
    expect(login.body.staff.role).toBe('admin');
  });
});

describe('the log', () => {
  it('holds no set-up token, TOTP secret, password hash or session token of the calls above', () => {
    expect(secrets.length).toBeGreaterThan(3);
    expect(log.text()).toContain('/staffapi/setup/confirm');
    for (const secret of [...secrets, sha256(staffPassword)]) expect(log.text()).not.toContain(secret);
  });
});
