import { preprocess, z } from './zod';
import { COURSE_CODES } from '../constants/courses';
import { ENROLMENT_STATUSES } from '../constants/enrolment';
import { messages } from '../messages';
import { optionalHttpsLink, staffHtml } from './staff-config';
import { messageCodeFields } from './envelope';
import { page, pageSize } from './staff-fields';

/* Announcements as content staff write them (`/staffapi/content/announcements`, decision 0025). */

export const announcementsQuerySchema = z.object({
  page,
  pageSize,
});
export type AnnouncementsQuery = z.input<typeof announcementsQuerySchema>;

/** An audience field left empty (a cleared form field) is no narrowing. */
const anyOf = <T extends z.ZodMiniType>(schema: T) =>
  preprocess((value) => (value === '' || value === undefined ? null : value), z.nullable(schema));

/**
 * Who an announcement is for (decision 0050): each field given narrows it. A student is in it when one of their
 * registrations has the batch, the course and the status given, and their city is the one given. Nothing
 * given: every student.
 */
export const announcementAudienceSchema = z.strictObject({
  batchId: anyOf(z.uuid()),
  course: anyOf(z.enum(COURSE_CODES)),
  status: anyOf(z.enum(ENROLMENT_STATUSES)),
  city: anyOf(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
});
export type AnnouncementAudience = z.output<typeof announcementAudienceSchema>;

export const announcementRequestSchema = z.strictObject({
  title: z.string().check(z.trim(), z.minLength(1, messages.fieldRequired), z.maxLength(200)),
  /** Rich text (HTML), sanitised before it is stored. */
  description: staffHtml.check(z.trim(), z.minLength(1, messages.fieldRequired)),
  url: z._default(optionalHttpsLink, ''),
  /**
   * When students see it: a time in the future schedules it; absent or null publishes it now (and leaves an
   * announcement already published at its time).
   */
  publishedAt: z.optional(z.nullable(z.iso.datetime({ offset: true }))),
  /** The Urdu title and text, for students who read the portal in Urdu: both or neither. */
  titleUr: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
  descriptionUr: z._default(staffHtml.check(z.trim()), ''),
  /** Absent: every student. */
  audience: z.optional(announcementAudienceSchema),
  /** Also e-mail it to its audience, through the outbox (only when it is published now; at creation only). */
  email: z._default(z.boolean(), false),
});
export type AnnouncementRequest = z.input<typeof announcementRequestSchema>;

/** An edit: the same fields, but an announcement is e-mailed once, when it is created. */
export const announcementEditSchema = z.omit(announcementRequestSchema, { email: true });
export type AnnouncementEdit = z.input<typeof announcementEditSchema>;

export const staffAnnouncementSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  publishedAt: z.string(),
  /** Its time has not come: students do not see it yet. */
  scheduled: z.boolean(),
  titleUr: z.string(),
  descriptionUr: z.string(),
  audience: z.object({
    batchId: z.nullable(z.string()),
    course: z.nullable(z.string()),
    status: z.nullable(z.string()),
    city: z.nullable(z.string()),
  }),
  /** How many students it was e-mailed to; null when it was not. */
  emailedTo: z.nullable(z.number().check(z.int())),
});
export type StaffAnnouncement = z.infer<typeof staffAnnouncementSchema>;

export const staffAnnouncementsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(staffAnnouncementSchema),
  total: z.number().check(z.int()),
});

export const staffAnnouncementAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  data: staffAnnouncementSchema,
});
