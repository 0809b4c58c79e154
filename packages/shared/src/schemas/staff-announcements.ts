import { z } from 'zod';
import { COURSE_CODES } from '../constants/courses';
import { ENROLMENT_STATUSES } from '../constants/enrolment';
import { STAFF_PAGE_SIZE_MAX } from '../constants/staff';
import { messages } from '../messages';
import { optionalHttpsLink, staffHtml } from './staff-config';
import { messageCodeFields } from './envelope';

/* Announcements as content staff write them (`/staffapi/content/announcements`, decision 0025). */

export const announcementsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(STAFF_PAGE_SIZE_MAX).default(25),
});
export type AnnouncementsQuery = z.input<typeof announcementsQuerySchema>;

/** An audience field left empty (a cleared form field) is no narrowing. */
const anyOf = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === undefined ? null : value), schema.nullable());

/**
 * Who an announcement is for (decision 0050): each field given narrows it. A student is in it when one of their
 * registrations has the batch, the course and the status given, and their city is the one given. Nothing
 * given: every student.
 */
export const announcementAudienceSchema = z.strictObject({
  batchId: anyOf(z.uuid()),
  course: anyOf(z.enum(COURSE_CODES)),
  status: anyOf(z.enum(ENROLMENT_STATUSES)),
  city: anyOf(z.string().trim().min(1).max(100)),
});
export type AnnouncementAudience = z.output<typeof announcementAudienceSchema>;

export const announcementRequestSchema = z.strictObject({
  title: z.string().trim().min(1, messages.fieldRequired).max(200),
  /** Rich text (HTML), sanitised before it is stored. */
  description: staffHtml.trim().min(1, messages.fieldRequired),
  url: optionalHttpsLink.default(''),
  /**
   * When students see it: a time in the future schedules it; absent or null publishes it now (and leaves an
   * announcement already published at its time).
   */
  publishedAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** The Urdu title and text, for students who read the portal in Urdu: both or neither. */
  titleUr: z.string().trim().max(200).default(''),
  descriptionUr: staffHtml.trim().default(''),
  /** Absent: every student. */
  audience: announcementAudienceSchema.optional(),
  /** Also e-mail it to its audience, through the outbox (only when it is published now; at creation only). */
  email: z.boolean().default(false),
});
export type AnnouncementRequest = z.input<typeof announcementRequestSchema>;

/** An edit: the same fields, but an announcement is e-mailed once, when it is created. */
export const announcementEditSchema = announcementRequestSchema.omit({ email: true });
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
    batchId: z.string().nullable(),
    course: z.string().nullable(),
    status: z.string().nullable(),
    city: z.string().nullable(),
  }),
  /** How many students it was e-mailed to; null when it was not. */
  emailedTo: z.number().int().nullable(),
});
export type StaffAnnouncement = z.infer<typeof staffAnnouncementSchema>;

export const staffAnnouncementsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(staffAnnouncementSchema),
  total: z.number().int(),
});

export const staffAnnouncementAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  data: staffAnnouncementSchema,
});
