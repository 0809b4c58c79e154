import { staffInviteRequestSchema } from '@portal/shared/schemas/staff';
import { STAFF_ROLES } from '@portal/shared/constants/staff';
import type { Db } from '../db/client';
import { commandLineActor } from '../services/audit';
import { inviteStaff, SETUP_LINK_HOURS, type SetupLinkSettings } from '../services/staff-auth';
import { AdminError, type AdminRequest } from './admin-error';

/** Staff commands: they make links, so they need where the console lives and the server's secret. */
export const staffCommands = ['staff:invite'];

const inviteUsage = `staff:invite <email> --role <${STAFF_ROLES.join('|')}> --name "<name>"`;

/**
 * `staff:invite`: the same invitation as the admin's call (the first admin is made this way), recorded in
 * the audit log as made by the command line. Prints the one-time set-up link.
 */
export async function runStaffCommand(
  db: Db,
  request: AdminRequest,
  settings: SetupLinkSettings | undefined,
): Promise<string> {
  if (!settings) throw new AdminError(`${request.command} needs the server settings`);
  const { role, name } = request.options;
  const parsed = staffInviteRequestSchema.safeParse({ email: request.args[0], role, name });
  if (request.args.length !== 1 || !parsed.success) throw new AdminError(`Usage: ${inviteUsage}`);
  const invite = await inviteStaff(db, settings, commandLineActor, parsed.data);
  return [
    `Invited ${invite.account.email} (${invite.account.role}). One-time set-up link, valid ${SETUP_LINK_HOURS} hours:`,
    invite.setupUrl,
  ].join('\n');
}
