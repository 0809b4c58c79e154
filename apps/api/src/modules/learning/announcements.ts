import { ANNOUNCEMENTS_PAGE_SIZE } from '@portal/shared/constants/learning';
import { messages } from '@portal/shared/messages';
import type { z } from 'zod';
import { locales } from '@portal/shared/i18n';
import type { Announcement } from '@portal/shared/schemas/learning';
import type {
  announcementEditSchema,
  announcementRequestSchema,
  announcementsQuerySchema,
  StaffAnnouncement,
} from '@portal/shared/schemas/staff-announcements';
import type { Db, Executor } from '../../db/client';
import {
  announcementTaken,
  deleteAnnouncement,
  findAnnouncement,
  insertAnnouncement,
  listAnnouncementsForStaff,
  queueAnnouncementMail,
  setEmailedTo,
  updateAnnouncement,
  type AnnouncementRow,
  type AnnouncementValues,
  type Audience,
} from './announcements-repository';
import { pageAnnouncements } from './announcements-repository';
import type { StudentRow } from '../students/repository';
import { findBatch } from '../catalogue/config-repository';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { sanitiseStaffHtml } from '../../lib/staff-html';
import { announcementMail } from '../../mail/templates';
import { audit, type Actor } from '../audit/audit';
import { sanitisedMessage } from '../catalogue/batch-configs';
import { pageWindow } from '../../lib/paging';

/*
 * Announcements written by content staff (decision 0025): the text is staff HTML, sanitised when saved (and
 * again when a student is shown it); an announcement is published now or scheduled for a time to come, and
 * students see it only once that time has come (AnnouncementsService.announcements).
 */

type Body = z.output<typeof announcementEditSchema>;
type NewBody = z.output<typeof announcementRequestSchema>;

function presentAnnouncement(row: AnnouncementRow): StaffAnnouncement {
  return {
    _id: row.id,
    title: row.title,
    description: row.description,
    url: row.url,
    publishedAt: row.publishedAt.toISOString(),
    scheduled: row.scheduled,
    titleUr: row.titleUr ?? '',
    descriptionUr: row.descriptionUr ?? '',
    audience: row.audience,
    emailedTo: row.emailedTo,
  };
}

function auditState(row: AnnouncementRow) {
  return {
    title: row.title,
    description: row.description,
    url: row.url,
    publishedAt: row.publishedAt.toISOString(),
    titleUr: row.titleUr,
    descriptionUr: row.descriptionUr,
    audience: row.audience,
  };
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
  return {
    title: body.title,
    description,
    url: body.url,
    publishedAt,
    ...urduOf(body),
    audience: audienceOf(body),
  };
}

/** The Urdu texts: both (the text sanitised) or neither. */
function urduOf(body: Body): { titleUr: string | null; descriptionUr: string | null } {
  const descriptionUr = body.descriptionUr ? sanitisedMessage(body.descriptionUr) : null;
  if (!body.titleUr && !descriptionUr) return { titleUr: null, descriptionUr: null };
  if (!body.titleUr || !descriptionUr)
    throw badRequest(messages.announcementUrduIncomplete, {
      errors: { [body.titleUr ? 'descriptionUr' : 'titleUr']: messages.announcementUrduIncomplete },
    });
  return { titleUr: body.titleUr, descriptionUr };
}

function audienceOf(body: Body): Audience {
  return body.audience ?? { batchId: null, course: null, status: null, city: null };
}

/** A batch named in the audience must exist (404), so that a mistyped id does not reach no one unseen. */
async function checkAudience(ex: Executor, audience: Audience): Promise<void> {
  if (audience.batchId && !(await findBatch(ex, audience.batchId))) throw notFound(messages.batchNotFound);
}

async function saved(ex: Executor, id: string): Promise<AnnouncementRow> {
  return (await findAnnouncement(ex, id))!;
}

