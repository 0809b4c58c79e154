import type { StaffRole } from '@portal/shared/constants/staff';
import { openDatabase } from '../../apps/api/src/db/client';
import { insertInvitedStaff, setStaffStatus } from '../../apps/api/src/modules/staff/repository';
import { staffCookie } from '../../apps/api/src/plugins/staff-guard';
import { StaffSessionService } from '../../apps/api/src/modules/staff/staff-sessions';

/**
 * An active staff account with a live session, made directly in the database through the app's own code (the
 * sign-in with TOTP has its own tests): answers the Cookie header the staff calls of a benchmark send.
 * `sessionSecret` must be the SESSION_SECRET the app under test runs with.
 */
export async function staffSessionCookie(
  databaseUrl: string,
  sessionSecret: string,
  role: StaffRole,
): Promise<string> {
  const direct = await openDatabase({ url: databaseUrl, pgliteDir: '', poolSize: 1 });
  try {
    const staff = await insertInvitedStaff(direct.db, {
      email: `bench.${role}@staff.example.pk`,
      name: `Bench ${role}`,
      role,
    });
    await setStaffStatus(direct.db, staff.id, 'active');
    const { token } = await new StaffSessionService(direct.db, sessionSecret).create(staff.id);
    return `${staffCookie}=${token}`;
  } finally {
    await direct.close();
  }
}
