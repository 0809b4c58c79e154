import { STUDENT_STATUSES, DOCUMENT_TYPES } from '@portal/shared/constants/student';
import type { RejectReasonCode } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import type { z } from 'zod';
import type {
  grantRequestSchema,
  studentsQuerySchema,
  Overview,
  ReviewItem,
  StaffBatch,
  StaffStudent,
  StudentDetail,
  StudentSummary,
} from '@portal/shared/schemas/staff';
import type { Db, Executor } from '../../db/client';
import {
  countAwaitingReview,
  countRegistrations,
  countStudentsByStatus,
  countWaiting,
  findBatchCourse,
  heldByOther,
  listNamedGrants,
  listStudentResults,
  releaseHold,
  releaseStudent,
  renewOwnHold,
  searchStudents,
  setOnSite,
  takeNextHold,
  type StudentSummaryRow,
} from './admissions-repository';
import { listAuditEntries } from '../audit/repository';
import { listBatchesWithCourses } from '../catalogue/repository';
import { findGrant, grantRestricted } from '../enrolments/repository';
import { listStaffEnrolments } from '../enrolments/repository';
import { listVouchers } from '../vouchers/repository';
import type { MailQueue } from '../../mail/mailer';
import { findStudentById, lockStudent, setReviewOutcome, type StudentRow } from './repository';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { documentsRejectedMail } from '../../mail/templates';
import type { UrlSigner } from '../../storage/signed-urls';
import { audit, presentAuditEntry, type Actor } from '../audit/audit';
import { presentEnrolment } from '../enrolments/enrolments';
import { pageWindow } from '../../lib/paging';

export type ReviewOutcome =
  | { status: 'Approved' }
  | {
      status: 'Rejected';
      /** In English, the reason then the note: the spec's `rejectreason`. */
      reason: string;
      code: RejectReasonCode | null;
      note: string | null;
    };

/**
 * A rejection from a picked reason, the reviewer's own words, or both (decision 0044); undefined with
 * neither, which the student could not act on.
 */
export function rejectionOf(
  code: RejectReasonCode | undefined,
  words: string | undefined,
): ReviewOutcome | undefined {
  const note = words?.trim() || null;
  if (!code && !note) return undefined;
  const reason = [code ? messages[code] : null, note].filter(Boolean).join('. ');
  return { status: 'Rejected', reason, code: code ?? null, note };
}

/** What an audit entry of a review or onsite change records of the student. */
function reviewState(
  row: Pick<StudentRow, 'status' | 'rejectReason' | 'rejectReasonCode' | 'isDocumentVerified'>,
) {
  return {
    status: row.status,
    rejectreason: row.rejectReason,
    rejectReasonCode: row.rejectReasonCode,
    isDocumentVerified: row.isDocumentVerified,
  };
}

