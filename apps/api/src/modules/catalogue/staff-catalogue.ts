import type { z } from 'zod';
import {
  COURSE_BATCH_NUMBERS,
  COURSE_QUARTERS,
  type CourseCode,
  type Quarter,
} from '@portal/shared/constants/courses';
import { formatMessage, messages } from '@portal/shared/messages';
import type {
  CatalogueBatch,
  CatalogueCourse,
  StaffBranch,
  StaffTimeSlot,
  batchCoursesSchema,
  batchCreateSchema,
  batchUpdateSchema,
  branchInputSchema,
  courseCreateSchema,
  courseUpdateSchema,
  onlineFeeKeySchema,
  onlineFeeSetSchema,
  timeSlotInputSchema,
  timeSlotsQuerySchema,
  onlineFeesQuerySchema,
  StaffOnlineFee,
} from '@portal/shared/schemas/staff-catalogue';
import type { Db, Executor } from '../../db/client';
import { replaceBatchCourses } from './repository';
import { findCourseIdByCode } from '../enrolments/repository';
import { expireOverdue, outstandingOnlineVouchers, slotVoucherCounts } from '../vouchers/repository';
import { slotPlace } from '../vouchers/vouchers';
import {
  deleteBatchIfUnheld,
  deleteBranch,
  deleteOnlineFee,
  deleteSlotIfUnheld,
  findCourse,
  insertBatch,
  insertBranch,
  insertCourse,
  insertSlot,
  listAllBranches,
  listCatalogueBatches,
  listCourses,
  listOnlineFees,
  listSlots,
  lockBatch,
  lockBranch,
  lockOnlineFee,
  lockSlot,
  registrationsByCourse,
  setOnlineFee,
  slotKeyTaken,
  updateBatch,
  updateBranch,
  updateCourse,
  updateSlotIfSeatsFit,
  type BatchListRow,
  type BatchRow,
  type BranchRow,
  type CourseRow,
  type FeeKey,
  type SlotFields,
  type SlotListRow,
} from './staff-repository';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { audit, type Actor } from '../audit/audit';

/*
 * The staff's catalogue (docs/api.md "Catalogue", decision 0023): courses, batches and their courses, time
 * slots, online fees and payment branches. Each change runs in one transaction with its audit entry, and
 * is refused with 409 where it would break what students hold.
 */

// Courses

function presentCourse(row: CourseRow): CatalogueCourse {
  return {
    _id: row.id,
    code: row.code as CourseCode,
    name: row.name,
    shortDescription: row.shortDescription,
    courseColor: row.courseColor,
  };
}

// Batches

function presentBatch(row: BatchListRow): CatalogueBatch {
  return {
    _id: row.id,
    name: row.name,
    number: row.number,
    city: row.city,
    isOpen: row.isOpen,
    restricted: row.restricted,
    courses: row.courses.map((entry) => ({ course: entry.course as CourseCode, mode: entry.mode })),
    registrations: row.registrations,
    vouchers: row.vouchers,
    timeSlots: row.timeSlots,
  };
}

function batchFieldsOf(row: BatchRow) {
  return {
    name: row.name,
    number: row.number,
    city: row.city,
    isOpen: row.isOpen,
    restricted: row.restricted,
  };
}

async function batchOf(ex: Executor, id: string): Promise<CatalogueBatch> {
  const [row] = await listCatalogueBatches(ex, id);
  if (!row) throw notFound(messages.catalogueBatchNotFound);
  return presentBatch(row);
}

/** A batch's number must be one its courses run in (spec section 9). */
function checkNumber(number: number, codes: readonly string[]): void {
  for (const code of codes) {
    if (!COURSE_BATCH_NUMBERS[code as CourseCode].includes(number))
      throw badRequest(formatMessage(messages.catalogueBatchCourseNumber, { course: code, number }));
  }
}

/** Replaces a batch's courses; a course students are registered in cannot leave the batch. */
async function setCourses(
  tx: Executor,
  batch: BatchRow,
  entries: z.output<typeof batchCoursesSchema>['courses'],
): Promise<void> {
  const unique = new Map(entries.map((entry) => [entry.course, entry.mode]));
  checkNumber(batch.number, [...unique.keys()]);
  const registered = await registrationsByCourse(tx, batch.id);
  for (const [code, count] of registered) {
    if (!unique.has(code as CourseCode))
      throw conflict(formatMessage(messages.catalogueBatchCourseHasRegistrations, { course: code, count }));
  }
  const idOfCode = new Map((await listCourses(tx)).map((course) => [course.code, course.id]));
  const rows: { courseId: string; mode: 'onsite' | 'online' | 'both' }[] = [];
  for (const [code, mode] of unique) {
    const courseId = idOfCode.get(code);
    if (!courseId) throw badRequest(messages.catalogueCourseNotFound);
    rows.push({ courseId, mode });
  }
  await replaceBatchCourses(tx, batch.id, rows);
}

