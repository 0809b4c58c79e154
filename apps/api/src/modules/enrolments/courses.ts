import { ALREADY_APPLIED, CANCEL_ALLOWED } from '@portal/shared/constants/enrolment';
import { messages } from '@portal/shared/messages';
import type {
  ApplyCourseRequest,
  Batch,
  BatchConfig,
  CancelCourseRequest,
  Course,
  CourseRegistration,
  RestrictedBatchEntry,
} from '@portal/shared/schemas/courses';
import { sanitiseStaffHtml } from '../../lib/staff-html';
import type { Db } from '../../db/client';
import { listReferenceList } from '../catalogue/repository';
import {
  applyEnrolment,
  assignRollNumber,
  cancelEnrolment,
  findBatchConfig,
  findCourseByCodeOrName,
  findEnrolment,
  findGrant,
  findOffer,
  listBatchConfigs,
  listEnrolments,
  listGrants,
  listOffersOfBatches,
  listOpenOffers,
  type BatchConfigRow,
  type CourseRow,
  type EnrolmentRow,
  type OfferRow,
} from './repository';
import { lockStudent, type StudentRow } from '../students/repository';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/http-error';

export function toCourse(row: CourseRow): Course {
  return {
    _id: row.id,
    name: row.name,
    initial: row.code as Course['initial'],
    shortDescription: row.shortDescription,
    courseColor: row.courseColor,
  };
}

function toBatches(offers: OfferRow[]): Batch[] {
  const byBatch = new Map<string, Batch>();
  for (const offer of offers) {
    let batch = byBatch.get(offer.batchId);
    if (!batch) {
      batch = { _id: offer.batchId, city: offer.city, name: offer.batchName, courses: [], batchCourses: [] };
      byBatch.set(offer.batchId, batch);
    }
    batch.courses.push(toCourse(offer.course));
    batch.batchCourses.push({ course: offer.course.id, mode: offer.mode });
  }
  return [...byBatch.values()];
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

function toBatchConfig(row: BatchConfigRow): BatchConfig {
  return {
    batchId: row.batchId,
    telegramLinks: { androidLink: row.androidLink, iosLink: row.iosLink, groupName: row.groupName },
    instructionsForMale: row.instructionsForMale,
    instructionsForFemale: row.instructionsForFemale,
    admitCardMessage: row.admitCardMessage ? sanitiseStaffHtml(row.admitCardMessage) : null,
  };
}

/** Applying, cancelling and the course lists (spec sections 3 and 4), enforced here whatever the client shows. */
export class CoursesService {
  constructor(private readonly db: Db) {}

  async availableCourses(): Promise<Batch[]> {
    return toBatches(await listOpenOffers(this.db));
  }

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

    const id = await this.db.transaction(async (tx) => {
      // One application at a time per student: two Apply clicks at once make one registration.
      await lockStudent(tx, student.id);
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
      return enrolmentId;
    });
    return toRegistration((await findEnrolment(this.db, id))!);
  }

  async cancel(student: StudentRow, request: CancelCourseRequest): Promise<CourseRegistration> {
    const reasons = await listReferenceList(this.db, 'cancelReason');
    const chosen = reasons.find((reason) => reason.value === request.cancellationReason);
    if (!chosen)
      throw badRequest(messages.fieldRequired, { errors: { cancellationReason: messages.fieldRequired } });
    const reason = chosen.value === 'other' ? request.otherReason! : chosen.label;

    await this.db.transaction(async (tx) => {
      await lockStudent(tx, student.id);
      const enrolment = await findEnrolment(tx, request.docId);
      if (!enrolment) throw notFound(messages.registrationNotFound);
      if (enrolment.studentId !== student.id) throw forbidden(messages.forbidden);
      if (!CANCEL_ALLOWED.includes(enrolment.status)) throw new HttpError(409, messages.cancelNotAllowed);
      await cancelEnrolment(tx, enrolment.id, reason);
    });
    return toRegistration((await findEnrolment(this.db, request.docId))!);
  }

  async batchConfigs(): Promise<BatchConfig[]> {
    return (await listBatchConfigs(this.db)).map(toBatchConfig);
  }

  async batchConfig(batchId: string): Promise<BatchConfig | null> {
    const row = await findBatchConfig(this.db, batchId);
    return row ? toBatchConfig(row) : null;
  }

  async courseByName(name: string): Promise<Course> {
    const row = await findCourseByCodeOrName(this.db, name);
    if (!row) throw notFound(messages.courseNotFound);
    return toCourse(row);
  }
}
