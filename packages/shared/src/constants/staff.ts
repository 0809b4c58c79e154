import { messages } from '../messages';

/** Staff roles (API.md "Staff API"): `admin` may do everything, and is the only role that manages staff. */
export const STAFF_ROLES = ['admin', 'admissions', 'accounts', 'content'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

/** The actor of an audit entry written by `npm run admin` (no person signed in). */
export const COMMAND_LINE_ACTOR = 'command line';

/** Staff passwords: at least this many characters typed (the wire carries their SHA-256). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;

/** A review hold: how long the next student stays with the reviewer who asked for them. */
export const REVIEW_HOLD_MINUTES = 5;

/**
 * The reasons a reviewer picks from (issue 24, point 10): each a key of `@portal/shared/messages`, so the
 * student reads it in their language on the page and in the e-mail. The reviewer may add their own words.
 * Each text is named one by one: the browser's build keeps only the messages its code names
 * (apps/web/build/spec-messages.ts), so no page looks a message up by a code it computed.
 */
export const REJECT_REASON_TEXTS = {
  rejectPhotoUnclear: messages.rejectPhotoUnclear,
  rejectCnicFront: messages.rejectCnicFront,
  rejectCnicBack: messages.rejectCnicBack,
  rejectEducation: messages.rejectEducation,
  rejectMismatch: messages.rejectMismatch,
  rejectCnicExpired: messages.rejectCnicExpired,
} as const;
export type RejectReasonCode = keyof typeof REJECT_REASON_TEXTS;

/** The reasons' codes, in the order the reviewer sees them. */
export const REJECT_REASON_CODES = Object.keys(REJECT_REASON_TEXTS) as [
  RejectReasonCode,
  ...RejectReasonCode[],
];

export function isRejectReasonCode(code: string): code is RejectReasonCode {
  return Object.hasOwn(REJECT_REASON_TEXTS, code);
}

/** A page of a staff list. */
export const STAFF_PAGE_SIZE_MAX = 100;

/** The largest CSV a staff import takes (API.md: a larger one is refused with 413). */
export const STAFF_CSV_MAX_BYTES = 5 * 1024 * 1024;

/** A textbook cover's largest upload: a scanned cover is well under this. */
export const TEXTBOOK_COVER_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The largest JSON body of a bulk staff call (10,000 roll numbers or result rows): above the app's 64 KB
 * default, which only these calls need.
 */
export const STAFF_BULK_BODY_MAX_BYTES = 2 * 1024 * 1024;