// Time slots

function presentSlot(row: SlotListRow): StaffTimeSlot {
  return {
    _id: row.id,
    batchId: row.batchId,
    batchName: row.batchName,
    course: row.course,
    quarter: row.quarter as Quarter,
    gender: row.gender,
    ...slotPlace(row),
    quarterFee: row.quarterFee,
    year: row.year,
    totalSeats: row.totalSeats,
    bookedSeats: row.bookedSeats,
  };
}

async function slotOf(ex: Executor, id: string): Promise<StaffTimeSlot> {
  const [row] = await listSlots(ex, { id });
  if (!row) throw notFound(messages.catalogueSlotNotFound);
  return presentSlot(row);
}

/** The batch and course a slot or fee names: the batch must offer the course, in a quarter it runs. */
async function offering(tx: Executor, batchId: string, course: CourseCode, quarter: Quarter) {
  const batch = await lockBatch(tx, batchId);
  if (!batch) throw notFound(messages.catalogueBatchNotFound);
  const offered = (await batchOf(tx, batchId)).courses.some((entry) => entry.course === course);
  const courseId = await findCourseIdByCode(tx, course);
  if (!offered || !courseId) throw badRequest(formatMessage(messages.catalogueCourseNotInBatch, { course }));
  if (!COURSE_QUARTERS[course].includes(quarter))
    throw badRequest(formatMessage(messages.catalogueCourseNoQuarter, { course, quarter }));
  return { batch, courseId };
}

async function slotFieldsOf(tx: Executor, input: z.output<typeof timeSlotInputSchema>): Promise<SlotFields> {
  const { batch, courseId } = await offering(tx, input.batchId, input.course, input.quarter);
  if (input.city !== batch.city)
    throw badRequest(formatMessage(messages.catalogueSlotCity, { city: batch.city }));
  const { course: _course, ...fields } = input;
  return { ...fields, courseId };
}

// Online fees

async function refuseWhileOutstanding(tx: Executor, key: FeeKey, fee: number) {
  const count = await outstandingOnlineVouchers(tx, key);
  if (count > 0) throw conflict(formatMessage(messages.catalogueFeeHasVouchers, { count, fee }));
}

// Payment branches

function presentBranch(row: BranchRow): StaffBranch {
  return {
    _id: row.id,
    branchName: row.branchName,
    contactNo: row.contactNo,
    branchAddress: row.branchAddress,
    city: row.city,
    location: row.location,
  };
}

/** The staff's catalogue: each change in one transaction with its audit entry, refused with 409 where it would break what students hold. */
export class StaffCatalogueService {
  constructor(private readonly db: Db) {}

  async courses(): Promise<CatalogueCourse[]> {
    return (await listCourses(this.db)).map(presentCourse);
  }

  async createCourse(actor: Actor, input: z.output<typeof courseCreateSchema>): Promise<CatalogueCourse> {
    return this.db.transaction(async (tx) => {
      const row = await insertCourse(tx, input);
      if (!row) throw conflict(formatMessage(messages.catalogueCourseExists, { code: input.code }));
      const course = presentCourse(row);
      await audit(tx, actor, { action: 'course.create', subjectId: row.id, after: course });
      return course;
    });
  }

  async editCourse(
    actor: Actor,
    id: string,
    input: z.output<typeof courseUpdateSchema>,
  ): Promise<CatalogueCourse> {
    return this.db.transaction(async (tx) => {
      const before = await findCourse(tx, id);
      if (!before) throw notFound(messages.catalogueCourseNotFound);
      const course = presentCourse(await updateCourse(tx, id, input));
      await audit(tx, actor, {
        action: 'course.update',
        subjectId: id,
        before: presentCourse(before),
        after: course,
      });
      return course;
    });
  }

  async batchList(): Promise<CatalogueBatch[]> {
    return (await listCatalogueBatches(this.db)).map(presentBatch);
  }

