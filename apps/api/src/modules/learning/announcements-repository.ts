import { and, eq, ne, sql, type SQL, desc, lte } from 'drizzle-orm';
import type { EnrolmentStatus } from '@portal/shared/constants/enrolment';
import type { Locale } from '@portal/shared/i18n';
import { queryRows, type Executor } from '../../db/client';
import { announcements } from '../../db/schema';

/* Announcements as content staff write them (decision 0025); students read them in announcements.ts. */

/** Who an announcement is for: each field given narrows it; all null, every student (decision 0050). */
export interface Audience {
  batchId: string | null;
  course: string | null;
  status: EnrolmentStatus | null;
  city: string | null;
}

export interface AnnouncementRow {
  id: string;
  title: string;
  description: string;
  url: string;
  publishedAt: Date;
  /** Its time has not come (by the database's clock, the one the students' list filters by). */
  scheduled: boolean;
  titleUr: string | null;
  descriptionUr: string | null;
  audience: Audience;
  emailedTo: number | null;
}

const columns = sql`id, title, description, url, published_at as "publishedAt",
  published_at > now() as scheduled, title_ur as "titleUr", description_ur as "descriptionUr",
  audience_batch_id as "batchId", audience_course as "course", audience_status as "status",
  audience_city as "city", emailed_to as "emailedTo"`;

type SelectedRow = Omit<AnnouncementRow, 'publishedAt' | 'audience'> &
  Audience & { publishedAt: Date | string };

/** Dates come back as strings from some drivers when selected by raw SQL. */
function mapRow({ batchId, course, status, city, ...row }: SelectedRow): AnnouncementRow {
  return { ...row, publishedAt: new Date(row.publishedAt), audience: { batchId, course, status, city } };
}

/** Every announcement, scheduled ones too, newest publishing time first, with the total. */
export async function listAnnouncementsForStaff(ex: Executor, page: { offset: number; limit: number }) {
  const rows = await queryRows<SelectedRow & { total: string }>(
    ex,
    sql`select ${columns}, count(*) over () as total from announcements
         order by published_at desc, id desc offset ${page.offset} limit ${page.limit}`,
  );
  return { rows: rows.map(({ total: _total, ...row }) => mapRow(row)), total: Number(rows[0]?.total ?? 0) };
}

