import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { StaffRole, StaffStatus } from '@portal/shared/constants/staff';
import type { Executor } from '../../db/client';
import { staffAccounts, staffSessions } from '../../db/schema';

export interface StaffRow {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  status: StaffStatus;
}

export const staffColumns = {
  id: staffAccounts.id,
  email: staffAccounts.email,
  name: staffAccounts.name,
  role: staffAccounts.role,
  status: staffAccounts.status,
};

export async function insertStaffSession(
  ex: Executor,
  values: { staffId: string; tokenHash: string; expiresAt: Date },
): Promise<string> {
  const [row] = await ex.insert(staffSessions).values(values).returning({ id: staffSessions.id });
  return row!.id;
}

/** The live session with this token hash and its active account, in one query. */
export async function findLiveStaffSession(ex: Executor, tokenHash: string, idleCutoff: Date) {
  const [row] = await ex
    .select({ sessionId: staffSessions.id, lastSeenAt: staffSessions.lastSeenAt, staff: staffColumns })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, tokenHash),
        gt(staffSessions.expiresAt, sql`now()`),
        gt(staffSessions.lastSeenAt, idleCutoff),
        eq(staffAccounts.status, 'active'),
      ),
    );
  return row;
}

export async function touchStaffSession(ex: Executor, id: string): Promise<void> {
  await ex
    .update(staffSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(staffSessions.id, id));
}

export async function deleteStaffSession(ex: Executor, id: string): Promise<void> {
  await ex.delete(staffSessions).where(eq(staffSessions.id, id));
}

/** Ends every session of an account, or every one but `keep` (the one changing its own password). */
export async function deleteStaffSessionsOf(ex: Executor, staffId: string, keep?: string): Promise<void> {
  await ex
    .delete(staffSessions)
    .where(
      keep
        ? and(eq(staffSessions.staffId, staffId), ne(staffSessions.id, keep))
        : eq(staffSessions.staffId, staffId),
    );
}
