import { createHash } from 'node:crypto';
import type { StaffRole } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import type { Staff, StaffAccount, StaffSetupAnswer } from '@portal/shared/schemas/staff';
import type { Db, Executor } from '../../db/client';
import {
  activateStaff,
  findLiveSetupToken,
  findStaffAccount,
  findStaffAccountByEmail,
  findStaffCredentials,
  insertActiveStaff,
  insertInvitedStaff,
  insertSetupToken,
  listStaffAccounts,
  recordStaffSignIn,
  setSetupPending,
  setStaffPassword,
  setStaffStatus,
  spendSetupTokensOf,
  updateStaffAccount,
  type StaffAccountRow,
} from './repository';
import { deleteStaffSessionsOf } from './sessions-repository';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/http-error';
import type { MailQueue } from '../../mail/mailer';
import { staffSetupMail } from '../../mail/templates';
import { Sealer } from '../../lib/seal';
import { hashToken, newToken } from '../../lib/tokens';
import { acceptedStep, newTotpSecret, totpUrl } from '../../lib/totp';
import { audit, type Actor } from '../audit/audit';
import { isCommonPasswordHash, type PasswordHasher } from '../accounts/passwords';
import { limits, type LimitCheck, type RateLimiter } from '../../services/rate-limit';
import type { StaffContext, StaffSessionService } from './staff-sessions';
import { presentStaff } from './staff-view';

/** API.md: a set-up link is valid 48 hours. */
export const SETUP_LINK_HOURS = 48;

/** The issuer an authenticator app shows next to the code. */
const TOTP_ISSUER = 'Student Portal';

/** What making a set-up link needs: where the console lives, and the secret its token hash is keyed with. */
export interface SetupLinkSettings {
  publicUrl: string;
  sessionSecret: string;
}

export interface StaffInvite {
  email: string;
  name: string;
  role: StaffRole;
}

export interface InviteOutcome {
  setupUrl: string;
  expiresAt: Date;
  account: StaffAccount;
}

function setupTokenHash(sessionSecret: string, token: string): string {
  // A key of its own: a set-up token can never be taken for a session token, or the other way round.
  return hashToken(`staff-setup:${sessionSecret}`, token);
}

function totpSealer(sessionSecret: string): Sealer {
  return new Sealer(sessionSecret, 'staff-totp');
}

