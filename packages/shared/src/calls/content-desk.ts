import {
  announcementEditSchema,
  announcementRequestSchema,
  announcementsQuerySchema,
  staffAnnouncementAnswerSchema,
  staffAnnouncementsAnswerSchema,
} from '../schemas/staff-announcements';
import { idParamsSchema, staffOkAnswerSchema } from '../schemas/staff';
import {
  batchConfigAnswerSchema,
  batchConfigParamsSchema,
  batchConfigRequestSchema,
  htmlPreviewAnswerSchema,
  htmlPreviewRequestSchema,
} from '../schemas/staff-config';
import { defineCall } from './call';

/**
 * The content desk's calls for what students read (docs/api.md "Content" and "Catalogue"): the announcements,
 * each batch's config (the admit card's message, instructions and links), and the preview of staff HTML.
 */

const content = { staff: ['content'] } as const;

/** Every announcement, a page at a time, scheduled ones marked. */
export const staffAnnouncements = defineCall({
  method: 'GET',
  path: '/staffapi/content/announcements',
  query: announcementsQuerySchema,
  answer: staffAnnouncementsAnswerSchema,
  access: content,
});

/**
 * A new announcement: published now, or at its `publishedAt`; for every student or an audience, and also
 * e-mailed to it when asked (decision 0050).
 */
export const createAnnouncement = defineCall({
  method: 'POST',
  path: '/staffapi/content/announcements',
  body: announcementRequestSchema,
  answer: staffAnnouncementAnswerSchema,
  access: content,
});

/** An announcement edited (its audience too; an e-mail goes only at creation). */
export const editAnnouncement = defineCall({
  method: 'POST',
  path: '/staffapi/content/announcements/:id',
  params: idParamsSchema,
  body: announcementEditSchema,
  answer: staffAnnouncementAnswerSchema,
  access: content,
});

/** An announcement removed. */
export const deleteAnnouncement = defineCall({
  method: 'POST',
  path: '/staffapi/content/announcements/:id/delete',
  params: idParamsSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

/** A batch's config. */
export const batchConfig = defineCall({
  method: 'GET',
  path: '/staffapi/catalogue/batch-configs/:batchId',
  params: batchConfigParamsSchema,
  answer: batchConfigAnswerSchema,
  access: content,
});

/** A batch's config replaced (the message sanitised): the config as stored. */
export const saveBatchConfig = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/batch-configs/:batchId',
  params: batchConfigParamsSchema,
  body: batchConfigRequestSchema,
  answer: batchConfigAnswerSchema,
  access: content,
});

/** Staff HTML as students would be shown it, after the server's sanitiser: changes nothing. */
export const htmlPreview = defineCall({
  method: 'POST',
  path: '/staffapi/catalogue/html-preview',
  body: htmlPreviewRequestSchema,
  answer: htmlPreviewAnswerSchema,
  access: content,
});
