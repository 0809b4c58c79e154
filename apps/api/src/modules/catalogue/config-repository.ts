import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../db/client';
import { batches, restrictedGrants } from '../../db/schema';

/* Batch configs and restricted-batch grants as content staff manage them (decision 0025). */

export interface BatchRow {
  id: string;
  name: string;
  city: string;
  restricted: boolean;
}

export async function findBatch(ex: Executor, batchId: string): Promise<BatchRow | undefined> {
  const [row] = await ex
    .select({ id: batches.id, name: batches.name, city: batches.city, restricted: batches.restricted })
    .from(batches)
    .where(eq(batches.id, batchId));
  return row;
}

export interface BatchGrantRow {
  studentId: string;
  fullName: string | null;
  email: string;
  cnic: string;
  course: string;
  onSiteAllowed: boolean;
  registered: boolean;
}

/** A page of a batch's grants (of one course, when named), by the student's name, with the total. */
export async function listBatchGrants(
  ex: Executor,
  filter: { batchId: string; course?: string | undefined },
  page: { offset: number; limit: number },
): Promise<{ rows: BatchGrantRow[]; total: number }> {
  const rows = await queryRows<BatchGrantRow & { total: string }>(
    ex,
    sql`select g.student_id as "studentId", s.full_name as "fullName", s.email, s.cnic, c.code as course,
               g.on_site_allowed as "onSiteAllowed",
               exists (select 1 from enrolments e
                        where e.student_id = g.student_id and e.batch_id = g.batch_id
                          and e.course_id = g.course_id and e.status <> 'CANCELLED') as registered,
               count(*) over () as total
          from restricted_grants g
          join students s on s.id = g.student_id
          join courses c on c.id = g.course_id
         where g.batch_id = ${filter.batchId}
           ${filter.course ? sql`and c.code = ${filter.course}` : sql``}
         order by s.full_name nulls last, s.email, c.code
         offset ${page.offset} limit ${page.limit}`,
  );
  return {
    rows: rows.map(({ total: _total, ...row }) => row),
    total: Number(rows[0]?.total ?? 0),
  };
}

export interface StudentIdentity {
  id: string;
  email: string;
  cnic: string;
  fullName: string | null;
}

/** The students named by e-mails (lower case) and CNICs (13 digits), in one query. */
export async function findStudentsByIdentifiers(
  ex: Executor,
  emails: string[],
  cnics: string[],
): Promise<StudentIdentity[]> {
  if (emails.length === 0 && cnics.length === 0) return [];
  return queryRows<StudentIdentity>(
    ex,
    sql`select id, email, cnic, full_name as "fullName" from students
         where lower(email) = any(${sql.param(emails)}::text[]) or cnic = any(${sql.param(cnics)}::text[])`,
  );
}

/** Whether the student's registration in the batch is for the course and not cancelled. */
export async function isRegisteredIn(
  ex: Executor,
  studentId: string,
  batchId: string,
  courseId: string,
): Promise<boolean> {
  const [row] = await queryRows<{ registered: boolean }>(
    ex,
    sql`select exists (select 1 from enrolments
                        where student_id = ${studentId} and batch_id = ${batchId} and course_id = ${courseId}
                          and status <> 'CANCELLED') as registered`,
  );
  return row?.registered ?? false;
}

export async function deleteGrant(
  ex: Executor,
  grant: { studentId: string; batchId: string; courseId: string },
): Promise<void> {
  await ex
    .delete(restrictedGrants)
    .where(
      and(
        eq(restrictedGrants.studentId, grant.studentId),
        eq(restrictedGrants.batchId, grant.batchId),
        eq(restrictedGrants.courseId, grant.courseId),
      ),
    );
}

/** The onsite flag of each of these students' grants of one course of one batch. */
export async function findGrantsOf(
  ex: Executor,
  batchId: string,
  courseId: string,
  studentIds: string[],
): Promise<Map<string, boolean>> {
  if (studentIds.length === 0) return new Map();
  const rows = await queryRows<{ student_id: string; on_site_allowed: boolean }>(
    ex,
    sql`select student_id, on_site_allowed from restricted_grants
         where batch_id = ${batchId} and course_id = ${courseId}
           and student_id = any(${sql.param(studentIds)}::uuid[])`,
  );
  return new Map(rows.map((row) => [row.student_id, row.on_site_allowed]));
}