function presentStaffAccount(row: StaffAccountRow): StaffAccount {
  return {
    ...presentStaff(row),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** A new staff session: who, and the cookie's token and lifetime. */
export interface SignedIn {
  staff: Staff;
  token: string;
  maxAgeSeconds: number;
}

/**
 * Invites a person (the admin's call and `npm run admin -- staff:invite`): a new invited account, or, for
 * one invited but not yet set up, a fresh link that spends the old ones. An account already set up keeps its
 * e-mail (409). One transaction with its audit entry and the link's e-mail, which the outbox sends; the link
 * is answered too, for the admin to hand over another way.
 */
export async function inviteStaff(
  db: Db,
  settings: SetupLinkSettings,
  actor: Actor,
  input: StaffInvite,
  mail: MailQueue,
): Promise<InviteOutcome> {
  const token = newToken();
  const setupUrl = `${settings.publicUrl}/staff/setup/${token}`;
  const expiresAt = new Date(Date.now() + SETUP_LINK_HOURS * 3_600_000);
  const account = await db.transaction(async (tx) => {
    const existing = await findStaffAccountByEmail(tx, input.email);
    if (existing && existing.status !== 'invited') throw conflict(messages.staffEmailTaken);
    const row = existing
      ? await updateStaffAccount(tx, existing.id, { name: input.name, role: input.role })
      : await insertInvitedStaff(tx, input);
    if (existing) await spendSetupTokensOf(tx, existing.id);
    await insertSetupToken(tx, {
      tokenHash: setupTokenHash(settings.sessionSecret, token),
      staffId: row.id,
      expiresAt,
    });
    await audit(tx, actor, {
      action: 'staff.invite',
      subjectId: row.id,
      before: existing ? { name: existing.name, role: existing.role } : null,
      after: { email: row.email, name: row.name, role: row.role, expiresAt: expiresAt.toISOString() },
    });
    await mail.queue(tx, staffSetupMail(row.email, setupUrl, SETUP_LINK_HOURS * 60));
    return row;
  });
  mail.nudge();
  return { setupUrl, expiresAt, account: presentStaffAccount(account) };
}

/** The demo admin of README.md, only ever in the embedded demo (services.ts decides). */
export const demoAdmin = {
  email: 'admin@demo.portal',
  name: 'Demo Admin',
  password: 'Demo-Admin-Portal-2026',
  totpSecret: 'KVKFKRCPJFJVOMSUGRCUKUSCIZ2FMQSJ',
} as const;

export async function seedDemoAdmin(
  db: Db,
  passwords: PasswordHasher,
  sessionSecret: string,
): Promise<boolean> {
  if (await findStaffAccountByEmail(db, demoAdmin.email)) return false;
  await insertActiveStaff(db, {
    email: demoAdmin.email,
    name: demoAdmin.name,
    role: 'admin',
    passwordHash: await passwords.hash(createHash('sha256').update(demoAdmin.password).digest('hex')),
    totpSecret: totpSealer(sessionSecret).seal(demoAdmin.totpSecret),
  });
  return true;
}

export interface StaffAuthDeps {
  db: Db;
  settings: SetupLinkSettings;
  passwords: PasswordHasher;
  limiter: RateLimiter;
  sessions: StaffSessionService;
  mail: MailQueue;
}

/** Staff identity (API.md "Staff API"): set-up, sign-in with two factors, and the admin's staff accounts. */
export class StaffAuthService {
  readonly #sealer: Sealer;

  constructor(private readonly deps: StaffAuthDeps) {
    this.#sealer = totpSealer(deps.settings.sessionSecret);
  }

  /**
   * Step one of set-up: checks the link, keeps the password's hash and a new TOTP secret on the link, and
   * answers the secret for the authenticator app. Nothing is final until a code confirms it; asking again
   * gives a fresh secret.
   */
  async setup(token: string, password: string, address: string): Promise<StaffSetupAnswer> {
    const { db, passwords, limiter, settings } = this.deps;
    await limiter.consume([[limits.staffSetupAddress, address]]);
    const tokenHash = setupTokenHash(settings.sessionSecret, token);
    const link = await findLiveSetupToken(db, tokenHash);
    const account = link && (await findStaffAccount(db, link.staffId));
    if (!account || account.status !== 'invited') throw badRequest(messages.staffSetupInvalid);
    if (isCommonPasswordHash(password)) throw badRequest(messages.commonPassword);
    const secret = newTotpSecret();
    await setSetupPending(db, tokenHash, {
      pendingTotpSecret: this.#sealer.seal(secret),
      pendingPasswordHash: await passwords.hash(password),
    });
    return {
      success: true,
      totpSecret: secret,
      otpauthUrl: totpUrl(secret, TOTP_ISSUER, account.email),
      staff: { email: account.email, name: account.name, role: account.role },
    };
  }

  /**
   * Step two: a right code makes the account active with the pending password and secret; the link is spent,
   * and the person is signed in. The code proved the authenticator and the password was chosen on this link a
   * moment ago: asking for both again meant waiting up to 30 s for a code not yet used.
   */
  async confirm(token: string, code: string, address: string): Promise<SignedIn> {
    const { db, limiter, settings, sessions } = this.deps;
    await limiter.consume([[limits.staffSetupToken, token]]);
    const tokenHash = setupTokenHash(settings.sessionSecret, token);
    const link = await findLiveSetupToken(db, tokenHash);
    const sealed = link?.pendingTotpSecret;
    const passwordHash = link?.pendingPasswordHash;
    const secret = sealed ? this.#sealer.open(sealed) : undefined;
    // No pending secret: `setup` was not called with this link (or it was, with another server secret).
    if (!link || !sealed || !passwordHash || !secret) throw badRequest(messages.staffSetupInvalid);
    const step = await acceptedStep(secret, code, null);
    if (step === undefined) throw badRequest(messages.staffCodeInvalid);
    const account = await db.transaction(async (tx) => {
      // Spending first, in the transaction: of two confirmations racing, only one finds the link open.
      if ((await spendSetupTokensOf(tx, link.staffId)) === 0) throw badRequest(messages.staffSetupInvalid);
      const activated = await activateStaff(tx, link.staffId, {
        passwordHash,
        totpSecret: sealed,
        totpLastStep: step,
      });
      if (!activated) throw badRequest(messages.staffSetupInvalid);
      const account = (await findStaffAccount(tx, link.staffId))!;
      await audit(
        tx,
        { staffId: account.id, label: account.email, role: account.role, address },
        {
          action: 'staff.setup',
          subjectId: account.id,
          before: { status: 'invited' },
          after: { status: 'active' },
        },
      );
      return account;
    });
    const session = await sessions.create(account.id);
    return { staff: presentStaff(account), token: session.token, maxAgeSeconds: session.maxAgeSeconds };
  }

  /**
   * Sign-in with e-mail, password and code. Every failure, whatever its cause, is the same 401 after the
   * same password work, so the answer tells nothing about which factor or whether the account exists.
   */
  async login(input: { email: string; password: string; code: string }, address: string): Promise<SignedIn> {
    const { db, passwords, limiter, sessions } = this.deps;
    const checks: LimitCheck[] = [
      [limits.staffLoginAccountAddress, `${input.email}|${address}`],
      [limits.staffLoginAccount, input.email],
      [limits.staffLoginAddressFailures, address],
    ];
    await limiter.consume(checks);
    const account = await findStaffCredentials(db, input.email);
    const passwordRight = account?.passwordHash
      ? await passwords.verify(account.passwordHash, input.password)
      : await passwords.verifyNothing(input.password);
    const secret = account?.totpSecret ? this.#sealer.open(account.totpSecret) : undefined;
    const step = account && secret ? await acceptedStep(secret, input.code, account.totpLastStep) : undefined;
    const accepted =
      account !== undefined &&
      account.status === 'active' &&
      passwordRight &&
      step !== undefined &&
      (await recordStaffSignIn(db, account.id, step));
    if (!accepted) throw unauthorized(messages.staffLoginInvalid);
    // Only failures count: a sign-in gives its attempt back, and clears this account and address.
    await Promise.all([limiter.clear(checks.slice(0, 1)), limiter.refund(checks.slice(1))]);
    const session = await sessions.create(account.id);
    return { staff: presentStaff(account), token: session.token, maxAgeSeconds: session.maxAgeSeconds };
  }

  async list(): Promise<StaffAccount[]> {
    return (await listStaffAccounts(this.deps.db)).map(presentStaffAccount);
  }

  invite(actor: Actor, input: StaffInvite): Promise<InviteOutcome> {
    return inviteStaff(this.deps.db, this.deps.settings, actor, input, this.deps.mail);
  }

  /** A fresh link for a person invited but not yet set up (409 once set up: that is a reset). */
  async resendInvite(actor: Actor, id: string): Promise<InviteOutcome> {
    const account = await findStaffAccount(this.deps.db, id);
    if (!account) throw notFound(messages.staffNotFound);
    if (account.status !== 'invited') throw conflict(messages.staffNotInvited);
    const { email, name, role } = account;
    return this.invite(actor, { email, name, role });
  }

  /**
   * A lost authenticator, from the console: only an active account (a disabled one stays disabled; an invited
   * one is sent its invitation again), and never one's own, which would sign its admin out with no way back in.
   */
  resetAuthenticator(actor: Actor, id: string): Promise<InviteOutcome> {
    if (id === actor.staffId) throw badRequest(messages.staffCannotResetSelf);
    const { db, settings, mail } = this.deps;
    return resetStaff(db, settings, actor, { id }, mail);
  }

  /** Another person's role, audited; the guard reads the role with the session, so it holds from their next call. */
  async changeRole(actor: Actor, id: string, role: StaffRole): Promise<StaffAccount> {
    if (id === actor.staffId) throw badRequest(messages.staffCannotChangeOwnRole);
    const row = await this.deps.db.transaction(async (tx) => {
      const account = await findStaffAccount(tx, id);
      if (!account) throw notFound(messages.staffNotFound);
      if (account.role === role) return account;
      const changed = await updateStaffAccount(tx, id, { role });
      await audit(tx, actor, {
        action: 'staff.role',
        subjectId: id,
        before: { role: account.role },
        after: { role },
      });
      return changed;
    });
    return presentStaffAccount(row);
  }

  /**
   * One's own password, with the current one asked again. The other sessions end in the same transaction,
   * so whoever may have learnt the old password is out; this one stays. Wrong current passwords are counted
   * per account, and a right one gives its attempt back.
   */
  async changePassword(
    actor: Actor,
    { sessionId, staff }: StaffContext,
    input: { currentPassword: string; newPassword: string },
  ): Promise<void> {
    const { db, passwords, limiter } = this.deps;
    const checks: LimitCheck[] = [[limits.staffPasswordAccount, staff.id]];
    await limiter.consume(checks);
    const account = await findStaffCredentials(db, staff.email);
    const right =
      account?.id === staff.id && account.passwordHash
        ? await passwords.verify(account.passwordHash, input.currentPassword)
        : false;
    if (!right) throw badRequest(messages.staffPasswordWrong);
    await limiter.refund(checks);
    if (input.newPassword === input.currentPassword) throw badRequest(messages.staffPasswordSame);
    if (isCommonPasswordHash(input.newPassword)) throw badRequest(messages.commonPassword);
    const passwordHash = await passwords.hash(input.newPassword);
    await db.transaction(async (tx) => {
      await setStaffPassword(tx, staff.id, passwordHash);
      await deleteStaffSessionsOf(tx, staff.id, sessionId);
      await audit(tx, actor, { action: 'staff.password', subjectId: staff.id, before: null, after: null });
    });
  }

  disable(actor: Actor, id: string): Promise<void> {
    return disableStaff(this.deps.db, actor, id);
  }
}

/**
 * Disables an account (the admin's call and `staff:disable`): its sessions are deleted in the same
 * transaction (the guard also refuses any account that is not active), and its open set-up links are spent.
 */
export async function disableStaff(db: Db, actor: Actor, id: string): Promise<void> {
  if (id === actor.staffId) throw badRequest(messages.staffCannotDisableSelf);
  await db.transaction(async (tx) => {
    const account = await findStaffAccount(tx, id);
    if (!account) throw notFound(messages.staffNotFound);
    if (account.status === 'disabled') return;
    await setStaffStatus(tx, id, 'disabled');
    await endAccess(tx, id);
    await audit(tx, actor, {
      action: 'staff.disable',
      subjectId: id,
      before: { status: account.status },
      after: { status: 'disabled' },
    });
  });
}

/**
 * A lost authenticator: the account goes back to invited, its sessions end, and a fresh set-up link lets its
 * person choose a new password and authenticator. Audited as `staff.reset`, then `staff.invite`. The
 * command line finds the account by e-mail and recovers even a disabled (locked-out) admin; the console
 * finds it by id and resets only an active account.
 */
export async function resetStaff(
  db: Db,
  settings: SetupLinkSettings,
  actor: Actor,
  which: { email: string } | { id: string },
  mail: MailQueue,
): Promise<InviteOutcome> {
  const account = await db.transaction(async (tx) => {
    const found =
      'email' in which
        ? await findStaffAccountByEmail(tx, which.email)
        : await findStaffAccount(tx, which.id);
    if (!found) throw notFound(messages.staffNotFound);
    if ('id' in which && found.status !== 'active') throw conflict(messages.staffResetNotActive);
    await setStaffStatus(tx, found.id, 'invited');
    await endAccess(tx, found.id);
    await audit(tx, actor, {
      action: 'staff.reset',
      subjectId: found.id,
      before: { status: found.status },
      after: { status: 'invited' },
    });
    return found;
  });
  return inviteStaff(
    db,
    settings,
    actor,
    { email: account.email, name: account.name, role: account.role },
    mail,
  );
}

async function endAccess(tx: Executor, staffId: string): Promise<void> {
  await deleteStaffSessionsOf(tx, staffId);
  await spendSetupTokensOf(tx, staffId);
}
