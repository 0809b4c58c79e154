import type { EnrolmentStatus } from '@portal/shared/constants/enrolment';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { preparedRows } from '../../db/prepared';
import { paidQuartersJson } from '../vouchers/repository';
import { batches, enrolments } from '../../db/schema';

/* What every learning query starts from: the student's registration as a learner, and a content scope. */

/** What decides a student's access to learning content: the registration, its batch number, paid quarters. */
export interface LearnerScope {
  enrolmentId: string;
  status: EnrolmentStatus;
  batchNumber: number;
  paidQuarters: string[];
}

/** The student's live registration in this batch and course, with the quarters paid for, in one round trip. */
export async function findLearnerScope(
  ex: Executor,
  where: { studentId: string; batchId: string; courseId: string },
): Promise<LearnerScope | undefined> {
  const [row] = await learnerScopeStatement(ex, where);
  return row;
}

// Every learning call's first read: prepared.
const learnerScopeStatement = preparedRows<LearnerScope>(
  'find_learner_scope',
  sql`select e.id as "enrolmentId", e.status, b.number as "batchNumber",
        ${paidQuartersJson(sql`e.id`)} as "paidQuarters"
      from ${enrolments} e join ${batches} b on b.id = e.batch_id
      where e.student_id = ${sql.placeholder('studentId')} and e.batch_id = ${sql.placeholder('batchId')}
        and e.course_id = ${sql.placeholder('courseId')} and e.status <> 'CANCELLED'`,
);

/** Content rows for every batch (0) and for this batch number. */
export const forBatch = (column: AnyPgColumn, batchNumber: number) => inArray(column, [0, batchNumber]);

/** Where staff keep a piece of content: a course, a batch number (0 for every batch) and a quarter. */
export interface SectionScope {
  courseId: string;
  batchNumber: number;
  quarter: string;
}

/** The rows of a content table (sections, links, textbooks) kept for exactly this scope. */
export const inScope = (
  table: { courseId: AnyPgColumn; batchNumber: AnyPgColumn; quarter: AnyPgColumn },
  scope: SectionScope,
) =>
  and(
    eq(table.courseId, scope.courseId),
    eq(table.batchNumber, scope.batchNumber),
    eq(table.quarter, scope.quarter),
  );
