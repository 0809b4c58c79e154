import { sql, type SQL } from 'drizzle-orm';
import type { EnrolmentStatus } from '@portal/shared/constants/enrolment';
import { paidQuartersArray } from '../vouchers/repository';
import { queryRows, type Executor } from '../../db/client';

/*
 * The staff side of registrations and results: lists, exports and bulk changes. Bulk input travels as one
 * JSON parameter read by jsonb_to_recordset, so 10,000 rows are one query and never meet the driver's
 * parameter limit.
 */

export interface EnrolmentFilter {
  /** One student's registrations (the staff student page). */
  studentId?: string | undefined;
  course?: string | undefined;
  batchId?: string | undefined;
  status?: EnrolmentStatus | undefined;
  city?: string | undefined;
}

export interface StaffEnrolmentRow {
  id: string;
  studentId: string;
  rollNo: string | null;
  fullName: string | null;
  cnic: string;
  email: string;
  phoneNumber: string | null;
  city: string;
  course: string;
  batchId: string;
  batchName: string;
  status: EnrolmentStatus;
  currentlyOnsite: boolean;
  currentQuarter: string;
  cancelReason: string | null;
  paidQuarters: string[];
}

interface RawEnrolmentRow {
  id: string;
  student_id: string;
  roll_no: string | null;
  full_name: string | null;
  cnic: string;
  email: string;
  phone_number: string | null;
  city: string;
  course: string;
  batch_id: string;
  batch_name: string;
  status: EnrolmentStatus;
  currently_onsite: boolean;
  current_quarter: string;
  cancel_reason: string | null;
  paid_quarters: string[] | null;
}

function toEnrolment(row: RawEnrolmentRow): StaffEnrolmentRow {
  return {
    id: row.id,
    studentId: row.student_id,
    rollNo: row.roll_no,
    fullName: row.full_name,
    cnic: row.cnic,
    email: row.email,
    phoneNumber: row.phone_number,
    city: row.city,
    course: row.course,
    batchId: row.batch_id,
    batchName: row.batch_name,
    status: row.status,
    currentlyOnsite: row.currently_onsite,
    currentQuarter: row.current_quarter,
    cancelReason: row.cancel_reason,
    paidQuarters: row.paid_quarters ?? [],
  };
}

const enrolmentsFrom = sql`from enrolments e
  join students s on s.id = e.student_id
  join batches b on b.id = e.batch_id
  join courses c on c.id = e.course_id`;

const enrolmentColumns = sql`e.id, e.student_id, s.roll_no, s.full_name, s.cnic, s.email, s.phone_number,
  b.city, c.code as course, b.id as batch_id, b.name as batch_name, e.status, e.currently_onsite,
  e.current_quarter, e.cancel_reason,
  ${paidQuartersArray(sql`e.student_id`, sql`e.id`)} as paid_quarters`;

function where(filter: EnrolmentFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  if (filter.studentId !== undefined) conditions.push(sql`e.student_id = ${filter.studentId}`);
  if (filter.course !== undefined) conditions.push(sql`c.code = ${filter.course}`);
  if (filter.batchId !== undefined) conditions.push(sql`e.batch_id = ${filter.batchId}`);
  if (filter.status !== undefined) conditions.push(sql`e.status = ${filter.status}`);
  if (filter.city !== undefined) conditions.push(sql`lower(b.city) = lower(${filter.city})`);
  return sql.join(conditions, sql` and `);
}

