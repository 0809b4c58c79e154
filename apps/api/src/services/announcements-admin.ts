import { messages } from '@portal/shared/messages';
import type { z } from 'zod';
import type {
  announcementRequestSchema,
  announcementsQuerySchema,
  StaffAnnouncement,
} from '@portal/shared/schemas/staff-announcements';
import type { Db, Executor } from '../db/client';
import {
  announcementTaken,
  deleteAnnouncement,
  findAnnouncement,
  insertAnnouncement,
  listAnnouncementsForStaff,
  updateAnnouncement,
  type AnnouncementRow,
  type AnnouncementValues,
} from '../db/repositories/announcements';
import { badRequest, conflict, notFound } from '../lib/http-error';
import { audit, type Actor } from './audit';
import { sanitisedMessage } from './batch-configs';

/*
 * Announcements written by content staff (decision 0025): the text is staff HTML, sanitised when saved (and
 * again when a student is shown it); an announcement is published now or scheduled for a time to come, and
 * students see it only once that time has come (services/learning.ts).
 */

type Body = z.output<typeof announcementRequestSchema>;

function presentAnnouncement(row: AnnouncementRow): StaffAnnouncement {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    publishedAt: row.publishedAt.toISOString(),
    scheduled: row.scheduled,
  };
}

function auditState(row: AnnouncementRow) {
  return {
    title: row.title,
    description: row.description,
    url: row.url,
    publishedAt: row.publishedAt.toISOString(),
  };
}

export async function listAnnouncements(db: Db, query: z.output<typeof announcementsQuerySchema>) {
  const { rows, total } = await listAnnouncementsForStaff(db, {
    offset: (query.page - 1) * query.pageSize,
    limit: query.pageSize,
  });
  return { data: rows.map(presentAnnouncement), total };
}

/**
 * The values to store: the text sanitised (nothing left is no text: 400), and the publishing time: a time
 * given must be to come; none is now, except for an announcement already published, which keeps its time.
 */
function valuesOf(body: Body, current?: AnnouncementRow): AnnouncementValues {
  const description = sanitisedMessage(body.description);
  if (description === null)
    throw badRequest(messages.fieldRequired, { errors: { description: messages.fieldRequired } });
  let publishedAt: Date | 'now';
  if (body.publishedAt) {
    publishedAt = new Date(body.publishedAt);
    if (publishedAt.getTime() <= Date.now())
      throw badRequest(messages.announcementPublishInPast, {
        errors: { publishedAt: messages.announcementPublishInPast },
      });
  } else publishedAt = current && !current.scheduled ? current.publishedAt : 'now';
  return { title: body.title, description, url: body.url, publishedAt };
}

async function saved(ex: Executor, id: string): Promise<AnnouncementRow> {
  return (await findAnnouncement(ex, id))!;
}

export async function createAnnouncement(db: Db, actor: Actor, body: Body): Promise<StaffAnnouncement> {
  const values = valuesOf(body);
  return db.transaction(async (tx) => {
    if (await announcementTaken(tx, values.title, values.publishedAt))
      throw conflict(messages.announcementDuplicate);
    const id = await insertAnnouncement(tx, values);
    const after = await saved(tx, id);
    await audit(tx, actor, {
      action: 'announcement.create',
      subjectId: id,
      before: null,
      after: auditState(after),
    });
    return presentAnnouncement(after);
  });
}

export async function editAnnouncement(
  db: Db,
  actor: Actor,
  id: string,
  body: Body,
): Promise<StaffAnnouncement> {
  return db.transaction(async (tx) => {
    const before = await findAnnouncement(tx, id, { lock: true });
    if (!before) throw notFound(messages.announcementNotFound);
    const values = valuesOf(body, before);
    if (await announcementTaken(tx, values.title, values.publishedAt, id))
      throw conflict(messages.announcementDuplicate);
    await updateAnnouncement(tx, id, values);
    const after = await saved(tx, id);
    await audit(tx, actor, {
      action: 'announcement.update',
      subjectId: id,
      before: auditState(before),
      after: auditState(after),
    });
    return presentAnnouncement(after);
  });
}

export async function removeAnnouncement(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await findAnnouncement(tx, id, { lock: true });
    if (!before) throw notFound(messages.announcementNotFound);
    await deleteAnnouncement(tx, id);
    await audit(tx, actor, {
      action: 'announcement.delete',
      subjectId: id,
      before: auditState(before),
      after: null,
    });
  });
}
