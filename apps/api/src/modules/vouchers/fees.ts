import { ADMITTED } from '@portal/shared/constants/enrolment';
import { COURSE_QUARTERS, QUARTERS, type CourseCode, type Quarter } from '@portal/shared/constants/courses';
import { VOUCHER_VALID_DAYS, type QuarterStatus } from '@portal/shared/constants/fees';
import { messages } from '@portal/shared/messages';
import type { PaymentBranch, TimeSlot, Voucher } from '@portal/shared/schemas/fees';
import type { Db, Executor } from '../../db/client';
import { findGrant, listEnrolments } from '../enrolments/repository';
import {
  bookSeat,
  expireOverdue,
  findOnlineFee,
  findSlot,
  findSlots,
  findVoucher,
  insertVoucher,
  setRegistrationPlatform,
  listBranches,
  listVouchers,
  lockVoucher,
  quartersWithOnlineFee,
  quartersWithSlots,
  releaseSeat,
  setVoucherState,
  type TimeSlotRow,
  type VoucherRow,
} from './repository';
import { lockStudent, type StudentRow } from '../students/repository';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/http-error';

/** Where and when a slot meets (`slotPlaceFields`), as the students' answers and the console's both give it. */
export function slotPlace(row: Pick<TimeSlot, 'name' | 'campus' | 'city' | 'day' | 'time' | 'location'>) {
  return {
    name: row.name,
    campus: row.campus,
    city: row.city,
    day: row.day,
    time: row.time,
    location: row.location,
  };
}

export function toTimeSlot(row: TimeSlotRow, batchName: string, courseCode: string): TimeSlot {
  return {
    _id: row.id,
    ...slotPlace(row),
    quarter: row.quarter as Quarter,
    quarterFee: row.quarterFee,
    year: row.year,
    course: courseCode,
    batch: batchName,
    totalSeats: row.totalSeats,
    bookedSeats: row.bookedSeats,
  };
}

/** A voucher is valid while it is paid, or unpaid before its deadline (spec: PAID, PENDING, EXPIRED). */
export function isValid(row: Pick<VoucherRow, 'state' | 'paymentDeadline'>, now = Date.now()): boolean {
  if (row.state === 'PAID') return true;
  return row.state === 'UNPAID' && row.paymentDeadline.getTime() > now;
}

export class FeesService {
  constructor(
    private readonly db: Db,
    private readonly consumerPrefix: string,
  ) {}

  toVoucher(row: VoucherRow): Voucher {
    return {
      _id: row.id,
      quarter: row.quarter as Quarter,
      course: row.courseCode,
      batch: row.batchName,
      rollNo: row.rollNo ?? '',
      studentId: row.studentId,
      timeslotId: row.timeSlotId,
      feeAmount: row.feeAmount,
      fee_voucher_no: row.voucherNo,
      consumerNumber: `${this.consumerPrefix}${row.voucherNo}`,
      paid: row.state === 'PAID',
      valid: isValid(row),
      paymentDeadline: row.paymentDeadline.toISOString(),
      createDate: row.createdAt.toISOString(),
      paidDate: row.paidAt?.toISOString() ?? null,
      tranAuthId: row.state === 'PAID' ? row.tranAuthId : null,
      centerName: row.centerName,
      centerCampus: row.centerCampus,
      distanceLearning: row.timeSlotId === null,
    };
  }