/** One page of the matching registrations, newest first, and how many match in all. */
export async function listStaffEnrolments(
  ex: Executor,
  filter: EnrolmentFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: StaffEnrolmentRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    queryRows<RawEnrolmentRow>(
      ex,
      sql`select ${enrolmentColumns} ${enrolmentsFrom} where ${where(filter)}
          order by e.created_at desc, e.id limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: number }>(
      ex,
      sql`select count(*)::int as total ${enrolmentsFrom} where ${where(filter)}`,
    ),
  ]);
  return { rows: rows.map(toEnrolment), total: counted?.total ?? 0 };
}

/**
 * The matching registrations after `afterId` in primary-key order: a keyset page, so that an export of any
 * size reads a few thousand rows at a time through the primary key's index, never an OFFSET.
 */
export async function pageStaffEnrolmentsAfter(
  ex: Executor,
  filter: EnrolmentFilter,
  afterId: string | undefined,
  limit: number,
): Promise<StaffEnrolmentRow[]> {
  const after = afterId === undefined ? sql`true` : sql`e.id > ${afterId}::uuid`;
  // The page's ids first, through the primary key's index; then the students and vouchers of those only
  // (joined all at once, the planner scans every student for every page).
  const rows = await queryRows<RawEnrolmentRow>(
    ex,
    sql`with page as (
          select e.id from enrolments e
          join batches b on b.id = e.batch_id
          join courses c on c.id = e.course_id
          where ${where(filter)} and ${after}
          order by e.id limit ${limit}
        )
        select ${enrolmentColumns} from page
        join enrolments e on e.id = page.id
        join students s on s.id = e.student_id
        join batches b on b.id = e.batch_id
        join courses c on c.id = e.course_id
        order by e.id`,
  );
  return rows.map(toEnrolment);
}

export interface RegistrationKey {
  i: number;
  rollNo: string;
  course: string;
  /** With a quarter, the registration's result of that quarter comes too. */
  quarter?: string;
}

export interface RegistrationMatch {
  i: number;
  studentId: string | null;
  enrolmentId: string | null;
  status: EnrolmentStatus | null;
  batchName: string | null;
  result: ResultValues | null;
}

export interface ResultValues {
  grade: string;
  percentile: number;
  isPassed: boolean;
}

/**
 * For each (roll number, course): the student, and the registration in that course the staff mean (the
 * newest that is not cancelled, else the newest), in one query.
 */
export async function findRegistrations(ex: Executor, keys: RegistrationKey[]): Promise<RegistrationMatch[]> {
  if (keys.length === 0) return [];
  const input = JSON.stringify(
    keys.map((key) => ({ i: key.i, roll_no: key.rollNo, course: key.course, quarter: key.quarter ?? null })),
  );
  const rows = await queryRows<{
    i: number;
    student_id: string | null;
    enrolment_id: string | null;
    status: EnrolmentStatus | null;
    batch_name: string | null;
    grade: string | null;
    percentile: number | null;
    is_passed: boolean | null;
  }>(
    ex,
    sql`select r.i, s.id as student_id, t.id as enrolment_id, t.status, t.batch_name,
               q.grade, q.percentile, q.is_passed
        from jsonb_to_recordset(${input}::jsonb) as r(i int, roll_no text, course text, quarter text)
        left join students s on s.roll_no = r.roll_no
        left join lateral (
          select e.id, e.status, b.name as batch_name
          from enrolments e
          join courses c on c.id = e.course_id
          join batches b on b.id = e.batch_id
          where e.student_id = s.id and c.code = r.course
          order by (e.status = 'CANCELLED'), e.created_at desc
          limit 1
        ) t on true
        left join quarter_results q on q.enrolment_id = t.id and q.quarter = r.quarter`,
  );
  return rows.map((row) => ({
    i: row.i,
    studentId: row.student_id,
    enrolmentId: row.enrolment_id,
    status: row.status,
    batchName: row.batch_name,
    result:
      row.grade === null ? null : { grade: row.grade, percentile: row.percentile!, isPassed: row.is_passed! },
  }));
}

export interface LockedEnrolment {
  id: string;
  studentId: string;
  course: string;
  status: EnrolmentStatus;
}

/** The registrations with these ids, locked until the transaction ends. */
export async function lockEnrolments(ex: Executor, ids: string[]): Promise<LockedEnrolment[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string; student_id: string; course: string; status: EnrolmentStatus }>(
    ex,
    sql`select e.id, e.student_id, c.code as course, e.status
        from enrolments e join courses c on c.id = e.course_id
        where e.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
        order by e.id
        for update of e`,
  );
  return rows.map((row) => ({
    id: row.id,
    studentId: row.student_id,
    course: row.course,
    status: row.status,
  }));
}

/** Sets each registration's status in one statement. */
export async function updateEnrolmentStatuses(
  ex: Executor,
  changes: { id: string; status: EnrolmentStatus }[],
): Promise<void> {
  if (changes.length === 0) return;
  await ex.execute(
    sql`update enrolments e set status = r.status, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(changes)}::jsonb) as r(id uuid, status text)
        where e.id = r.id`,
  );
}

export interface QuarterResultRow extends ResultValues {
  enrolmentId: string;
  quarter: string;
}

/** The results of these (registration, quarter) pairs that exist, locked until the transaction ends. */
export async function lockQuarterResults(
  ex: Executor,
  keys: { enrolmentId: string; quarter: string }[],
): Promise<QuarterResultRow[]> {
  if (keys.length === 0) return [];
  const input = JSON.stringify(keys.map((key) => ({ enrolment_id: key.enrolmentId, quarter: key.quarter })));
  const rows = await queryRows<{
    enrolment_id: string;
    quarter: string;
    grade: string;
    percentile: number;
    is_passed: boolean;
  }>(
    ex,
    sql`select q.enrolment_id, q.quarter, q.grade, q.percentile, q.is_passed
        from quarter_results q
        join jsonb_to_recordset(${input}::jsonb) as r(enrolment_id uuid, quarter text)
          on q.enrolment_id = r.enrolment_id and q.quarter = r.quarter
        order by q.enrolment_id, q.quarter
        for update of q`,
  );
  return rows.map((row) => ({
    enrolmentId: row.enrolment_id,
    quarter: row.quarter,
    grade: row.grade,
    percentile: row.percentile,
    isPassed: row.is_passed,
  }));
}

/** Inserts or replaces each result in one statement (each (registration, quarter) at most once). */
export async function upsertQuarterResults(ex: Executor, rows: QuarterResultRow[]): Promise<void> {
  if (rows.length === 0) return;
  const input = JSON.stringify(
    rows.map((row) => ({
      enrolment_id: row.enrolmentId,
      quarter: row.quarter,
      grade: row.grade,
      percentile: row.percentile,
      is_passed: row.isPassed,
    })),
  );
  await ex.execute(
    sql`insert into quarter_results (enrolment_id, quarter, grade, percentile, is_passed)
        select r.enrolment_id, r.quarter, r.grade, r.percentile, r.is_passed
        from jsonb_to_recordset(${input}::jsonb)
          as r(enrolment_id uuid, quarter text, grade text, percentile int, is_passed boolean)
        on conflict (enrolment_id, quarter) do update
        set grade = excluded.grade, percentile = excluded.percentile, is_passed = excluded.is_passed,
            updated_at = now()`,
  );
}

export interface ResultsGridRow {
  enrolmentId: string;
  studentId: string;
  rollNo: string | null;
  fullName: string | null;
  status: EnrolmentStatus;
  result: (ResultValues & { updatedAt: Date }) | null;
  /** The registration `findRegistrations` picks for the student and course, when it is not this one. */
  savesTo: { batchId: string; batchName: string; city: string } | null;
}

/**
 * One page of a batch's registrations in a course, by roll number, each with its result of the quarter (or
 * none), and how many there are. Through enrolments_batch_course_idx; the registration the results call
 * would pick for each student (as `findRegistrations` picks it) comes with the row, so the console can say
 * when a save would go to another batch.
 */
export async function listResultsGrid(
  ex: Executor,
  key: { batchId: string; courseId: string; quarter: string },
  page: { limit: number; offset: number },
): Promise<{ rows: ResultsGridRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    queryRows<{
      enrolment_id: string;
      student_id: string;
      roll_no: string | null;
      full_name: string | null;
      status: EnrolmentStatus;
      grade: string | null;
      percentile: number | null;
      is_passed: boolean | null;
      updated_at: Date | string | null;
      meant_id: string;
      meant_batch_id: string;
      meant_batch_name: string;
      meant_city: string;
    }>(
      ex,
      sql`select e.id as enrolment_id, e.student_id, s.roll_no, s.full_name, e.status,
                 q.grade, q.percentile, q.is_passed, q.updated_at,
                 m.id as meant_id, m.batch_id as meant_batch_id, m.batch_name as meant_batch_name,
                 m.city as meant_city
          from enrolments e
          join students s on s.id = e.student_id
          left join quarter_results q on q.enrolment_id = e.id and q.quarter = ${key.quarter}
          join lateral (
            select o.id, o.batch_id, b.name as batch_name, b.city
            from enrolments o join batches b on b.id = o.batch_id
            where o.student_id = e.student_id and o.course_id = e.course_id
            order by (o.status = 'CANCELLED'), o.created_at desc
            limit 1
          ) m on true
          where e.batch_id = ${key.batchId} and e.course_id = ${key.courseId}
          order by s.roll_no nulls last, e.id
          limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: number }>(
      ex,
      sql`select count(*)::int as total from enrolments e
          where e.batch_id = ${key.batchId} and e.course_id = ${key.courseId}`,
    ),
  ]);
  return {
    rows: rows.map((row) => ({
      enrolmentId: row.enrolment_id,
      studentId: row.student_id,
      rollNo: row.roll_no,
      fullName: row.full_name,
      status: row.status,
      result:
        row.grade === null
          ? null
          : {
              grade: row.grade,
              percentile: row.percentile!,
              isPassed: row.is_passed!,
              updatedAt: new Date(row.updated_at!),
            },
      savesTo:
        row.meant_id === row.enrolment_id
          ? null
          : { batchId: row.meant_batch_id, batchName: row.meant_batch_name, city: row.meant_city },
    })),
    total: counted?.total ?? 0,
  };
}
