import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ENROLMENT_STATUSES, EnrolmentStatus } from '@portal/shared/constants/enrolment';
import { type Executor, asDate, queryRows } from '../../db/client';
import { preparedPer, preparedSelect } from '../../db/prepared';
import {
  batchCourses,
  batches,
  courses,
  enrolments,
  quarterResults,
  restrictedGrants,
  students,
} from '../../db/schema';
import type { ResultsGridRow } from '@portal/shared/schemas/staff';
import { paidQuartersArray } from '../vouchers/repository';

type Status = (typeof ENROLMENT_STATUSES)[number];

export const courseColumns = {
  id: courses.id,
  code: courses.code,
  name: courses.name,
  shortDescription: courses.shortDescription,
  courseColor: courses.courseColor,
};
export type CourseRow = {
  id: string;
  code: string;
  name: string;
  shortDescription: string;
  courseColor: string;
};

export interface OfferRow {
  batchId: string;
  batchName: string;
  batchNumber: number;
  city: string;
  isOpen: boolean;
  restricted: boolean;
  mode: 'onsite' | 'online' | 'both';
  course: CourseRow;
}

function offers(ex: Executor) {
  return ex
    .select({
      batchId: batches.id,
      batchName: batches.name,
      batchNumber: batches.number,
      city: batches.city,
      isOpen: batches.isOpen,
      restricted: batches.restricted,
      mode: batchCourses.mode,
      course: courseColumns,
    })
    .from(batchCourses)
    .innerJoin(batches, eq(batches.id, batchCourses.batchId))
    .innerJoin(courses, eq(courses.id, batchCourses.courseId));
}

/** Every course of every open batch that is not restricted (a prepared statement: twice a journey). */
export async function listOpenOffers(ex: Executor): Promise<OfferRow[]> {
  return openOffersStatement(ex).execute();
}

const openOffersStatement = preparedSelect('list_open_offers', (ex) =>
  offers(ex)
    .where(and(eq(batches.isOpen, true), eq(batches.restricted, false)))
    .orderBy(asc(batches.city), desc(batches.number), asc(courses.code)),
);

export async function findOffer(
  ex: Executor,
  batchId: string,
  courseId: string,
): Promise<OfferRow | undefined> {
  const [row] = await offerStatement(ex).execute({ batchId, courseId });
  return row;
}

// Every application: prepared.
const offerStatement = preparedSelect('find_offer', (ex) =>
  offers(ex).where(
    and(
      eq(batchCourses.batchId, sql.placeholder('batchId')),
      eq(batchCourses.courseId, sql.placeholder('courseId')),
    ),
  ),
);

export async function listOffersOfBatches(ex: Executor, batchIds: string[]): Promise<OfferRow[]> {
  if (batchIds.length === 0) return [];
  return offers(ex).where(inArray(batches.id, batchIds));
}

export interface GrantRow {
  batchId: string;
  courseId: string;
  onSiteAllowed: boolean;
}

export async function listGrants(ex: Executor, studentId: string): Promise<GrantRow[]> {
  return ex
    .select({
      batchId: restrictedGrants.batchId,
      courseId: restrictedGrants.courseId,
      onSiteAllowed: restrictedGrants.onSiteAllowed,
    })
    .from(restrictedGrants)
    .where(eq(restrictedGrants.studentId, studentId));
}

export async function findGrant(ex: Executor, studentId: string, batchId: string, courseId: string) {
  const [row] = await ex
    .select({ onSiteAllowed: restrictedGrants.onSiteAllowed })
    .from(restrictedGrants)
    .where(
      and(
        eq(restrictedGrants.studentId, studentId),
        eq(restrictedGrants.batchId, batchId),
        eq(restrictedGrants.courseId, courseId),
      ),
    );
  return row;
}

/** Grants a restricted batch's course (or sets the grant's onsite flag), to one student or many at once. */
export async function grantRestricted(
  ex: Executor,
  grants: (GrantRow & { studentId: string }) | (GrantRow & { studentId: string })[],
): Promise<void> {
  const list = Array.isArray(grants) ? grants : [grants];
  // An import's thousands of rows go in slices, under PostgreSQL's parameter limit.
  for (let i = 0; i < list.length; i += 5_000) {
    await ex
      .insert(restrictedGrants)
      .values(list.slice(i, i + 5_000))
      .onConflictDoUpdate({
        target: [restrictedGrants.studentId, restrictedGrants.batchId, restrictedGrants.courseId],
        set: { onSiteAllowed: sql`excluded.on_site_allowed` },
      });
  }
}

