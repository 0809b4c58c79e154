import type { z } from 'zod';
import { COURSE_QUARTERS, type CourseCode, type Quarter } from '@portal/shared/constants/courses';
import { formatMessage, messages } from '@portal/shared/messages';
import type {
  StaffBranch,
  StaffTimeSlot,
  branchInputSchema,
  onlineFeeKeySchema,
  onlineFeeSetSchema,
  timeSlotInputSchema,
  timeSlotsQuerySchema,
  onlineFeesQuerySchema,
  StaffOnlineFee,
} from '@portal/shared/schemas/staff-catalogue';
import type { Db, Executor } from '../../db/client';
import { findCourseIdByCode } from '../enrolments/repository';
import { expireOverdue, outstandingOnlineVouchers, slotVoucherCounts } from '../vouchers/repository';
import { slotPlace } from '../vouchers/vouchers';
import {
  deleteBranch,
  deleteOnlineFee,
  deleteSlotIfUnheld,
  insertBranch,
  insertSlot,
  listAllBranches,
  listOnlineFees,
  listSlots,
  lockBatch,
  lockBranch,
  lockOnlineFee,
  lockSlot,
  setOnlineFee,
  slotKeyTaken,
  updateBranch,
  updateSlotIfSeatsFit,
  type BranchRow,
  type FeeKey,
  type SlotFields,
  type SlotListRow,
} from './repository';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { audit, type Actor } from '../audit/audit';
import { batchOf } from './catalogue-service';

/*
 * The fee schedule (docs/api.md "Catalogue", decision 0023): the onsite time slots with their seats and fee,
 * the online fees, and the bank branches that take payment. Students book and pay against them (the vouchers
 * module); staff change them here, each change in one transaction with its audit entry, refused with 409 where
 * it would break a voucher or a booked seat.
 */

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

/** Time slots, online fees and payment branches, as staff keep them. */
export class FeeScheduleService {
  constructor(private readonly db: Db) {}

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
