import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { COURSE_QUARTERS, type Quarter } from '@portal/shared/constants/courses';
import { ALREADY_APPLIED, CANCEL_ALLOWED } from '@portal/shared/constants/enrolment';
import { formatMessage, messages } from '@portal/shared/messages';
import type {
  ApplyCourseRequest,
  CancelCourseRequest,
  CourseRegistration,
  RestrictedBatchEntry,
  Batch,
} from '@portal/shared/schemas/courses';
import type { QuarterResult } from '@portal/shared/schemas/learning';
import type { ResultsGridRow, resultsGridQuerySchema, StaffEnrolment } from '@portal/shared/schemas/staff';
import type { Db } from '../../db/client';
import { listReferenceList } from '../catalogue/repository';
import { findBatch } from '../catalogue/config-repository';
import { toBatches, toCourse } from '../catalogue/catalogue-service';
import { findBatchCourse } from '../students/admissions-repository';
import {
  applyEnrolment,
  assignRollNumber,
  cancelEnrolment,
  findEnrolment,
  findGrant,
  findOffer,
  listEnrolments,
  listGrants,
  listOffersOfBatches,
  type EnrolmentRow,
  listQuarterResults,
} from './repository';
import {
  listResultsGrid,
  listStaffEnrolments,
  pageStaffEnrolmentsAfter,
  type EnrolmentFilter,
  type StaffEnrolmentRow,
} from './repository';
import { resultOutcomes, statusOutcomes, type Outcome, type ResultItem, type StatusItem } from './changes';
import { lockStudentRow, type StudentRow } from '../students/repository';
import { findLearner } from '../learning/learner';
import { csvStream, keysetRows } from '../../lib/csv';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { pageWindow } from '../../lib/paging';
import type { Actor } from '../audit/audit';
import type { Mode } from '../../services/import-reports';

export function presentEnrolment(row: StaffEnrolmentRow): StaffEnrolment {
  return {
    _id: row.id,
    studentId: row.studentId,
    rollNo: row.rollNo,
    fullName: row.fullName,
    cnic: row.cnic,
    email: row.email,
    phoneNumber: row.phoneNumber,
    city: row.city,
    course: row.course,
    batchId: row.batchId,
    batchName: row.batchName,
    status: row.status,
    platform: row.currentlyOnsite ? 'onsite' : 'online',
    currentQuarter: row.currentQuarter,
    paidQuarters: row.paidQuarters,
    cancelReason: row.cancelReason,
  };
}

type Filter = EnrolmentFilter;

function filterOf(query: Filter): EnrolmentFilter {
  return { course: query.course, batchId: query.batchId, status: query.status, city: query.city };
}

/** Rows read per query of an export: memory stays flat whatever the number of registrations. */
export const EXPORT_PAGE_ROWS = 2_000;

const exportColumns: { header: string; value: (row: StaffEnrolmentRow) => string | null }[] = [
  { header: 'Roll number', value: (row) => row.rollNo },
  { header: 'Name', value: (row) => row.fullName },
  { header: 'CNIC', value: (row) => row.cnic },
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Phone', value: (row) => row.phoneNumber },
  { header: 'City', value: (row) => row.city },
  { header: 'Course', value: (row) => row.course },
  { header: 'Batch', value: (row) => row.batchName },
  { header: 'Status', value: (row) => row.status },
  { header: 'Platform', value: (row) => (row.currentlyOnsite ? 'onsite' : 'online') },
  { header: 'Paid quarters', value: (row) => row.paidQuarters.join(' ') },
];

function allEnrolments(db: Db, filter: EnrolmentFilter): AsyncGenerator<StaffEnrolmentRow> {
  return keysetRows(
    (after: string | undefined) => pageStaffEnrolmentsAfter(db, filter, after, EXPORT_PAGE_ROWS),
    (row) => row.id,
    EXPORT_PAGE_ROWS,
  );
}

function toRegistration(row: EnrolmentRow): CourseRegistration {
  return {
    _id: row.id,
    courseId: toCourse(row.course),
    batchId: { _id: row.batchId, city: row.city, name: row.batchName },
    batchName: row.batchName,
    courseStatus: row.status,
    currentQuarter: row.currentQuarter,
    currentlyOnsite: row.currentlyOnsite,
    cancelReason: row.cancelReason,
  };
}

