import { and, eq, sql, type SQL } from 'drizzle-orm';
import { REVIEW_HOLD_MINUTES } from '@portal/shared/constants/staff';
import type { StudentStatus } from '@portal/shared/constants/student';
import type { StaffResult } from '@portal/shared/schemas/staff';
import { asDate, queryRows, type Executor } from '../../db/client';
import { batches, courses, restrictedGrants, reviewHolds, students } from '../../db/schema';

/** What the staff lists show of a student. */
export interface StudentSummaryRow {
  id: string;
  fullName: string | null;
  email: string;
  cnic: string;
  rollNo: string | null;
  phoneNumber: string | null;
  city: string | null;
  status: StudentStatus;
  isDocumentUploaded: boolean;
  isDocumentVerified: boolean;
  createdAt: Date;
}

export interface StudentSearch {
  q?: string;
  status?: StudentStatus;
  course?: string;
  batchId?: string;
  city?: string;
}

/** `%` and `_` typed in a search are letters, not wildcards. */
function likePrefix(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchWhere(search: StudentSearch): SQL {
  const conditions: SQL[] = [sql`true`];
  if (search.q) {
    const q = search.q;
    const digits = q.replace(/[\s-]/g, '');
    // Every branch is answered by its own index, which PostgreSQL combines (a BitmapOr): decision 0020.
    conditions.push(sql`(s.cnic = ${digits}
      or s.phone_number = ${digits}
      or lower(s.email) = ${q.toLowerCase()}
      or s.roll_no = ${q.toUpperCase()}
      or lower(s.full_name) like ${likePrefix(q)})`);
  }
  if (search.status) conditions.push(sql`s.status = ${search.status}`);
  if (search.city) conditions.push(sql`s.city = ${search.city}`);
  if (search.course || search.batchId) {
    conditions.push(sql`exists (select 1 from enrolments e join courses c on c.id = e.course_id
      where e.student_id = s.id
      ${search.course ? sql`and c.code = ${search.course}` : sql``}
      ${search.batchId ? sql`and e.batch_id = ${search.batchId}` : sql``})`);
  }
  return sql.join(conditions, sql` and `);
}

/** A StudentSummaryRow, named in the query itself. */
const summaryColumns = sql`s.id, s.full_name as "fullName", s.email, s.cnic, s.roll_no as "rollNo",
  s.phone_number as "phoneNumber", s.city, s.status, s.is_document_uploaded as "isDocumentUploaded",
  s.is_document_verified as "isDocumentVerified", s.created_at as "createdAt"`;

type SummarySqlRow = Omit<StudentSummaryRow, 'createdAt'> & { createdAt: Date | string };

function summaryOf({ createdAt, ...row }: SummarySqlRow): StudentSummaryRow {
  return { ...row, createdAt: asDate(createdAt) };
}

/** A page of students, newest first, with the count of all that match. */
export async function searchStudents(
  ex: Executor,
  search: StudentSearch,
  page: { offset: number; limit: number },
): Promise<{ rows: StudentSummaryRow[]; total: number }> {
  const where = searchWhere(search);
  if (search.q) {
    // A search matches few students (a first name a few thousand): find them through the key indexes first,
    // then sort. Left to itself the planner may walk the newest-first order of all students hunting for a
    // rare name, hundreds of milliseconds on 100,000 (bench/staff-search.ts).
    const rows = await queryRows<SummarySqlRow & { total: number | string }>(
      ex,
      sql`with matches as materialized (select ${summaryColumns} from students s where ${where})
          select *, count(*) over () as total from matches
           order by "createdAt" desc, id desc
           limit ${page.limit} offset ${page.offset}`,
    );
    const total = rows[0]?.total ?? (page.offset > 0 ? await countMatches(ex, where) : 0);
    return { rows: rows.map(({ total: _total, ...row }) => summaryOf(row)), total: Number(total) };
  }
  const rows = await queryRows<SummarySqlRow>(
    ex,
    sql`select ${summaryColumns}
          from students s
         where ${where}
         order by s.created_at desc, s.id desc
         limit ${page.limit} offset ${page.offset}`,
  );
  return { rows: rows.map(summaryOf), total: await countMatches(ex, where) };
}

async function countMatches(ex: Executor, where: SQL): Promise<number> {
  const [total] = await queryRows<{ total: number | string }>(
    ex,
    sql`select count(*) as total from students s where ${where}`,
  );
  return Number(total?.total ?? 0);
}

/** Students whose documents wait for a decision. */
const awaiting = sql`s.status = 'Pending' and s.is_document_uploaded`;

export async function countStudentsByStatus(
  ex: Executor,
): Promise<{ status: StudentStatus; count: number }[]> {
  const rows = await queryRows<{ status: StudentStatus; count: number | string }>(
    ex,
    sql`select status, count(*) as count from students group by status`,
  );
  return rows.map((row) => ({ status: row.status, count: Number(row.count) }));
}

export async function countAwaitingReview(ex: Executor): Promise<number> {
  const [row] = await queryRows<{ count: number | string }>(
    ex,
    sql`select count(*) as count from students s where ${awaiting}`,
  );
  return Number(row?.count ?? 0);
}

export interface RegistrationCount {
  course: string;
  batchId: string;
  batchName: string;
  status: string;
  count: number;
}

export async function countRegistrations(ex: Executor): Promise<RegistrationCount[]> {
  return queryRows<RegistrationCount>(
    ex,
    sql`select c.code as course, e.batch_id as "batchId", b.name as "batchName", e.status, count(*)::int as count
          from enrolments e join batches b on b.id = e.batch_id join courses c on c.id = e.course_id
         group by c.code, e.batch_id, b.name, e.status
         order by c.code, b.name, e.status`,
  );
}

/** A student's quarter results, as the student page shows them. */
export async function listStudentResults(ex: Executor, studentId: string): Promise<StaffResult[]> {
  return queryRows<StaffResult>(
    ex,
    sql`select c.code as course, r.quarter, r.grade, r.percentile, r.is_passed as "isPassed"
          from quarter_results r join enrolments e on e.id = r.enrolment_id join courses c on c.id = e.course_id
         where e.student_id = ${studentId}
         order by c.code, r.quarter`,
  );
}

export interface GrantRow {
  batchId: string;
  batchName: string;
  course: string;
  onSiteAllowed: boolean;
}

/** A student's restricted-batch grants with the batch's name and the course's code (the student page). */
export async function listNamedGrants(ex: Executor, studentId: string): Promise<GrantRow[]> {
  return ex
    .select({
      batchId: restrictedGrants.batchId,
      batchName: batches.name,
      course: courses.code,
      onSiteAllowed: restrictedGrants.onSiteAllowed,
    })
    .from(restrictedGrants)
    .innerJoin(batches, eq(batches.id, restrictedGrants.batchId))
    .innerJoin(courses, eq(courses.id, restrictedGrants.courseId))
    .where(eq(restrictedGrants.studentId, studentId))
    .orderBy(batches.name, courses.code);
}

export async function findBatchCourse(
  ex: Executor,
  batchId: string,
  course: string,
): Promise<{ batchName: string; courseId: string } | undefined> {
  const [row] = await queryRows<{ batchName: string; courseId: string }>(
    ex,
    sql`select b.name as "batchName", c.id as "courseId"
          from batch_courses bc join batches b on b.id = bc.batch_id join courses c on c.id = bc.course_id
         where bc.batch_id = ${batchId} and c.code = ${course}`,
  );
  return row;
}

export async function setOnSite(ex: Executor, studentId: string, allowed: boolean): Promise<void> {
  await ex
    .update(students)
    .set({ onSiteAllowed: allowed, updatedAt: sql`now()` })
    .where(eq(students.id, studentId));
}

// The review queue

export interface Hold {
  studentId: string;
  heldUntil: Date;
}

const holdInterval = sql`make_interval(mins => ${REVIEW_HOLD_MINUTES})`;

/** Gives up a reviewer's hold on one student (or on every student when none is named). */
export async function releaseHold(ex: Executor, staffId: string, studentId?: string): Promise<void> {
  await ex
    .delete(reviewHolds)
    .where(
      and(eq(reviewHolds.staffId, staffId), studentId ? eq(reviewHolds.studentId, studentId) : undefined),
    );
}

/** Ends any hold on a student (a decision was made). */
export async function releaseStudent(ex: Executor, studentId: string): Promise<void> {
  await ex.delete(reviewHolds).where(eq(reviewHolds.studentId, studentId));
}

/** The live hold of another reviewer on a student, if any. */
export async function heldByOther(ex: Executor, studentId: string, staffId: string | null): Promise<boolean> {
  const rows = await queryRows<{ staff_id: string }>(
    ex,
    sql`select staff_id from review_holds
         where student_id = ${studentId} and held_until > now()
           ${staffId ? sql`and staff_id <> ${staffId}` : sql``}`,
  );
  return rows.length > 0;
}

/** A hold as `returning` reads it: its time may come as text (`asDate`). */
type HoldSqlRow = Omit<Hold, 'heldUntil'> & { heldUntil: Date | string };

const holdOf = (row: HoldSqlRow): Hold => ({ studentId: row.studentId, heldUntil: asDate(row.heldUntil) });

/** The reviewer's live hold on a student still waiting, renewed for another REVIEW_HOLD_MINUTES. */
export async function renewOwnHold(
  ex: Executor,
  staffId: string,
  except?: string,
): Promise<Hold | undefined> {
  const [row] = await queryRows<HoldSqlRow>(
    ex,
    sql`update review_holds h set held_until = now() + ${holdInterval}
          from students s
         where h.staff_id = ${staffId} and h.held_until > now() and s.id = h.student_id and ${awaiting}
           ${except ? sql`and h.student_id <> ${except}` : sql``}
        returning h.student_id as "studentId", h.held_until as "heldUntil"`,
  );
  return row && holdOf(row);
}

/**
 * Takes the oldest waiting student nobody holds, in one statement: SKIP LOCKED passes over the student
 * another reviewer is taking at this instant, and the conditional upsert refuses a hold that is still live.
 * With `after` (a skipped student) it takes the oldest queued behind that one, so skipping walks the queue
 * instead of bouncing between the first two. Undefined when it lost a race (try again) or nobody waits.
 */
export async function takeNextHold(
  ex: Executor,
  staffId: string,
  options: { except?: string; after?: string } = {},
): Promise<Hold | undefined> {
  const { except, after } = options;
  const [row] = await queryRows<HoldSqlRow>(
    ex,
    sql`insert into review_holds (student_id, staff_id, held_until)
        select s.id, ${staffId}, now() + ${holdInterval}
          from students s
         where ${awaiting}
           ${except ? sql`and s.id <> ${except}` : sql``}
           ${after ? sql`and (s.documents_submitted_at, s.id) > (select a.documents_submitted_at, a.id from students a where a.id = ${after})` : sql``}
           and not exists (select 1 from review_holds h where h.student_id = s.id and h.held_until > now())
         order by s.documents_submitted_at, s.id
         limit 1
           for update of s skip locked
        on conflict (student_id) do update
           set staff_id = excluded.staff_id, held_until = excluded.held_until
         where review_holds.held_until <= now()
        returning student_id as "studentId", held_until as "heldUntil"`,
  );
  return row && holdOf(row);
}

/** Students waiting that no other reviewer holds (the reviewer's own included). */
export async function countWaiting(ex: Executor, staffId: string): Promise<number> {
  const [row] = await queryRows<{ count: number | string }>(
    ex,
    sql`select count(*) as count from students s
         where ${awaiting}
           and not exists (select 1 from review_holds h
                            where h.student_id = s.id and h.held_until > now() and h.staff_id <> ${staffId})`,
  );
  return Number(row?.count ?? 0);
}
