import { ADMITTED } from '@portal/shared/constants/enrolment';
import { QUARTERS, type Quarter } from '@portal/shared/constants/courses';
import { idSchema } from '@portal/shared/schemas/auth';
import type { Db } from '../../db/client';
import { findLearnerScope } from './repository';
import { type ContentScope } from './outline-repository';
import type { CurrentEnrolment, StudentRow } from '../students/repository';
import { forbidden } from '../../lib/http-error';

/*
 * What a student may study: every student call of the outline and the materials starts from the session's
 * student and its current registration. Content of another course, another batch or an unpaid
 * quarter is refused with the spec's messages, whatever the request names.
 */

/** Ids come from URLs people type: one that is not an id is simply not found. */
export const isId = (value: string) => idSchema.safeParse(value).success;

/** Quarters up to and including this one, in order (Q2 → Q1, Q2). */
export function quartersUpTo(quarter: Quarter): Quarter[] {
  return QUARTERS.slice(0, QUARTERS.indexOf(quarter) + 1);
}

/** The largest quarter paid for, or undefined when nothing is paid. */
export function largestPaid(paidQuarters: string[]): Quarter | undefined {
  return QUARTERS.filter((quarter) => paidQuarters.includes(quarter)).at(-1);
}

export interface Learner {
  current: CurrentEnrolment;
  enrolmentId: string;
  batchNumber: number;
  /** The largest paid quarter; undefined while nothing is paid. */
  paidUpTo: Quarter | undefined;
  /** Admitted (decision 0035): with a paid quarter, entitled to the course's exams. */
  admitted: boolean;
}

/** The student's current registration as a learner, or 403 with `refusal` when there is none. */
export async function findLearner(db: Db, student: StudentRow, refusal: string): Promise<Learner> {
  const current = student.currentEnrolment;
  if (!current) throw forbidden(refusal);
  const scope = await findLearnerScope(db, {
    studentId: student.id,
    batchId: current.batchId,
    courseId: current.courseId,
  });
  if (!scope) throw forbidden(refusal);
  return {
    current,
    enrolmentId: scope.enrolmentId,
    batchNumber: scope.batchNumber,
    paidUpTo: largestPaid(scope.paidQuarters),
    admitted: ADMITTED.includes(scope.status),
  };
}

/** Entitled to sit the course's exams (decision 0035): admitted to it, with a quarter paid. */
export function maySitExams(learner: Learner): boolean {
  return learner.admitted && learner.paidUpTo !== undefined;
}

/** Content is open to the student when it is their course, for every batch or theirs, in a paid quarter. */
export function mayStudy(learner: Learner, scope: ContentScope): boolean {
  return (
    scope.courseId === learner.current.courseId &&
    (scope.batchNumber === 0 || scope.batchNumber === learner.batchNumber) &&
    learner.paidUpTo !== undefined &&
    quartersUpTo(learner.paidUpTo).includes(scope.quarter as Quarter)
  );
}
