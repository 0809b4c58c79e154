import { generate } from 'otplib';
import type { StaffRole } from '@portal/shared/constants/staff';
import type { App } from '../src/app';
import { commandLineActor } from '../src/modules/audit/audit';
import { bareOutbox } from '../src/mail/mailer';
import { inviteStaff } from '../src/modules/staff/staff-auth';
import { sha256 } from './helpers';
import { staffCookie } from '../src/plugins/staff-guard';

export const staffPassword = 'Lahore#Console-2026';

/** The code an authenticator app shows `offsetSeconds` from now. */
export function totpCode(secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
}

export function setupTokenOf(setupUrl: string): string {
  return setupUrl.slice(setupUrl.lastIndexOf('/') + 1);
}

export async function json(
  app: App,
  url: string,
  body: unknown,
  options: { cookie?: string; remoteAddress?: string } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url,
    payload: body as Record<string, unknown>,
    remoteAddress: options.remoteAddress ?? '127.0.0.1',
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  return {
    status: response.statusCode,
    body: response.json<Record<string, any>>(),
    headers: response.headers,
    cookies: response.cookies,
  };
}

/** An invitation made as the command line makes it: the set-up token. */
export async function invited(app: App, role: StaffRole, email = uniqueStaffEmail()) {
  const { config, database } = app.services;
  const invite = await inviteStaff(
    database.db,
    { publicUrl: config.publicUrl, sessionSecret: config.secrets.sessionSecret },
    commandLineActor,
    { email, name: `Person ${role}`, role },
    bareOutbox,
  );
  return { email, id: invite.account._id, token: setupTokenOf(invite.setupUrl) };
}

export function uniqueStaffEmail(): string {
  return `staff.${Math.random().toString(36).slice(2, 10)}@staff.example.pk`;
}

/** An account set up through the calls, as a person would: its e-mail, id and TOTP secret. */
export async function setUpStaff(app: App, role: StaffRole) {
  const invite = await invited(app, role);
  const setup = await json(app, '/staffapi/setup', { token: invite.token, password: sha256(staffPassword) });
  if (setup.status !== 200) throw new Error(`setup failed: ${JSON.stringify(setup.body)}`);
  const secret = setup.body.totpSecret as string;
  const confirm = await json(app, '/staffapi/setup/confirm', {
    token: invite.token,
    code: await totpCode(secret),
  });
  if (confirm.status !== 200) throw new Error(`confirm failed: ${JSON.stringify(confirm.body)}`);
  return { ...invite, secret };
}

/** Signs in with the next step's code (the current one was spent by the set-up); the session cookie. */
export async function signIn(app: App, account: { email: string; secret: string }, offsetSeconds = 30) {
  const login = await json(app, '/staffapi/login', {
    email: account.email,
    password: sha256(staffPassword),
    code: await totpCode(account.secret, offsetSeconds),
  });
  const cookie = login.cookies.find((c) => c.name === staffCookie);
  return { login, cookie: cookie ? `${staffCookie}=${cookie.value}` : undefined };
}
