import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { ENROLMENT_STATUSES } from '@portal/shared/constants/enrolment';
import type { Executor } from '../../db/client';
import {
  batchConfigs,
  batchCourses,
  batches,
  courses,
  enrolments,
  restrictedGrants,
  students,
} from '../../db/schema';

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

/** Every course of every open batch that is not restricted. */
export async function listOpenOffers(ex: Executor): Promise<OfferRow[]> {
  return offers(ex)
    .where(and(eq(batches.isOpen, true), eq(batches.restricted, false)))
    .orderBy(asc(batches.city), desc(batches.number), asc(courses.code));
}

export async function findOffer(
  ex: Executor,
  batchId: string,
  courseId: string,
): Promise<OfferRow | undefined> {
  const [row] = await offers(ex).where(
    and(eq(batchCourses.batchId, batchId), eq(batchCourses.courseId, courseId)),
  );
  return row;
}

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

function enrolmentQuery(ex: Executor) {
  return ex
    .select(enrolmentColumns)
    .from(enrolments)
    .innerJoin(batches, eq(batches.id, enrolments.batchId))
    .innerJoin(courses, eq(courses.id, enrolments.courseId));
}

export async function listEnrolments(ex: Executor, studentId: string): Promise<EnrolmentRow[]> {
  return enrolmentQuery(ex).where(eq(enrolments.studentId, studentId)).orderBy(asc(enrolments.createdAt));
}

export async function findEnrolment(ex: Executor, id: string): Promise<EnrolmentRow | undefined> {
  const [row] = await enrolmentQuery(ex).where(eq(enrolments.id, id));
  return row;
}

/** A new registration, or the cancelled one in the same batch taken up again (its place is kept). */
export async function applyEnrolment(
  ex: Executor,
  values: { studentId: string; batchId: string; courseId: string; currentlyOnsite: boolean },
): Promise<string> {
  const [row] = await ex
    .insert(enrolments)
    .values(values)
    .onConflictDoUpdate({
      target: [enrolments.studentId, enrolments.batchId],
      set: {
        courseId: values.courseId,
        currentlyOnsite: values.currentlyOnsite,
        status: 'APPLIED',
        cancelReason: null,
        currentQuarter: 'Q1',
        updatedAt: sql`now()`,
      },
      setWhere: eq(enrolments.status, 'CANCELLED'),
    })
    .returning({ id: enrolments.id });
  if (!row) throw new Error('the registration in this batch is not cancelled');
  return row.id;
}

export async function cancelEnrolment(ex: Executor, id: string, reason: string): Promise<void> {
  await ex
    .update(enrolments)
    .set({ status: 'CANCELLED', cancelReason: reason, updatedAt: sql`now()` })
    .where(eq(enrolments.id, id));
}

/** Gives the student a roll number if it has none: once, from the sequence, never reused. */
export async function assignRollNumber(ex: Executor, studentId: string): Promise<void> {
  await ex
    .update(students)
    // Six digits at least; past 999,999 the number grows (lpad alone would cut it to six and collide).
    .set({
      rollNo: sql`(select 'PIAIC-' || lpad(n::text, greatest(6, length(n::text)), '0')
                     from nextval('roll_number_seq') as n)`,
    })
    .where(and(eq(students.id, studentId), sql`${students.rollNo} is null`));
}

export async function findCourseByCodeOrName(ex: Executor, name: string): Promise<CourseRow | undefined> {
  const [row] = await ex
    .select(courseColumns)
    .from(courses)
    .where(sql`lower(${courses.code}) = lower(${name}) or lower(${courses.name}) = lower(${name})`);
  return row;
}

const configColumns = {
  batchId: batchConfigs.batchId,
  androidLink: batchConfigs.androidLink,
  iosLink: batchConfigs.iosLink,
  groupName: batchConfigs.groupName,
  instructionsForMale: batchConfigs.instructionsForMale,
  instructionsForFemale: batchConfigs.instructionsForFemale,
  admitCardMessage: batchConfigs.admitCardMessage,
};
export type BatchConfigRow = typeof batchConfigs.$inferSelect;

export async function listBatchConfigs(ex: Executor): Promise<BatchConfigRow[]> {
  return ex.select(configColumns).from(batchConfigs);
}

export async function findBatchConfig(ex: Executor, batchId: string): Promise<BatchConfigRow | undefined> {
  const [row] = await ex.select(configColumns).from(batchConfigs).where(eq(batchConfigs.batchId, batchId));
  return row;
}

export async function upsertBatchConfig(ex: Executor, config: BatchConfigRow): Promise<void> {
  const { batchId: _batchId, ...rest } = config;
  await ex
    .insert(batchConfigs)
    .values(config)
    .onConflictDoUpdate({ target: batchConfigs.batchId, set: rest });
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