const enrolmentColumns = {
  id: enrolments.id,
  studentId: enrolments.studentId,
  status: enrolments.status,
  currentlyOnsite: enrolments.currentlyOnsite,
  currentQuarter: enrolments.currentQuarter,
  cancelReason: enrolments.cancelReason,
  batchId: batches.id,
  batchName: batches.name,
  batchNumber: batches.number,
  city: batches.city,
  course: courseColumns,
};
export interface EnrolmentRow {
  id: string;
  studentId: string;
  status: Status;
  currentlyOnsite: boolean;
  currentQuarter: string;
  cancelReason: string | null;
  batchId: string;
  batchName: string;
  batchNumber: number;
  city: string;
  course: CourseRow;
}

/** The select every read of registrations starts from (exported for the tests of its prepared forms). */
export function enrolmentQuery(ex: Executor) {
  return ex
    .select(enrolmentColumns)
    .from(enrolments)
    .innerJoin(batches, eq(batches.id, enrolments.batchId))
    .innerJoin(courses, eq(courses.id, enrolments.courseId));
}

/** The student's registrations, oldest first (a prepared statement: three times a journey). */
export async function listEnrolments(ex: Executor, studentId: string): Promise<EnrolmentRow[]> {
  return enrolmentsOfStudentStatement(ex).execute({ studentId });
}

const enrolmentsOfStudentStatement = preparedSelect('list_enrolments_of_student', (ex) =>
  enrolmentQuery(ex)
    .where(eq(enrolments.studentId, sql.placeholder('studentId')))
    .orderBy(asc(enrolments.createdAt)),
);

export async function findEnrolment(ex: Executor, id: string): Promise<EnrolmentRow | undefined> {
  const [row] = await enrolmentByIdStatement(ex).execute({ id });
  return row;
}

// Every voucher and admission: prepared.
const enrolmentByIdStatement = preparedSelect('find_enrolment', (ex) =>
  enrolmentQuery(ex).where(eq(enrolments.id, sql.placeholder('id'))),
);

/** A new registration, or the cancelled one in the same batch taken up again (its place is kept). */
export async function applyEnrolment(
  ex: Executor,
  values: { studentId: string; batchId: string; courseId: string; currentlyOnsite: boolean },
): Promise<string> {
  const [row] = await applyEnrolmentStatement(ex).execute(values);
  if (!row) throw new Error('the registration in this batch is not cancelled');
  return row.id;
}

// Every application: prepared.
const applyEnrolmentStatement = preparedPer((ex) =>
  ex
    .insert(enrolments)
    .values({
      studentId: sql.placeholder('studentId'),
      batchId: sql.placeholder('batchId'),
      courseId: sql.placeholder('courseId'),
      currentlyOnsite: sql.placeholder('currentlyOnsite'),
    })
    .onConflictDoUpdate({
      target: [enrolments.studentId, enrolments.batchId],
      set: {
        // The row the insert proposed: this course, this platform.
        courseId: sql`excluded.course_id`,
        currentlyOnsite: sql`excluded.currently_onsite`,
        status: 'APPLIED',
        cancelReason: null,
        currentQuarter: 'Q1',
        updatedAt: sql`now()`,
      },
      setWhere: eq(enrolments.status, 'CANCELLED'),
    })
    .returning({ id: enrolments.id })
    .prepare('apply_enrolment'),
);

export async function cancelEnrolment(ex: Executor, id: string, reason: string): Promise<void> {
  await ex
    .update(enrolments)
    .set({ status: 'CANCELLED', cancelReason: reason, updatedAt: sql`now()` })
    .where(eq(enrolments.id, id));
}

/** Gives the student a roll number if it has none: once, from the sequence, never reused. */
export async function assignRollNumber(ex: Executor, studentId: string): Promise<void> {
  await rollNumberStatement(ex).execute({ studentId });
}

// Every admission: prepared.
const rollNumberStatement = preparedPer((ex) =>
  ex
    .update(students)
    // Six digits at least; past 999,999 the number grows (lpad alone would cut it to six and collide).
    .set({
      rollNo: sql`(select 'PIAIC-' || lpad(n::text, greatest(6, length(n::text)), '0')
                     from nextval('roll_number_seq') as n)`,
    })
    .where(and(eq(students.id, sql.placeholder('studentId')), sql`${students.rollNo} is null`))
    .prepare('assign_roll_number'),
);

export async function findCourseByCodeOrName(ex: Executor, name: string): Promise<CourseRow | undefined> {
  const [row] = await ex
    .select(courseColumns)
    .from(courses)
    .where(sql`lower(${courses.code}) = lower(${name}) or lower(${courses.name}) = lower(${name})`);
  return row;
}

export async function findBatchByNameAndCity(ex: Executor, name: string, city: string) {
  const [row] = await ex
    .select({ id: batches.id })
    .from(batches)
    .where(and(eq(batches.name, name), eq(batches.city, city)));
  return row;
}

export async function findCourseIdByCode(ex: Executor, code: string) {
  const [row] = await ex.select({ id: courses.id }).from(courses).where(eq(courses.code, code));
  return row?.id;
}

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

const enrolmentsFrom = sql`from enrolments e
  join students s on s.id = e.student_id
  join batches b on b.id = e.batch_id
  join courses c on c.id = e.course_id`;