  /** The registration fees are paid for: the student's current one, once admitted. */
  #admitted(student: StudentRow) {
    const current = student.currentEnrolment;
    if (!current) throw forbidden(messages.voucherNotAdmitted);
    return current;
  }

  async #enrolmentId(student: StudentRow): Promise<{ id: string; status: string }> {
    const current = this.#admitted(student);
    const enrolment = (await listEnrolments(this.db, student.id)).find(
      (e) => e.batchId === current.batchId && e.course.id === current.courseId && e.status !== 'CANCELLED',
    );
    if (!enrolment || !ADMITTED.includes(enrolment.status)) throw forbidden(messages.voucherNotAdmitted);
    return { id: enrolment.id, status: enrolment.status };
  }

  async vouchers(student: StudentRow): Promise<Voucher[]> {
    return (await listVouchers(this.db, student.id)).map((row) => this.toVoucher(row));
  }

  async paidVouchers(student: StudentRow, studentId: string): Promise<Voucher[]> {
    if (studentId !== student.id) throw forbidden(messages.notYourAccount);
    return (await this.vouchers(student)).filter((voucher) => voucher.paid);
  }

  async vouchersOf(
    student: StudentRow,
    ids: { studentId: string; batchId: string; courseId: string },
  ): Promise<Voucher[]> {
    if (ids.studentId !== student.id) throw forbidden(messages.notYourAccount);
    const current = student.currentEnrolment;
    if (!current || current.batchId !== ids.batchId || current.courseId !== ids.courseId) return [];
    return this.vouchers(student);
  }

  /**
   * The quarter cards of /payment, to a student admitted to the course; to an applicant, the same 403 as a
   * voucher would get, before they choose a quarter and confirm a class they could not pay for.
   */
  async quarterCards(
    student: StudentRow,
  ): Promise<{ quarter: Quarter; status: QuarterStatus; voucherId?: string }[]> {
    await this.#enrolmentId(student);
    const current = this.#admitted(student);
    const gender = student.gender ?? 'male';
    const where = { batchId: current.batchId, courseId: current.courseId, gender, city: current.city };
    const [slotQuarters, onlineQuarters, vouchers] = await Promise.all([
      quartersWithSlots(this.db, where),
      quartersWithOnlineFee(this.db, current.batchId, current.courseId),
      listVouchers(this.db, student.id),
    ]);
    const offered = new Set<string>(COURSE_QUARTERS[current.course as CourseCode] ?? []);
    let previousPaid = true;
    return QUARTERS.map((quarter) => {
      const ofQuarter = vouchers.filter(
        (v) => v.quarter === quarter && v.courseCode === current.course && v.batchName === current.batch,
      );
      const paid = ofQuarter.find((v) => v.state === 'PAID');
      const unpaid = ofQuarter.find((v) => isValid(v) && v.state === 'UNPAID');
      const open = offered.has(quarter) && (slotQuarters.has(quarter) || onlineQuarters.has(quarter));
      let card: { quarter: Quarter; status: QuarterStatus; voucherId?: string };
      if (paid) card = { quarter, status: 'Paid', voucherId: paid.id };
      else if (unpaid) card = { quarter, status: 'Voucher Created', voucherId: unpaid.id };
      else if (open && previousPaid) card = { quarter, status: 'Pending' };
      else card = { quarter, status: 'Locked' };
      previousPaid = Boolean(paid);
      return card;
    });
  }

  async slots(student: StudentRow, query: { quarter: string }): Promise<TimeSlot[]> {
    const current = this.#admitted(student);
    const rows = await findSlots(this.db, {
      batchId: current.batchId,
      courseId: current.courseId,
      quarter: query.quarter,
      gender: student.gender ?? 'male',
      city: current.city,
    });
    return rows.map((row) => toTimeSlot(row, current.batch, current.course));
  }

  async slot(student: StudentRow, slotId: string): Promise<TimeSlot> {
    const current = this.#admitted(student);
    const row = await findSlot(this.db, slotId);
    if (!row || row.batchId !== current.batchId || row.courseId !== current.courseId)
      throw notFound(messages.voucherNoSlot);
    return toTimeSlot(row, current.batch, current.course);
  }

  async #onsiteAllowed(student: StudentRow, batchId: string, courseId: string): Promise<boolean> {
    const grant = await findGrant(this.db, student.id, batchId, courseId);
    return grant ? grant.onSiteAllowed : student.onSiteAllowed;
  }

  /** The admitted registration a voucher request names: the session's own student, batch and course only. */
  async #registrationFor(
    student: StudentRow,
    data: { studentId: string; batchId: string; courseId: string },
  ) {
    if (data.studentId !== student.id) throw forbidden(messages.notYourAccount);
    const current = this.#admitted(student);
    if (current.batchId !== data.batchId || current.courseId !== data.courseId)
      throw forbidden(messages.forbidden);
    return { current, enrolment: await this.#enrolmentId(student) };
  }

  /** One live voucher per quarter, quarters in order: checked under the student's row lock. */
  async #checkQuarter(
    tx: Executor,
    student: StudentRow,
    enrolmentId: string,
    quarter: string,
    course: string,
  ) {
    if (!(COURSE_QUARTERS[course as CourseCode] ?? []).includes(quarter as Quarter))
      throw badRequest(messages.voucherNoSlot);
    const vouchers = (await listVouchers(tx, student.id, enrolmentId)).filter((v) => v.state !== 'CANCELLED');
    if (vouchers.some((v) => v.quarter === quarter && isValid(v))) throw conflict(messages.voucherExists);
    const index = QUARTERS.indexOf(quarter as Quarter);
    const previous = QUARTERS[index - 1];
    if (previous && !vouchers.some((v) => v.quarter === previous && v.state === 'PAID'))
      throw conflict(messages.voucherPreviousUnpaid);
  }

  async generateOnsite(
    student: StudentRow,
    data: { studentId: string; timeslotId: string; batchId: string; courseId: string },
  ): Promise<Voucher> {
    const { current, enrolment } = await this.#registrationFor(student, data);
    if (!(await this.#onsiteAllowed(student, data.batchId, data.courseId)))
      throw forbidden(messages.voucherOnsiteNotAllowed);
    const slot = await findSlot(this.db, data.timeslotId);
    const gender = student.gender ?? 'male';
    if (
      !slot ||
      slot.batchId !== data.batchId ||
      slot.courseId !== data.courseId ||
      slot.city !== current.city ||
      (slot.gender !== 'both' && slot.gender !== gender)
    ) {
      throw notFound(messages.voucherNoSlot);
    }
    const id = await this.db.transaction(async (tx) => {
      await lockStudent(tx, student.id);
      await this.#checkQuarter(tx, student, enrolment.id, slot.quarter, current.course);
      await expireOverdue(tx, slot.id);
      if (!(await bookSeat(tx, slot.id))) throw conflict(messages.noSeatsRemaining);
      await setRegistrationPlatform(tx, enrolment.id, true);
      return insertVoucher(tx, {
        studentId: student.id,
        enrolmentId: enrolment.id,
        quarter: slot.quarter,
        timeSlotId: slot.id,
        feeAmount: slot.quarterFee,
        paymentDeadline: deadline(),
      });
    });
    return this.toVoucher((await findVoucher(this.db, id))!);
  }

  async generateOnline(
    student: StudentRow,
    data: { studentId: string; quarter: string; batchId: string; courseId: string },
  ): Promise<Voucher> {
    const { current, enrolment } = await this.#registrationFor(student, data);
    const fee = await findOnlineFee(this.db, data.batchId, data.courseId, data.quarter);
    if (fee === undefined) throw notFound(messages.voucherNoFee);
    const id = await this.db.transaction(async (tx) => {
      await lockStudent(tx, student.id);
      await this.#checkQuarter(tx, student, enrolment.id, data.quarter, current.course);
      await setRegistrationPlatform(tx, enrolment.id, false);
      return insertVoucher(tx, {
        studentId: student.id,
        enrolmentId: enrolment.id,
        quarter: data.quarter,
        timeSlotId: null,
        feeAmount: fee,
        paymentDeadline: deadline(),
      });
    });
    return this.toVoucher((await findVoucher(this.db, id))!);
  }

  /** Cancels an unpaid, valid voucher and gives its seat back at once, in one transaction. */
  async cancel(student: StudentRow, data: { studentId: string; voucherId: string }): Promise<void> {
    if (data.studentId !== student.id) throw forbidden(messages.notYourAccount);
    const voucher = await findVoucher(this.db, data.voucherId);
    if (!voucher) throw notFound(messages.voucherNotFound);
    if (voucher.studentId !== student.id) throw forbidden(messages.forbidden);
    await this.db.transaction(async (tx) => {
      const outcome = await cancelUnpaidVoucher(tx, voucher.id);
      if (outcome === 'unknown') throw notFound(messages.voucherNotFound);
      if (outcome === 'paid') throw conflict(messages.voucherPaidCannotCancel);
      if (outcome === 'closed') throw new HttpError(409, messages.voucherNotFound);
    });
  }

  async branches(city: string): Promise<PaymentBranch[]> {
    return listBranches(this.db, city);
  }

  /** Expires every overdue voucher (the sweeper); seats come back with them. */
  sweep(): Promise<number> {
    return expireOverdue(this.db);
  }
}

/**
 * Cancels an unpaid voucher before its deadline and gives its seat back, under the voucher's row lock in the
 * caller's transaction: the one path of the student's and the staff's cancellation. Answers what it found.
 */
export async function cancelUnpaidVoucher(
  tx: Executor,
  voucherId: string,
): Promise<'cancelled' | 'unknown' | 'paid' | 'closed'> {
  const locked = await lockVoucher(tx, voucherId);
  if (!locked) return 'unknown';
  if (locked.state === 'PAID') return 'paid';
  if (locked.state !== 'UNPAID' || locked.paymentDeadline.getTime() <= Date.now()) return 'closed';
  await setVoucherState(tx, voucherId, 'CANCELLED');
  if (locked.timeSlotId) await releaseSeat(tx, locked.timeSlotId);
  return 'cancelled';
}

function deadline(): Date {
  return new Date(Date.now() + VOUCHER_VALID_DAYS * 86_400_000);
}