  async createBatch(actor: Actor, input: z.output<typeof batchCreateSchema>): Promise<CatalogueBatch> {
    return this.db.transaction(async (tx) => {
      const { courses: entries, ...fields } = input;
      const row = await insertBatch(tx, fields);
      if (!row) throw conflict(formatMessage(messages.catalogueBatchExists, { city: input.city }));
      await setCourses(tx, row, entries);
      const batch = await batchOf(tx, row.id);
      await audit(tx, actor, { action: 'batch.create', subjectId: row.id, after: batch });
      return batch;
    });
  }

  async editBatch(
    actor: Actor,
    id: string,
    input: z.output<typeof batchUpdateSchema>,
  ): Promise<CatalogueBatch> {
    return this.db.transaction(async (tx) => {
      const before = await lockBatch(tx, id);
      if (!before) throw notFound(messages.catalogueBatchNotFound);
      checkNumber(
        input.number,
        (await batchOf(tx, id)).courses.map((entry) => entry.course),
      );
      const row = await updateBatch(tx, id, input);
      if (!row) throw conflict(formatMessage(messages.catalogueBatchExists, { city: input.city }));
      await audit(tx, actor, {
        action: 'batch.update',
        subjectId: id,
        before: batchFieldsOf(before),
        after: batchFieldsOf(row),
      });
      return batchOf(tx, id);
    });
  }

  async setBatchCourses(
    actor: Actor,
    id: string,
    input: z.output<typeof batchCoursesSchema>,
  ): Promise<CatalogueBatch> {
    return this.db.transaction(async (tx) => {
      const row = await lockBatch(tx, id);
      if (!row) throw notFound(messages.catalogueBatchNotFound);
      const before = await batchOf(tx, id);
      await setCourses(tx, row, input.courses);
      const after = await batchOf(tx, id);
      await audit(tx, actor, {
        action: 'batch.courses',
        subjectId: id,
        before: { courses: before.courses },
        after: { courses: after.courses },
      });
      return after;
    });
  }

