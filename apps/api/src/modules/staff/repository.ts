import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { StaffRole, StaffStatus } from '@portal/shared/constants/staff';
import type { Executor } from '../../db/client';
import { staffAccounts, staffSetupTokens } from '../../db/schema';
import { staffColumns, type StaffRow } from './sessions-repository';

/** Staff accounts as the admin's list shows them, and the credentials of sign-in and set-up. */

export interface StaffAccountRow extends StaffRow {
  createdAt: Date;
  lastSignInAt: Date | null;
}

const accountColumns = {
  ...staffColumns,
  createdAt: staffAccounts.createdAt,
  lastSignInAt: staffAccounts.lastSignInAt,
};

export interface StaffCredentialsRow extends StaffRow {
  passwordHash: string | null;
  totpSecret: string | null;
  totpLastStep: number | null;
}

export async function listStaffAccounts(ex: Executor): Promise<StaffAccountRow[]> {
  return ex
    .select(accountColumns)
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.createdAt), asc(staffAccounts.email));
}

export async function findStaffAccount(ex: Executor, id: string): Promise<StaffAccountRow | undefined> {
  const [row] = await ex.select(accountColumns).from(staffAccounts).where(eq(staffAccounts.id, id));
  return row;
}

export async function findStaffAccountByEmail(
  ex: Executor,
  email: string,
): Promise<StaffAccountRow | undefined> {
  const [row] = await ex.select(accountColumns).from(staffAccounts).where(eq(staffAccounts.email, email));
  return row;
}

export async function findStaffCredentials(
  ex: Executor,
  email: string,
): Promise<StaffCredentialsRow | undefined> {
  const [row] = await ex
    .select({
      ...staffColumns,
      passwordHash: staffAccounts.passwordHash,
      totpSecret: staffAccounts.totpSecret,
      totpLastStep: staffAccounts.totpLastStep,
    })
    .from(staffAccounts)
    .where(eq(staffAccounts.email, email));
  return row;
}

export async function insertInvitedStaff(
  ex: Executor,
  values: { email: string; name: string; role: StaffRole },
): Promise<StaffAccountRow> {
  const [row] = await ex.insert(staffAccounts).values(values).returning(accountColumns);
  return row!;
}

/** An active account made whole (the demo admin); does nothing when the e-mail is taken. */
export async function insertActiveStaff(
  ex: Executor,
  values: { email: string; name: string; role: StaffRole; passwordHash: string; totpSecret: string },
): Promise<void> {
  await ex
    .insert(staffAccounts)
    .values({ ...values, status: 'active' })
    .onConflictDoNothing({ target: staffAccounts.email });
}

/** An account's name or role; answers the account as it now is. */
export async function updateStaffAccount(
  ex: Executor,
  id: string,
  values: { name?: string; role?: StaffRole },
): Promise<StaffAccountRow> {
  const [row] = await ex
    .update(staffAccounts)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(staffAccounts.id, id))
    .returning(accountColumns);
  return row!;
}

export async function setStaffStatus(ex: Executor, id: string, status: StaffStatus): Promise<void> {
  await ex
    .update(staffAccounts)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(staffAccounts.id, id));
}

export async function setStaffPassword(ex: Executor, id: string, passwordHash: string): Promise<void> {
  await ex
    .update(staffAccounts)
    .set({ passwordHash, updatedAt: sql`now()` })
    .where(eq(staffAccounts.id, id));
}

/** Makes an invited account active with its password and sealed TOTP secret; false if it is not invited. */
export async function activateStaff(
  ex: Executor,
  id: string,
  values: { passwordHash: string; totpSecret: string; totpLastStep: number },
): Promise<boolean> {
  const rows = await ex
    .update(staffAccounts)
    .set({ ...values, status: 'active', updatedAt: sql`now()` })
    .where(and(eq(staffAccounts.id, id), eq(staffAccounts.status, 'invited')))
    .returning({ id: staffAccounts.id });
  return rows.length === 1;
}

/**
 * Records a sign-in with the code of time step `step`, only if no code of that step or a later one was
 * accepted before: two requests racing with the same code cannot both pass.
 */
export async function recordStaffSignIn(ex: Executor, id: string, step: number): Promise<boolean> {
  const rows = await ex
    .update(staffAccounts)
    .set({ totpLastStep: step, lastSignInAt: sql`now()` })
    .where(
      and(
        eq(staffAccounts.id, id),
        eq(staffAccounts.status, 'active'),
        or(isNull(staffAccounts.totpLastStep), lt(staffAccounts.totpLastStep, step)),
      ),
    )
    .returning({ id: staffAccounts.id });
  return rows.length === 1;
}

// Set-up tokens

export interface SetupTokenRow {
  staffId: string;
  pendingTotpSecret: string | null;
  pendingPasswordHash: string | null;
  expiresAt: Date;
}

export async function insertSetupToken(
  ex: Executor,
  values: { tokenHash: string; staffId: string; expiresAt: Date },
): Promise<void> {
  await ex.insert(staffSetupTokens).values(values);
}

/** The unspent, unexpired token with this hash. */
export async function findLiveSetupToken(
  ex: Executor,
  tokenHash: string,
): Promise<SetupTokenRow | undefined> {
  const [row] = await ex
    .select({
      staffId: staffSetupTokens.staffId,
      pendingTotpSecret: staffSetupTokens.pendingTotpSecret,
      pendingPasswordHash: staffSetupTokens.pendingPasswordHash,
      expiresAt: staffSetupTokens.expiresAt,
    })
    .from(staffSetupTokens)
    .where(
      and(
        eq(staffSetupTokens.tokenHash, tokenHash),
        isNull(staffSetupTokens.usedAt),
        gt(staffSetupTokens.expiresAt, sql`now()`),
      ),
    );
  return row;
}

export async function setSetupPending(
  ex: Executor,
  tokenHash: string,
  values: { pendingTotpSecret: string; pendingPasswordHash: string },
): Promise<void> {
  await ex
    .update(staffSetupTokens)
    .set(values)
    .where(and(eq(staffSetupTokens.tokenHash, tokenHash), isNull(staffSetupTokens.usedAt)));
}

/** Spends every open token of an account (a new link replaces the old; a set-up or disable ends them). */
export async function spendSetupTokensOf(ex: Executor, staffId: string): Promise<number> {
  const rows = await ex
    .update(staffSetupTokens)
    .set({ usedAt: sql`now()`, pendingTotpSecret: null, pendingPasswordHash: null })
    .where(and(eq(staffSetupTokens.staffId, staffId), isNull(staffSetupTokens.usedAt)))
    .returning({ staffId: staffSetupTokens.staffId });
  return rows.length;
}