/** A StaffEnrolmentRow, named in the query itself. */
const staffEnrolmentColumns = sql`e.id, e.student_id as "studentId", s.roll_no as "rollNo", s.full_name as "fullName",
  s.cnic, s.email, s.phone_number as "phoneNumber", b.city, c.code as course, b.id as "batchId",
  b.name as "batchName", e.status, e.currently_onsite as "currentlyOnsite", e.current_quarter as "currentQuarter",
  e.cancel_reason as "cancelReason", ${paidQuartersArray(sql`e.student_id`, sql`e.id`)} as "paidQuarters"`;

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
    queryRows<StaffEnrolmentRow>(
      ex,
      sql`select ${staffEnrolmentColumns} ${enrolmentsFrom} where ${where(filter)}
          order by e.created_at desc, e.id limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: number }>(
      ex,
      sql`select count(*)::int as total ${enrolmentsFrom} where ${where(filter)}`,
    ),
  ]);
  return { rows, total: counted?.total ?? 0 };
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
  return queryRows<StaffEnrolmentRow>(
    ex,
    sql`with page as (
          select e.id from enrolments e
          join batches b on b.id = e.batch_id
          join courses c on c.id = e.course_id
          where ${where(filter)} and ${after}
          order by e.id limit ${limit}
        )
        select ${staffEnrolmentColumns} from page
        join enrolments e on e.id = page.id
        join students s on s.id = e.student_id
        join batches b on b.id = e.batch_id
        join courses c on c.id = e.course_id
        order by e.id`,
  );
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

/** A quarter's result as a left join reads it: every column null when none is stored. */
type NullableResult = { [Key in keyof ResultValues]: ResultValues[Key] | null };

function resultOf(row: NullableResult): ResultValues | null {
  return row.grade === null
    ? null
    : { grade: row.grade, percentile: row.percentile!, isPassed: row.isPassed! };
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
  const rows = await queryRows<Omit<RegistrationMatch, 'result'> & NullableResult>(
    ex,
    sql`select r.i, s.id as "studentId", t.id as "enrolmentId", t.status, t.batch_name as "batchName",
               q.grade, q.percentile, q.is_passed as "isPassed"
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
  return rows.map(({ grade, percentile, isPassed, ...match }) => ({
    ...match,
    result: resultOf({ grade, percentile, isPassed }),
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
  return queryRows<LockedEnrolment>(
    ex,
    sql`select e.id, e.student_id as "studentId", c.code as course, e.status
        from enrolments e join courses c on c.id = e.course_id
        where e.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
        order by e.id
        for update of e`,
  );
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
  return queryRows<QuarterResultRow>(
    ex,
    sql`select q.enrolment_id as "enrolmentId", q.quarter, q.grade, q.percentile, q.is_passed as "isPassed"
        from quarter_results q
        join jsonb_to_recordset(${input}::jsonb) as r(enrolment_id uuid, quarter text)
          on q.enrolment_id = r.enrolment_id and q.quarter = r.quarter
        order by q.enrolment_id, q.quarter
        for update of q`,
  );
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
    queryRows<
      Omit<ResultsGridRow, 'result' | 'savesTo'> & { enrolmentId: string } & NullableResult & {
          updatedAt: Date | string | null;
          meantId: string;
          meantBatchId: string;
          meantBatchName: string;
          meantCity: string;
        }
    >(
      ex,
      sql`select e.id as "enrolmentId", e.student_id as "studentId", s.roll_no as "rollNo",
                 s.full_name as "fullName", e.status as "enrolmentStatus",
                 q.grade, q.percentile, q.is_passed as "isPassed", q.updated_at as "updatedAt",
                 m.id as "meantId", m.batch_id as "meantBatchId", m.batch_name as "meantBatchName",
                 m.city as "meantCity"
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
    rows: rows.map(({ enrolmentId, updatedAt, meantId, meantBatchId, meantBatchName, meantCity, ...row }) => {
      const result = resultOf(row);
      return {
        rollNo: row.rollNo,
        studentId: row.studentId,
        fullName: row.fullName,
        enrolmentStatus: row.enrolmentStatus,
        result: result && { ...result, updatedAt: asDate(updatedAt!).toISOString() },
        savesTo:
          meantId === enrolmentId
            ? null
            : { batchId: meantBatchId, batchName: meantBatchName, city: meantCity },
      };
    }),
    total: counted?.total ?? 0,
  };
}

export async function listQuarterResults(ex: Executor, enrolmentId: string) {
  return ex
    .select({
      quarter: quarterResults.quarter,
      grade: quarterResults.grade,
      percentile: quarterResults.percentile,
      isPassed: quarterResults.isPassed,
    })
    .from(quarterResults)
    .where(eq(quarterResults.enrolmentId, enrolmentId))
    .orderBy(asc(quarterResults.quarter));
}