  async deleteBatch(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await lockBatch(tx, id);
      if (!before) throw notFound(messages.catalogueBatchNotFound);
      const held = await batchOf(tx, id);
      if (!(await deleteBatchIfUnheld(tx, id)))
        throw conflict(
          formatMessage(messages.catalogueBatchHasHoldings, {
            registrations: held.registrations,
            vouchers: held.vouchers,
          }),
        );
      await audit(tx, actor, { action: 'batch.delete', subjectId: id, before: held });
    });
  }

  async slots(query: z.output<typeof timeSlotsQuerySchema>): Promise<StaffTimeSlot[]> {
    return (await listSlots(this.db, query)).map(presentSlot);
  }

  async createSlot(actor: Actor, input: z.output<typeof timeSlotInputSchema>): Promise<StaffTimeSlot> {
    return this.db.transaction(async (tx) => {
      const id = await insertSlot(tx, await slotFieldsOf(tx, input));
      if (!id) throw conflict(messages.catalogueSlotExists);
      const slot = await slotOf(tx, id);
      await audit(tx, actor, { action: 'slot.create', subjectId: id, after: slot });
      return slot;
    });
  }

  /**
   * Edits a slot. The seats are changed by one conditional UPDATE (`booked_seats <= new total`), so a booking
   * racing the edit cannot end above the seats; the fee cannot change while vouchers issued on the slot are
   * outstanding (decision 0023).
   */
  async editSlot(
    actor: Actor,
    id: string,
    input: z.output<typeof timeSlotInputSchema>,
  ): Promise<StaffTimeSlot> {
    return this.db.transaction(async (tx) => {
      // Overdue vouchers give their seats back first, as before a booking.
      await expireOverdue(tx, id);
      const locked = await lockSlot(tx, id);
      if (!locked) throw notFound(messages.catalogueSlotNotFound);
      const before = await slotOf(tx, id);
      const fields = await slotFieldsOf(tx, input);
      if (fields.quarterFee !== locked.quarterFee) {
        const { outstanding } = await slotVoucherCounts(tx, id);
        if (outstanding > 0)
          throw conflict(
            formatMessage(messages.catalogueFeeHasVouchers, { count: outstanding, fee: locked.quarterFee }),
          );
      }
      if (await slotKeyTaken(tx, id, fields)) throw conflict(messages.catalogueSlotExists);
      if (!(await updateSlotIfSeatsFit(tx, id, fields))) {
        const now = await slotOf(tx, id);
        throw conflict(formatMessage(messages.catalogueSeatsBelowBooked, { booked: now.bookedSeats }), {
          bookedSeats: now.bookedSeats,
        });
      }
      const after = await slotOf(tx, id);
      await audit(tx, actor, { action: 'slot.update', subjectId: id, before, after });
      return after;
    });
  }

  async deleteSlot(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const locked = await lockSlot(tx, id);
      if (!locked) throw notFound(messages.catalogueSlotNotFound);
      const before = await slotOf(tx, id);
      if (!(await deleteSlotIfUnheld(tx, id))) {
        const counts = await slotVoucherCounts(tx, id);
        throw conflict(
          formatMessage(messages.catalogueSlotHasHoldings, {
            vouchers: counts.all,
            booked: locked.bookedSeats,
          }),
        );
      }
      await audit(tx, actor, { action: 'slot.delete', subjectId: id, before });
    });
  }

  async onlineFees(query: z.output<typeof onlineFeesQuerySchema>): Promise<StaffOnlineFee[]> {
    return (await listOnlineFees(this.db, query)).map((row) => ({ ...row, quarter: row.quarter as Quarter }));
  }

  async putOnlineFee(actor: Actor, input: z.output<typeof onlineFeeSetSchema>): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { courseId } = await offering(tx, input.batchId, input.course, input.quarter);
      const key = { batchId: input.batchId, courseId, quarter: input.quarter };
      const before = await lockOnlineFee(tx, key);
      if (before === input.fee) return;
      if (before !== undefined) await refuseWhileOutstanding(tx, key, before);
      await setOnlineFee(tx, key, input.fee);
      const subject = { course: input.course, quarter: input.quarter };
      await audit(tx, actor, {
        action: 'fee.set',
        subjectId: input.batchId,
        before: before === undefined ? null : { ...subject, fee: before },
        after: { ...subject, fee: input.fee },
      });
    });
  }

  async removeOnlineFee(actor: Actor, input: z.output<typeof onlineFeeKeySchema>): Promise<void> {
    await this.db.transaction(async (tx) => {
      const courseId = await findCourseIdByCode(tx, input.course);
      if (!courseId) throw notFound(messages.catalogueFeeNotFound);
      const key = { batchId: input.batchId, courseId, quarter: input.quarter };
      const before = await lockOnlineFee(tx, key);
      if (before === undefined) throw notFound(messages.catalogueFeeNotFound);
      await refuseWhileOutstanding(tx, key, before);
      await deleteOnlineFee(tx, key);
      await audit(tx, actor, {
        action: 'fee.delete',
        subjectId: input.batchId,
        before: { course: input.course, quarter: input.quarter, fee: before },
      });
    });
  }

  async branches(): Promise<StaffBranch[]> {
    return (await listAllBranches(this.db)).map(presentBranch);
  }

  async createBranch(actor: Actor, input: z.output<typeof branchInputSchema>): Promise<StaffBranch> {
    return this.db.transaction(async (tx) => {
      const row = await insertBranch(tx, input);
      if (!row) throw conflict(formatMessage(messages.catalogueBranchExists, { city: input.city }));
      const branch = presentBranch(row);
      await audit(tx, actor, { action: 'branch.create', subjectId: row.id, after: branch });
      return branch;
    });
  }

  async editBranch(
    actor: Actor,
    id: string,
    input: z.output<typeof branchInputSchema>,
  ): Promise<StaffBranch> {
    return this.db.transaction(async (tx) => {
      const before = await lockBranch(tx, id);
      if (!before) throw notFound(messages.catalogueBranchNotFound);
      const row = await updateBranch(tx, id, input);
      if (!row) throw conflict(formatMessage(messages.catalogueBranchExists, { city: input.city }));
      const branch = presentBranch(row);
      await audit(tx, actor, {
        action: 'branch.update',
        subjectId: id,
        before: presentBranch(before),
        after: branch,
      });
      return branch;
    });
  }

  async removeBranch(actor: Actor, id: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const before = await lockBranch(tx, id);
      if (!before) throw notFound(messages.catalogueBranchNotFound);
      await deleteBranch(tx, id);
      await audit(tx, actor, { action: 'branch.delete', subjectId: id, before: presentBranch(before) });
    });
  }
}
