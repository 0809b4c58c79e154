import { z } from './zod';
import { messageCodeFields } from './envelope';

/* What the operations endpoints answer (API.md "Operations"). */

/** GET /healthz: the process runs. */
export const healthAnswerSchema = z.object({ status: z.literal('ok') });

/** What /readyz checks: the database, and Redis and the bucket where they are configured. */
export const READINESS_CHECKS = ['database', 'redis', 'storage'] as const;

/** GET /readyz: 200 `ready` when every dependency answers; 503 `unavailable`, naming those that do not. */
export const readyAnswerSchema = z.object({
  status: z.literal('ready'),
  /** The newest migration the database has applied (`0008_student_language`). */
  schema: z.string(),
  /** The build this instance runs: the commit and build time, or `source` when run by tsx. */
  build: z.string(),
});
export const notReadyAnswerSchema = z.object({
  status: z.literal('unavailable'),
  failed: z.array(z.enum(READINESS_CHECKS)),
});

/** One e-mail of the dev mailbox (embedded mode only). */
export const storedMailSchema = z.object({
  id: z.string(),
  recipient: z.string(),
  subject: z.string(),
  htmlBody: z.string(),
  textBody: z.string(),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  attempts: z.number().check(z.int()),
  lastError: z.nullable(z.string()),
});

/** GET /dev/mailbox?format=json: the stored e-mails, newest first. */
export const mailboxAnswerSchema = z.object({ success: z.literal(true), data: z.array(storedMailSchema) });

/** POST /internal/admin: what the staff command printed. */
export const adminAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  output: z.string(),
});
