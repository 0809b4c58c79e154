import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages } from '@portal/shared/messages';
import { AdminError, parseAdminArgs, runAdminCommand } from '../src/admin/commands';
import { auditLog, staffAccounts } from '../src/db/schema';
import { createTestApp, sha256, type TestApp } from './helpers';
import {
  json,
  setUpStaff,
  signIn,
  staffPassword,
  totpCode,
  uniqueStaffEmail,
} from './staff-identity-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const settings = () => ({ publicUrl: t.config.publicUrl, sessionSecret: t.config.secrets.sessionSecret });
const run = (argv: string[]) =>
  runAdminCommand(t.app.services.database.db, parseAdminArgs(argv), t.app.services.passwords, settings());

describe('npm run admin -- staff:invite', () => {
  it('prints a one-time set-up link that makes the first admin, and records the command line as the actor', async () => {
    const email = uniqueStaffEmail();
    const output = await run(['staff:invite', email, '--role', 'admin', '--name', 'First Admin']);
    const link = /^http:\/\/portal\.test\/staff\/setup\/([A-Za-z0-9_-]{43})$/m.exec(output);
    expect(output).toContain('valid 48 hours');
    expect(link).not.toBeNull();

    const token = link![1]!;
    const setup = await json(t.app, '/staffapi/setup', { token, password: sha256(staffPassword) });
    expect(setup.status).toBe(200);
    expect(setup.body.staff).toEqual({ email, name: 'First Admin', role: 'admin' });
    const confirm = await json(t.app, '/staffapi/setup/confirm', {
      token,
      code: await totpCode(setup.body.totpSecret as string),
    });
    expect(confirm.status).toBe(200);

    const [account] = await t.app.services.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, email));
    expect(account).toMatchObject({ role: 'admin', status: 'active' });
    const entries = await t.app.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, account!.id))
      .orderBy(auditLog.id);
    expect(entries[0]).toMatchObject({ action: 'staff.invite', actor: 'command line', actorId: null });
  });

  it('refuses bad input and an e-mail already set up, changing nothing', async () => {
    const active = await setUpStaff(t.app, 'content');
    const email = uniqueStaffEmail();
    const refusals = [
      ['staff:invite', email, '--role', 'owner', '--name', 'Some One'],
      ['staff:invite', email, '--name', 'Some One'],
      ['staff:invite', 'not-an-email', '--role', 'admin', '--name', 'Some One'],
      ['staff:invite', email, '--role', 'admin'],
      ['staff:invite', email, email, '--role', 'admin', '--name', 'Some One'],
    ];
    for (const argv of refusals) {
      await expect(run(argv), argv.join(' ')).rejects.toThrow(/Usage: staff:invite/);
    }
    await expect(run(['staff:invite', active.email, '--role', 'admin', '--name', 'X Y'])).rejects.toThrow(
      messages.staffEmailTaken,
    );
    const rows = await t.app.services.database.db
      .select()
      .from(staffAccounts)
      .where(eq(staffAccounts.email, email));
    expect(rows).toEqual([]);
  });

  it('needs the server settings to make a link', async () => {
    await expect(
      runAdminCommand(
        t.app.services.database.db,
        parseAdminArgs(['staff:invite', uniqueStaffEmail(), '--role', 'admin', '--name', 'Some One']),
      ),
    ).rejects.toBeInstanceOf(AdminError);
  });

  // Only an embedded server (PGlite, no TEST_DATABASE_URL) has the command line's way in.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    'works through the embedded server’s admin call too',
    async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/internal/admin',
        remoteAddress: '127.0.0.1',
        headers: { 'x-admin-token': t.config.secrets.adminToken },
        payload: {
          command: 'staff:invite',
          args: [uniqueStaffEmail()],
          options: { role: 'content', name: 'Via Server' },
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<{ output: string }>().output).toMatch(/\/staff\/setup\/[A-Za-z0-9_-]{43}/);
    },
  );
});

describe('npm run admin -- staff:list, staff:disable, staff:reset-authenticator', () => {
  it('lists the accounts with role, status and last sign-in', async () => {
    const account = await setUpStaff(t.app, 'accounts');
    const output = await run(['staff:list']);
    expect(output).toMatch(new RegExp(`^${account.email.replace(/\./g, '\\.')}  accounts  active  `, 'm'));
  });

  it('disables an account from the command line: its sessions end, audited', async () => {
    const account = await setUpStaff(t.app, 'admissions');
    const { cookie } = await signIn(t.app, account);
    expect(await run(['staff:disable', account.email])).toContain(`Disabled ${account.email}`);
    const me = await t.app.inject({ method: 'GET', url: '/staffapi/me', headers: { cookie: cookie! } });
    expect(me.statusCode).toBe(401);
    await expect(run(['staff:disable', 'nobody@staff.example.pk'])).rejects.toThrow(/No staff account/);
    await expect(run(['staff:disable'])).rejects.toThrow(/Usage: staff:disable/);
    expect(await actionsOf(account.id)).toContain('staff.disable');
  });

  it('recovers a locked-out admin, even a disabled one: a new link for a new password and authenticator', async () => {
    const admin = await setUpStaff(t.app, 'admin');
    await run(['staff:disable', admin.email]);
    const output = await run(['staff:reset-authenticator', admin.email]);
    const token = /\/staff\/setup\/([A-Za-z0-9_-]{43})$/m.exec(output)![1]!;
    // The old authenticator no longer signs in.
    expect((await signIn(t.app, admin)).login.status).toBe(401);
    const setup = await json(t.app, '/staffapi/setup', { token, password: sha256('A new password 2026') });
    expect(setup.status).toBe(200);
    const confirm = await json(t.app, '/staffapi/setup/confirm', {
      token,
      code: await totpCode(setup.body.totpSecret as string),
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.staff).toMatchObject({ email: admin.email, role: 'admin' });
    expect(await actionsOf(admin.id)).toEqual([
      'staff.invite',
      'staff.setup',
      'staff.disable',
      'staff.reset',
      'staff.invite',
      'staff.setup',
    ]);
  });
});

async function actionsOf(staffId: string): Promise<string[]> {
  const entries = await t.app.services.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.subjectId, staffId))
    .orderBy(auditLog.id);
  return entries.map((entry) => entry.action);
}