/**
 * Registrations and their quarter results (spec sections 3 and 4, API.md "Admissions"): a student applies and
 * cancels; staff list and export registrations, change statuses and save results, one code path for the JSON
 * calls, the CSV imports and the command line (changes.ts). Enforced here whatever the client shows.
 */
export class EnrolmentsService {
  constructor(private readonly db: Db) {}

  async restrictedBatches(student: StudentRow, studentId: string): Promise<RestrictedBatchEntry[]> {
    if (studentId !== student.id) throw forbidden(messages.notYourAccount);
    const grants = await listGrants(this.db, student.id);
    const batches = toBatches(
      (
        await listOffersOfBatches(
          this.db,
          grants.map((grant) => grant.batchId),
        )
      ).filter((offer) => offer.isOpen),
    );
    return grants.flatMap((grant) => {
      const batch = batches.find((b) => b._id === grant.batchId);
      const course = batch?.courses.find((c) => c._id === grant.courseId);
      if (!batch || !course) return [];
      // The entry's batch lists just the granted course.
      const only: Batch = {
        ...batch,
        courses: [course],
        batchCourses: batch.batchCourses.filter((bc) => bc.course === course._id),
      };
      return [
        {
          batchId: grant.batchId,
          courseId: grant.courseId,
          batch: only,
          course,
          onSiteAllowed: grant.onSiteAllowed,
        },
      ];
    });
  }

  async myCourses(student: StudentRow, studentId: string): Promise<CourseRegistration[]> {
    if (studentId !== student.id) throw forbidden(messages.notYourAccount);
    return (await listEnrolments(this.db, student.id)).map(toRegistration);
  }

  async apply(student: StudentRow, request: ApplyCourseRequest): Promise<CourseRegistration> {
    if (request.studentId !== student.id) throw forbidden(messages.notYourAccount);
    if (!student.isProfileComplete || !student.isDocumentUploaded)
      throw badRequest(messages.profileIncomplete);

    const offer = await findOffer(this.db, request.batchId, request.courseId);
    if (!offer) throw notFound(messages.courseNotInBatch);
    if (!offer.isOpen) throw badRequest(messages.batchNotOpen);
    let onsiteAllowed = offer.mode !== 'online';
    if (offer.restricted) {
      const grant = await findGrant(this.db, student.id, offer.batchId, offer.course.id);
      if (!grant) throw forbidden(messages.batchNotAllowed);
      onsiteAllowed &&= grant.onSiteAllowed;
    }
    const onlineAllowed = offer.mode !== 'onsite';
    if (request.onsite ? !onsiteAllowed : !onlineAllowed) throw badRequest(messages.platformNotOffered);

    // The answer is read in the transaction: once it has committed, nothing may fail the call with a 503
    // "nothing was done, try again" (issue 27's fault run), whose retry would be refused as already applied.
    const row = await this.db.transaction(async (tx) => {
      // One application at a time per student: two Apply clicks at once make one registration.
      await lockStudentRow(tx, student.id);
      const existing = await listEnrolments(tx, student.id);
      if (
        existing.some(
          (e) =>
            ALREADY_APPLIED.includes(e.status) || (e.batchId === offer.batchId && e.status !== 'CANCELLED'),
        )
      ) {
        throw conflict(messages.alreadyApplied);
      }
      const enrolmentId = await applyEnrolment(tx, {
        studentId: student.id,
        batchId: offer.batchId,
        courseId: offer.course.id,
        currentlyOnsite: request.onsite,
      });
      await assignRollNumber(tx, student.id);
      return (await findEnrolment(tx, enrolmentId))!;
    });
    return toRegistration(row);
  }