/** The announcement's e-mail in each language (Urdu where staff gave its texts), queued for its audience. */
function queueMail(tx: Executor, values: AnnouncementValues): Promise<number> {
  const mails = Object.fromEntries(
    locales.map((locale) => {
      const urdu = locale === 'ur' && values.titleUr && values.descriptionUr;
      const text = urdu
        ? { title: values.titleUr!, description: values.descriptionUr!, url: values.url }
        : values;
      return [locale, announcementMail(locale, text)];
    }),
  ) as Parameters<typeof queueAnnouncementMail>[2];
  return queueAnnouncementMail(tx, values.audience, mails);
}

/**
 * Announcements: a student reads, a page at a time, those meant for them once published; content staff list,
 * write, edit and remove them, each change audited.
 */
export class AnnouncementsService {
  constructor(private readonly db: Db) {}

  /**
   * One page of the announcements meant for this student (1-based; decision 0050); nextPageNo is "" on the
   * last page. A student who reads the portal in Urdu gets the Urdu texts where staff gave them.
   */
  async announcements(
    student: StudentRow,
    pageNo: number,
  ): Promise<{ data: Announcement[]; nextPageNo: number | '' }> {
    const rows = await pageAnnouncements(
      this.db,
      student,
      (pageNo - 1) * ANNOUNCEMENTS_PAGE_SIZE,
      ANNOUNCEMENTS_PAGE_SIZE + 1,
    );
    const more = rows.length > ANNOUNCEMENTS_PAGE_SIZE;
    return {
      data: rows.slice(0, ANNOUNCEMENTS_PAGE_SIZE).map((row) => {
        const urdu = student.language === 'ur' && row.titleUr && row.descriptionUr;
        return {
          _id: row.id,
          title: urdu ? row.titleUr! : row.title,
          createdDate: row.publishedAt.toISOString(),
          // Staff HTML, sanitised on the way out as lesson descriptions are (the catalogue file may hold any).
          desc: sanitiseStaffHtml(urdu ? row.descriptionUr! : row.description),
          url: row.url,
        };
      }),
      nextPageNo: more ? pageNo + 1 : '',
    };
  }

  async listAnnouncements(query: z.output<typeof announcementsQuerySchema>) {
    const { rows, total } = await listAnnouncementsForStaff(this.db, pageWindow(query));
    return { data: rows.map(presentAnnouncement), total };
  }

  /**
   * A new announcement, and when asked its e-mail to its audience, queued in the same transaction (one
   * statement a language), so that it is e-mailed exactly when it exists. Only one published now is e-mailed:
   * a scheduled one would reach inboxes before the page. The outbox delivers at its own pace, a few at a time,
   * so a large audience never floods the mail relay; `nudge` starts a round.
   */
  async createAnnouncement(
    actor: Actor,
    body: NewBody,
    nudge: () => void = () => {},
  ): Promise<StaffAnnouncement> {
    const values = valuesOf(body);
    if (body.email && values.publishedAt !== 'now')
      throw badRequest(messages.announcementEmailScheduled, {
        errors: { email: messages.announcementEmailScheduled },
      });
    const created = await this.db.transaction(async (tx) => {
      await checkAudience(tx, values.audience);
      if (await announcementTaken(tx, values.title, values.publishedAt))
        throw conflict(messages.announcementDuplicate);
      const id = await insertAnnouncement(tx, values);
      if (body.email) await setEmailedTo(tx, id, await queueMail(tx, values));
      const after = await saved(tx, id);
      await audit(tx, actor, {
        action: 'announcement.create',
        subjectId: id,
        before: null,
        after: { ...auditState(after), emailedTo: after.emailedTo },
      });
      return presentAnnouncement(after);
    });
    if (body.email) nudge();
    return created;
  }

  async editAnnouncement(actor: Actor, id: string, body: Body): Promise<StaffAnnouncement> {
    return this.db.transaction(async (tx) => {
      const before = await findAnnouncement(tx, id, { lock: true });
      if (!before) throw notFound(messages.announcementNotFound);
      const values = valuesOf(body, before);
      await checkAudience(tx, values.audience);
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

  async removeAnnouncement(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
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
}