export function presentSummary(row: StudentSummaryRow | StudentRow): StudentSummary {
  return {
    _id: row.id,
    fullName: row.fullName,
    email: row.email,
    cnic: row.cnic,
    rollNo: row.rollNo,
    phoneNumber: row.phoneNumber,
    city: row.city,
    status: row.status,
    isDocumentUploaded: row.isDocumentUploaded,
    isDocumentVerified: row.isDocumentVerified,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentStaffStudent(row: StudentRow): StaffStudent {
  return {
    ...presentSummary(row),
    fatherName: row.fatherName,
    gender: row.gender,
    dob: row.dob,
    homeAddress: row.homeAddress,
    province: row.province,
    lastQualification: row.lastQualification,
    haveLaptop: row.haveLaptop,
    isProfileComplete: row.isProfileComplete,
    rejectreason: row.rejectReason,
    rejectReasonCode: row.rejectReasonCode,
    rejectReasonNote: row.rejectReasonNote,
    onSiteAllowed: row.onSiteAllowed,
  };
}

/**
 * Applies review decisions, the rules of the console and of `npm run admin -- student:approve|reject` alike,
 * in the caller's transaction: each student is locked, refused while another reviewer holds them, and
 * approved only with the three documents; a rejection's reason is e-mailed in the same transaction; each
 * decision is audited and ends any hold.
 */
export async function applyReview(
  tx: Executor,
  actor: Actor,
  studentId: string,
  outcome: ReviewOutcome,
  mail: MailQueue,
): Promise<StudentRow> {
  const before = await lockStudent(tx, studentId);
  if (!before) throw notFound(messages.studentNotFound);
  if (await heldByOther(tx, studentId, actor.staffId)) throw conflict(messages.reviewHeldByOther);
  if (outcome.status === 'Approved') {
    const types = new Set(before.documents.map((document) => document.documentType));
    if (!DOCUMENT_TYPES.every((type) => types.has(type))) throw conflict(messages.reviewDocumentsMissing);
  }
  await setReviewOutcome(tx, before.email, outcome);
  await releaseStudent(tx, studentId);
  if (outcome.status === 'Rejected')
    await mail.queue(tx, documentsRejectedMail(before.email, outcome, before.language));
  const after = (await findStudentById(tx, studentId))!;
  await audit(tx, actor, {
    action: outcome.status === 'Approved' ? 'student.approve' : 'student.reject',
    subjectId: studentId,
    before: reviewState(before),
    after: reviewState(after),
  });
  return after;
}

/** Sets whether a student may study onsite, audited in the same transaction. */
export async function applyOnsite(
  tx: Executor,
  actor: Actor,
  studentId: string,
  allowed: boolean,
): Promise<void> {
  const before = await lockStudent(tx, studentId);
  if (!before) throw notFound(messages.studentNotFound);
  await setOnSite(tx, studentId, allowed);
  await audit(tx, actor, {
    action: 'student.onsite',
    subjectId: studentId,
    before: { onSiteAllowed: before.onSiteAllowed },
    after: { onSiteAllowed: allowed },
  });
}

/**
 * Grants a batch's course to a student, or changes the grant's onsite permission, audited under `action` in
 * the caller's transaction: the student page's grant (`student.grant`) and the catalogue's (`grant.add`).
 */
export async function applyGrant(
  tx: Executor,
  actor: Actor,
  studentId: string,
  grant: { batchId: string; course: string; onSiteAllowed: boolean },
  action: 'student.grant' | 'grant.add',
): Promise<void> {
  const student = await lockStudent(tx, studentId);
  if (!student) throw notFound(messages.studentNotFound);
  const offer = await findBatchCourse(tx, grant.batchId, grant.course);
  if (!offer) throw notFound(messages.batchCourseNotFound);
  const before = await findGrant(tx, studentId, grant.batchId, offer.courseId);
  await grantRestricted(tx, {
    studentId,
    batchId: grant.batchId,
    courseId: offer.courseId,
    onSiteAllowed: grant.onSiteAllowed,
  });
  const named = { batchId: grant.batchId, batchName: offer.batchName, course: grant.course };
  await audit(tx, actor, {
    action,
    subjectId: studentId,
    before: before ? { ...named, ...before } : null,
    after: { ...named, onSiteAllowed: grant.onSiteAllowed },
  });
}

/** The staff console's admissions: overview, students and the review queue. */
export class AdmissionsService {
  constructor(
    private readonly deps: { db: Db; mail: MailQueue; signer: UrlSigner; consumerPrefix: string },
  ) {}

  async overview(): Promise<Overview> {
    const { db } = this.deps;
    const [byStatus, awaitingReview, registrations] = await Promise.all([
      countStudentsByStatus(db),
      countAwaitingReview(db),
      countRegistrations(db),
    ]);
    const studentsByStatus = Object.fromEntries(STUDENT_STATUSES.map((status) => [status, 0])) as Record<
      (typeof STUDENT_STATUSES)[number],
      number
    >;
    for (const row of byStatus) studentsByStatus[row.status] = row.count;
    return {
      studentsByStatus,
      awaitingReview,
      registrations: registrations as Overview['registrations'],
    };
  }

  /** The batches staff filter and grant by, with their courses. */
  async batches(): Promise<StaffBatch[]> {
    const rows = await listBatchesWithCourses(this.deps.db);
    return rows.map(({ id, ...batch }) => ({ _id: id, ...batch }));
  }

  async students(
    query: z.output<typeof studentsQuerySchema>,
  ): Promise<{ data: StudentSummary[]; total: number }> {
    const { rows, total } = await searchStudents(this.deps.db, query, pageWindow(query));
    return { data: rows.map(presentSummary), total };
  }

  /** Everything the student page shows; image URLs open for this staff session only. */
  async student(id: string, sessionId: string): Promise<StudentDetail> {
    const { db, signer, consumerPrefix } = this.deps;
    const row = await findStudentById(db, id);
    if (!row) throw notFound(messages.studentNotFound);
    const [enrolments, vouchers, results, grants, auditPage] = await Promise.all([
      // A student has a handful of registrations: one page holds them all.
      listStaffEnrolments(db, { studentId: id }, { offset: 0, limit: 100 }),
      listVouchers(db, id),
      listStudentResults(db, id),
      listNamedGrants(db, id),
      listAuditEntries(db, { subjectId: id }, { offset: 0, limit: 50 }),
    ]);
    return {
      student: presentStaffStudent(row),
      photoUrl: row.imageKey ? signer.staffUrl(row.imageKey, sessionId) : null,
      documents: row.documents.map((document) => ({
        documentType: document.documentType,
        url: signer.staffUrl(document.storageKey, sessionId),
      })),
      enrolments: enrolments.rows.map(presentEnrolment),
      vouchers: vouchers.map((v) => ({
        _id: v.id,
        voucherNo: v.voucherNo,
        consumerNumber: `${consumerPrefix}${v.voucherNo}`,
        course: v.courseCode,
        quarter: v.quarter,
        amount: v.feeAmount,
        state: v.state,
        dueDate: v.paymentDeadline.toISOString(),
        paidAt: v.paidAt?.toISOString() ?? null,
      })),
      results,
      grants,
      audit: auditPage.rows.map(presentAuditEntry),
    };
  }

  /**
   * The reviewer's next student: the one they hold, else the oldest waiting that nobody holds, held for
   * them. `skip` gives up that student and moves on to another.
   */
  async next(actor: Actor, sessionId: string, skip?: string): Promise<ReviewItem | null> {
    const { db } = this.deps;
    const staffId = actor.staffId!;
    if (skip) await releaseHold(db, staffId, skip);
    let hold = await renewOwnHold(db, staffId, skip);
    if (!hold) {
      // Only one student at a time: holds this reviewer left behind go back to the queue.
      await releaseHold(db, staffId);
      // A lost race (another reviewer took the same student in the same instant) just tries the next one;
      // after a skip, the queue behind the skipped student first, then from its start.
      for (let attempt = 0; attempt < 5 && !hold; attempt++) {
        hold =
          (skip ? await takeNextHold(db, staffId, { except: skip, after: skip }) : undefined) ??
          (await takeNextHold(db, staffId, { except: skip }));
        if (!hold && (await countWaiting(db, staffId)) === 0) break;
      }
    }
    if (!hold) return null;
    const [detail, waiting] = await Promise.all([
      this.student(hold.studentId, sessionId),
      countWaiting(db, staffId),
    ]);
    return { ...detail, heldUntil: hold.heldUntil.toISOString(), waiting };
  }

  async review(
    actor: Actor,
    studentId: string,
    body: {
      decision: 'approve' | 'reject';
      reasonCode?: RejectReasonCode | undefined;
      reason?: string | undefined;
    },
  ): Promise<StaffStudent> {
    const { db, mail } = this.deps;
    const outcome: ReviewOutcome | undefined =
      body.decision === 'approve' ? { status: 'Approved' } : rejectionOf(body.reasonCode, body.reason);
    if (!outcome) throw badRequest(messages.reviewReasonRequired);
    const row = await db.transaction((tx) => applyReview(tx, actor, studentId, outcome, mail));
    mail.nudge();
    return presentStaffStudent(row);
  }

  async onsite(actor: Actor, studentId: string, allowed: boolean): Promise<void> {
    await this.deps.db.transaction((tx) => applyOnsite(tx, actor, studentId, allowed));
  }

  /** Grants a restricted batch's course to a student (or changes the grant's onsite permission). */
  async grant(actor: Actor, studentId: string, body: z.output<typeof grantRequestSchema>): Promise<void> {
    await this.deps.db.transaction((tx) => applyGrant(tx, actor, studentId, body, 'student.grant'));
  }
}
