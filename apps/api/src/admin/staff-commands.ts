import { staffInviteRequestSchema } from '@portal/shared/schemas/staff';
import { STAFF_ROLES } from '@portal/shared/constants/staff';
import type { Db } from '../db/client';
import { findStaffAccountByEmail, listStaffAccounts } from '../modules/staff/repository';
import { bareOutbox } from '../mail/mailer';
import { commandLineActor } from '../modules/audit/audit';
import {
  disableStaff,
  inviteStaff,
  resetStaff,
  SETUP_LINK_HOURS,
  type InviteOutcome,
  type SetupLinkSettings,
} from '../modules/staff/staff-auth';
import { AdminError, type AdminRequest } from './admin-error';

const inviteUsage = `staff:invite <email> --role <${STAFF_ROLES.join('|')}> --name "<name>"`;

type StaffCommand = (db: Db, request: AdminRequest, settings: SetupLinkSettings) => Promise<string>;

/** The one e-mail a command takes, or its usage. */
function emailOf(request: AdminRequest, usage: string): string {
  if (request.args.length !== 1 || !request.args[0]) throw new AdminError(`Usage: ${usage}`);
  return request.args[0].trim().toLowerCase();
}

function linkLines(invite: InviteOutcome, what: string): string {
  return [
    `${what} ${invite.account.email} (${invite.account.role}). One-time set-up link, valid ${SETUP_LINK_HOURS} hours (also e-mailed):`,
    invite.setupUrl,
  ].join('\n');
}

/**
 * The staff accounts from the command line (decision 0019): the first admin is invited this way, and an
 * operator recovers an admin who lost their authenticator, or every admin, without the console. Each change
 * is audited as made by the command line.
 */
const commands: Record<string, StaffCommand> = {
  'staff:invite': async (db, request, settings) => {
    const { role, name } = request.options;
    const parsed = staffInviteRequestSchema.safeParse({ email: request.args[0], role, name });
    if (request.args.length !== 1 || !parsed.success) throw new AdminError(`Usage: ${inviteUsage}`);
    return linkLines(await inviteStaff(db, settings, commandLineActor, parsed.data, bareOutbox), 'Invited');
  },
  'staff:list': async (db) => {
    const rows = await listStaffAccounts(db);
    if (rows.length === 0) return 'No staff accounts. Invite the first admin with staff:invite.';
    return rows
      .map((row) =>
        [
          row.email,
          row.role,
          row.status,
          row.lastSignInAt ? `last sign-in ${row.lastSignInAt.toISOString()}` : 'never signed in',
        ].join('  '),
      )
      .join('\n');
  },
  'staff:disable': async (db, request) => {
    const email = emailOf(request, 'staff:disable <email>');
    const account = await findStaffAccountByEmail(db, email);
    if (!account) throw new AdminError(`No staff account ${email}`);
    await disableStaff(db, commandLineActor, account.id);
    return `Disabled ${email}: its sessions have ended.`;
  },
  'staff:reset-authenticator': async (db, request, settings) => {
    const email = emailOf(request, 'staff:reset-authenticator <email>');
    return linkLines(await resetStaff(db, settings, commandLineActor, { email }, bareOutbox), 'Reset');
  },
};

/** Staff commands: they make links, so they need where the console lives and the server's secret. */
export const staffCommands = Object.keys(commands);

export async function runStaffCommand(
  db: Db,
  request: AdminRequest,
  settings: SetupLinkSettings | undefined,
): Promise<string> {
  if (!settings) throw new AdminError(`${request.command} needs the server settings`);
  return commands[request.command]!(db, request, settings);
}