  async cancel(student: StudentRow, request: CancelCourseRequest): Promise<CourseRegistration> {
    const reasons = await listReferenceList(this.db, 'cancelReason');
    const chosen = reasons.find((reason) => reason.value === request.cancellationReason);
    if (!chosen)
      throw badRequest(messages.fieldRequired, { errors: { cancellationReason: messages.fieldRequired } });
    const reason = chosen.value === 'other' ? request.otherReason! : chosen.label;

    const row = await this.db.transaction(async (tx) => {
      await lockStudentRow(tx, student.id);
      const enrolment = await findEnrolment(tx, request.docId);
      if (!enrolment) throw notFound(messages.registrationNotFound);
      if (enrolment.studentId !== student.id) throw forbidden(messages.forbidden);
      if (!CANCEL_ALLOWED.includes(enrolment.status)) throw new HttpError(409, messages.cancelNotAllowed);
      await cancelEnrolment(tx, enrolment.id, reason);
      // Read in the transaction, as for apply.
      return (await findEnrolment(tx, enrolment.id))!;
    });
    return toRegistration(row);
  }

  /** Quarter results of the student's own registration; another roll number, batch or course is refused. */
  async quarterResults(
    student: StudentRow,
    asked: { rollNo: string; batch: string; course: string },
  ): Promise<QuarterResult[]> {
    if (!student.rollNo || asked.rollNo !== student.rollNo) throw forbidden(messages.notYourAccount);
    const learner = await findLearner(this.db, student, messages.noSuchCourse);
    if (asked.batch !== learner.current.batch || asked.course !== learner.current.course)
      throw forbidden(messages.noSuchCourse);
    const rows = await listQuarterResults(this.db, learner.enrolmentId);
    return rows.map((row) => ({ ...row, quarter: row.quarter as Quarter }));
  }

  async listEnrolmentsForStaff(
    query: Filter & { page: number; pageSize: number },
  ): Promise<{ data: StaffEnrolment[]; total: number }> {
    const { rows, total } = await listStaffEnrolments(this.db, filterOf(query), pageWindow(query));
    return { data: rows.map(presentEnrolment), total };
  }

  /** Every matching registration as CSV, read in keyset pages as the client takes them. */
  exportEnrolmentsCsv(query: Filter, onError: (error: Error) => void): Readable {
    return csvStream(exportColumns, allEnrolments(this.db, filterOf(query)), onError);
  }

  /**
   * Sets registration statuses by roll number and course. `preview` answers what would happen and changes
   * nothing; `apply` changes what it can, in one transaction, and answers what happened, row by row.
   */
  async setEnrolmentStatuses(actor: Actor, items: StatusItem[], mode: Mode): Promise<Outcome[]> {
    return mode === 'preview'
      ? statusOutcomes(this.db, actor, items, mode, new Set())
      : this.db.transaction((tx) => statusOutcomes(tx, actor, items, mode, new Set()));
  }

  /** Saves quarter results by roll number and course; `preview` changes nothing (as for statuses). */
  async saveQuarterResults(actor: Actor, items: ResultItem[], mode: Mode): Promise<Outcome[]> {
    return mode === 'preview'
      ? resultOutcomes(this.db, actor, items, mode, new Set())
      : this.db.transaction((tx) => resultOutcomes(tx, actor, items, mode, new Set()));
  }

  /**
   * A page of the results grid: the registrations of a batch's course by roll number, each with its result of
   * the quarter. The batch must exist (404) and offer the course, in a quarter the course runs (400), so a
   * mistyped address says what is wrong rather than showing an empty grid. Corrections are saved through
   * `saveQuarterResults`, the results call's own rules and audit (decision 0049).
   */
  async resultsGridForStaff(
    query: z.output<typeof resultsGridQuerySchema>,
  ): Promise<{ data: ResultsGridRow[]; total: number }> {
    const { batchId, course, quarter } = query;
    const offer = await findBatchCourse(this.db, batchId, course);
    if (!offer) {
      if (!(await findBatch(this.db, batchId))) throw notFound(messages.batchNotFound);
      throw badRequest(formatMessage(messages.catalogueCourseNotInBatch, { course }));
    }
    if (!(COURSE_QUARTERS[course] as readonly string[]).includes(quarter))
      throw badRequest(formatMessage(messages.catalogueCourseNoQuarter, { course, quarter }));
    const { rows, total } = await listResultsGrid(
      this.db,
      { batchId, courseId: offer.courseId, quarter },
      pageWindow(query),
    );
    return { data: rows, total };
  }
}
