import { z } from 'zod';
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
});
export type AnnouncementRequest = z.input<typeof announcementRequestSchema>;

export const staffAnnouncementSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  publishedAt: z.string(),
  /** Its time has not come: students do not see it yet. */
  scheduled: z.boolean(),
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
