import { and, eq, ne, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../client';
import { announcements } from '../schema';

/* Announcements as content staff write them (decision 0025); students read them in learning.ts. */

export interface AnnouncementRow {
  id: string;
  title: string;
  description: string;
  url: string;
  publishedAt: Date;
  /** Its time has not come (by the database's clock, the one the students' list filters by). */
  scheduled: boolean;
}

const columns = sql`id, title, description, url, published_at as "publishedAt",
  published_at > now() as scheduled`;

/** Dates come back as strings from some drivers when selected by raw SQL. */
function mapRow(row: Omit<AnnouncementRow, 'publishedAt'> & { publishedAt: Date | string }): AnnouncementRow {
  return { ...row, publishedAt: new Date(row.publishedAt) };
}

/** Every announcement, scheduled ones too, newest publishing time first, with the total. */
export async function listAnnouncementsForStaff(ex: Executor, page: { offset: number; limit: number }) {
  const rows = await queryRows<AnnouncementRow & { total: string }>(
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
  const [row] = await queryRows<AnnouncementRow>(
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
}

const publishedAtOf = (value: Date | 'now') => (value === 'now' ? sql`now()` : value);

export async function insertAnnouncement(ex: Executor, values: AnnouncementValues): Promise<string> {
  const [row] = await ex
    .insert(announcements)
    .values({ ...values, publishedAt: publishedAtOf(values.publishedAt) })
    .returning({ id: announcements.id });
  return row!.id;
}

export async function updateAnnouncement(
  ex: Executor,
  id: string,
  values: AnnouncementValues,
): Promise<void> {
  await ex
    .update(announcements)
    .set({ ...values, publishedAt: publishedAtOf(values.publishedAt) })
    .where(eq(announcements.id, id));
}

export async function deleteAnnouncement(ex: Executor, id: string): Promise<void> {
  await ex.delete(announcements).where(eq(announcements.id, id));
}