export async function findAnnouncement(
  ex: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AnnouncementRow | undefined> {
  const [row] = await queryRows<SelectedRow>(
    ex,
    sql`select ${columns} from announcements where id = ${id} ${options.lock ? sql`for update` : sql``}`,
  );
  return row ? mapRow(row) : undefined;
}

/** Whether another announcement has this title and publishing time (the table's natural key). */
export async function announcementTaken(
  ex: Executor,
  title: string,
  publishedAt: Date | 'now',
  exceptId?: string,
): Promise<boolean> {
  const [row] = await ex
    .select({ id: announcements.id })
    .from(announcements)
    .where(
      and(
        eq(announcements.title, title),
        publishedAt === 'now'
          ? sql`${announcements.publishedAt} = now()`
          : eq(announcements.publishedAt, publishedAt),
        exceptId ? ne(announcements.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export interface AnnouncementValues {
  title: string;
  description: string;
  url: string;
  /** `now`: the transaction's time, by the database's clock. */
  publishedAt: Date | 'now';
  titleUr: string | null;
  descriptionUr: string | null;
  audience: Audience;
}

function columnsOf({ publishedAt, audience, ...values }: AnnouncementValues) {
  return {
    ...values,
    publishedAt: publishedAt === 'now' ? sql`now()` : publishedAt,
    audienceBatchId: audience.batchId,
    audienceCourse: audience.course,
    audienceStatus: audience.status,
    audienceCity: audience.city,
  };
}

export async function insertAnnouncement(ex: Executor, values: AnnouncementValues): Promise<string> {
  const [row] = await ex.insert(announcements).values(columnsOf(values)).returning({ id: announcements.id });
  return row!.id;
}

export async function updateAnnouncement(
  ex: Executor,
  id: string,
  values: AnnouncementValues,
): Promise<void> {
  await ex.update(announcements).set(columnsOf(values)).where(eq(announcements.id, id));
}

/**
 * Whether the student `student` (an id and a city, as SQL) is in the audience `audience` (its four fields, as
 * SQL: the announcement's columns, or the values of one): one of their registrations has every one of the
 * batch, course and status given, and their city is the one given (in any case). The one rule of who sees an
 * announcement and who is e-mailed it.
 */
export function inAudience(
  audience: { batchId: SQL; course: SQL; status: SQL; city: SQL },
  student: { id: SQL; city: SQL },
): SQL {
  return sql`(${audience.city} is null or lower(${student.city}) = lower(${audience.city}))
    and ((${audience.batchId} is null and ${audience.course} is null and ${audience.status} is null)
      or exists (select 1 from enrolments e join courses c on c.id = e.course_id
                  where e.student_id = ${student.id}
                    and (${audience.batchId} is null or e.batch_id = ${audience.batchId})
                    and (${audience.course} is null or c.code = ${audience.course})
                    and (${audience.status} is null or e.status = ${audience.status})))`;
}

/** The announcement's own audience columns, for `inAudience` in a query over announcements. */
export const audienceColumns = {
  batchId: sql`${announcements.audienceBatchId}`,
  course: sql`${announcements.audienceCourse}`,
  status: sql`${announcements.audienceStatus}`,
  city: sql`${announcements.audienceCity}`,
};

/** An audience's values as SQL, for `inAudience`. */
export function audienceValues(audience: Audience) {
  return {
    batchId: sql`${audience.batchId}::uuid`,
    course: sql`${audience.course}::text`,
    status: sql`${audience.status}::text`,
    city: sql`${audience.city}::text`,
  };
}

/** One language's e-mail of an announcement. */
export interface AnnouncementMail {
  subject: string;
  textBody: string;
  htmlBody: string;
}

/**
 * Queues the announcement's e-mail for every student in the audience with a verified address, each in the
 * language they read the portal in: one statement a language, however large the audience. Answers how many.
 */
export async function queueAnnouncementMail(
  ex: Executor,
  audience: Audience,
  mails: Record<Locale, AnnouncementMail>,
): Promise<number> {
  let queued = 0;
  for (const [locale, mail] of Object.entries(mails)) {
    const [row] = await queryRows<{ queued: string | number }>(
      ex,
      sql`with queued as (
            insert into mail_outbox (recipient, subject, text_body, html_body)
            select s.email, ${mail.subject}, ${mail.textBody}, ${mail.htmlBody} from students s
             where s.email_verified_at is not null and s.language = ${locale}
               and ${inAudience(audienceValues(audience), { id: sql`s.id`, city: sql`s.city` })}
            returning 1)
          select count(*) as queued from queued`,
    );
    queued += Number(row?.queued ?? 0);
  }
  return queued;
}

export async function setEmailedTo(ex: Executor, id: string, count: number): Promise<void> {
  await ex.update(announcements).set({ emailedTo: count }).where(eq(announcements.id, id));
}

export async function deleteAnnouncement(ex: Executor, id: string): Promise<void> {
  await ex.delete(announcements).where(eq(announcements.id, id));
}

/**
 * One page of the announcements whose time has come (a scheduled one stays hidden until then) and whose
 * audience holds the student (decision 0050), newest first; asks for one more row to know whether another
 * page follows.
 */
export async function pageAnnouncements(
  ex: Executor,
  student: { id: string; city: string | null },
  offset: number,
  limit: number,
) {
  const a = announcements;
  return ex
    .select({
      id: a.id,
      title: a.title,
      description: a.description,
      url: a.url,
      publishedAt: a.publishedAt,
      titleUr: a.titleUr,
      descriptionUr: a.descriptionUr,
    })
    .from(a)
    .where(
      and(
        lte(a.publishedAt, sql`now()`),
        inAudience(audienceColumns, { id: sql`${student.id}::uuid`, city: sql`${student.city}::text` }),
      ),
    )
    .orderBy(desc(a.publishedAt), desc(a.id))
    .offset(offset)
    .limit(limit);
}

// Loading content (the catalogue importer)

export async function upsertAnnouncement(
  ex: Executor,
  announcement: { title: string; description: string; url: string; publishedAt: Date },
): Promise<void> {
  await ex
    .insert(announcements)
    .values(announcement)
    .onConflictDoUpdate({
      target: [announcements.title, announcements.publishedAt],
      set: { description: announcement.description, url: announcement.url },
    });
}
