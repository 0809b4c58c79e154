import { STAFF_ROLES } from '../constants/staff';
import {
  idParamsSchema,
  staffAccountAnswerSchema,
  staffAnswerSchema,
  staffInviteAnswerSchema,
  staffInviteRequestSchema,
  staffListAnswerSchema,
  staffLoginRequestSchema,
  staffOkAnswerSchema,
  staffPasswordRequestSchema,
  staffRoleRequestSchema,
  staffSetupAnswerSchema,
  staffSetupConfirmRequestSchema,
  staffSetupRequestSchema,
} from '../schemas/staff';
import { defineCall } from './call';

/**
 * Staff identity (docs/api.md "Staff API"): set-up from an invitation and sign-in, which a visitor makes;
 * who is signed in and signing out, which every role makes; the staff accounts, which only an admin keeps.
 */

const everyone = { staff: STAFF_ROLES } as const;
const adminOnly = { staff: ['admin'] } as const;

/** Sets the password from an invitation link and answers the TOTP secret; the link is not spent yet. */
export const staffSetup = defineCall({
  method: 'POST',
  path: '/staffapi/setup',
  body: staffSetupRequestSchema,
  answer: staffSetupAnswerSchema,
  access: 'visitor',
});

/** The first code from the authenticator app activates the account. */
export const staffSetupConfirm = defineCall({
  method: 'POST',
  path: '/staffapi/setup/confirm',
  body: staffSetupConfirmRequestSchema,
  answer: staffAnswerSchema,
  access: 'visitor',
});

/** E-mail, password (its SHA-256 hex) and the authenticator's code; the session cookie comes back. */
export const staffLogin = defineCall({
  method: 'POST',
  path: '/staffapi/login',
  body: staffLoginRequestSchema,
  answer: staffAnswerSchema,
  access: 'visitor',
});

/** Who the cookie's session belongs to (401 when there is none). */
export const staffMe = defineCall({
  method: 'GET',
  path: '/staffapi/me',
  answer: staffAnswerSchema,
  access: everyone,
});

/** Ends the session and clears the cookie. */
export const staffLogout = defineCall({
  method: 'POST',
  path: '/staffapi/logout',
  answer: staffOkAnswerSchema,
  access: everyone,
});

/**
 * Changes one's own password; one's other sessions end. The current password is asked again: a session
 * left open on a shared desk must not be enough to take the account.
 */
export const changeStaffPassword = defineCall({
  method: 'POST',
  path: '/staffapi/me/password',
  body: staffPasswordRequestSchema,
  answer: staffOkAnswerSchema,
  access: everyone,
});

/** Every staff account. */
export const staffAccounts = defineCall({
  method: 'GET',
  path: '/staffapi/staff',
  answer: staffListAnswerSchema,
  access: adminOnly,
});

/** Invites a person: answers the one-time set-up link. */
export const inviteStaff = defineCall({
  method: 'POST',
  path: '/staffapi/staff/invite',
  body: staffInviteRequestSchema,
  answer: staffInviteAnswerSchema,
  access: adminOnly,
});

/** The account and its sessions end at once. */
export const disableStaff = defineCall({
  method: 'POST',
  path: '/staffapi/staff/:id/disable',
  params: idParamsSchema,
  answer: staffOkAnswerSchema,
  access: adminOnly,
});

/** Another person's role; it holds from their next call (the guard reads the role with the session). */
export const changeStaffRole = defineCall({
  method: 'POST',
  path: '/staffapi/staff/:id/role',
  params: idParamsSchema,
  body: staffRoleRequestSchema,
  answer: staffAccountAnswerSchema,
  access: adminOnly,
});

/** A fresh set-up link for an invited person, e-mailed and answered; the old links are spent. */
export const resendStaffInvite = defineCall({
  method: 'POST',
  path: '/staffapi/staff/:id/resend-invite',
  params: idParamsSchema,
  answer: staffInviteAnswerSchema,
  access: adminOnly,
});

/**
 * A lost authenticator: the account goes back to invited, its sessions end, and a fresh set-up link is
 * e-mailed and answered, on which its person chooses a new password and authenticator.
 */
export const resetStaffAuthenticator = defineCall({
  method: 'POST',
  path: '/staffapi/staff/:id/reset-authenticator',
  params: idParamsSchema,
  answer: staffInviteAnswerSchema,
  access: adminOnly,
});
