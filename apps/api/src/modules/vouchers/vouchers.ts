import type { Readable } from 'node:stream';
import { ADMITTED } from '@portal/shared/constants/enrolment';
import { COURSE_QUARTERS, QUARTERS, type CourseCode, type Quarter } from '@portal/shared/constants/courses';
import { VOUCHER_VALID_DAYS, type QuarterStatus } from '@portal/shared/constants/fees';
import { formatMessage, messages } from '@portal/shared/messages';
import type { PaymentBranch, TimeSlot, Voucher } from '@portal/shared/schemas/fees';
import type { MoneyVoucher } from '@portal/shared/schemas/staff-money';
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
import {
  findMoneyVoucher,
  listMoneyVouchers,
  pageMoneyVouchersAfter,
  type MoneyVoucherFilter,
  type MoneyVoucherRow,
} from './repository';
import { lockStudentRow, type StudentRow } from '../students/repository';
import { csvStream, keysetRows } from '../../lib/csv';
import { HttpError, badRequest, conflict, forbidden, notFound } from '../../lib/http-error';
import { pageWindow } from '../../lib/paging';
import { audit, type Actor } from '../audit/audit';
import { applyPayment } from './payments';

/*
 * A voucher's life, for the student and the staff alike (decision 0026 for the staff's part): the quarters and
 * slots it is generated for, generation and cancellation, the staff's list and CSV export, mark-paid, and the
 * sweep that expires overdue vouchers. Reconciliation is reconciliation.ts; the biller's calls, kuickpay.ts.
 */

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

// Vouchers as staff list and export them

export function presentMoneyVoucher(row: MoneyVoucherRow, consumerPrefix: string): MoneyVoucher {
  return {
    _id: row.id,
    voucherNo: row.voucherNo,
    consumerNumber: `${consumerPrefix}${row.voucherNo}`,
    studentId: row.studentId,
    rollNo: row.rollNo,
    fullName: row.fullName,
    cnic: row.cnic,
    course: row.course,
    batchId: row.batchId,
    batchName: row.batchName,
    quarter: row.quarter,
    amount: row.feeAmount,
    status: row.status,
    platform: row.timeSlotId ? 'onsite' : 'online',
    centre: row.centre,
    createdAt: row.createdAt.toISOString(),
    dueDate: row.paymentDeadline.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    tranAuthId: row.tranAuthId,
    paymentSource: row.paymentSource,
  };
}

/** Rows read per query of an export: memory stays flat whatever the number of vouchers. */
export const VOUCHER_EXPORT_PAGE_ROWS = 2_000;

const voucherExportColumns: { header: string; value: (row: MoneyVoucher) => string | number | null }[] = [
  { header: 'Consumer number', value: (row) => row.consumerNumber },
  { header: 'Voucher number', value: (row) => row.voucherNo },
  { header: 'Roll number', value: (row) => row.rollNo },
  { header: 'Name', value: (row) => row.fullName },
  { header: 'CNIC', value: (row) => row.cnic },
  { header: 'Course', value: (row) => row.course },
  { header: 'Batch', value: (row) => row.batchName },
  { header: 'Quarter', value: (row) => row.quarter },
  { header: 'Amount', value: (row) => row.amount },
  { header: 'Status', value: (row) => row.status },
  { header: 'Platform', value: (row) => row.platform },
  { header: 'Centre', value: (row) => row.centre },
  { header: 'Issued', value: (row) => row.createdAt },
  { header: 'Due', value: (row) => row.dueDate },
  { header: 'Paid at', value: (row) => row.paidAt },
  { header: 'tran_auth_id', value: (row) => row.tranAuthId },
  { header: 'Payment source', value: (row) => row.paymentSource },
];

async function* allVouchers(
  db: Db,
  consumerPrefix: string,
  filter: MoneyVoucherFilter,
): AsyncGenerator<MoneyVoucher> {
  const rows = keysetRows(
    (after: string | undefined) =>
      pageMoneyVouchersAfter(db, filter, consumerPrefix, after, VOUCHER_EXPORT_PAGE_ROWS),
    (row) => row.id,
    VOUCHER_EXPORT_PAGE_ROWS,
  );
  for await (const row of rows) yield presentMoneyVoucher(row, consumerPrefix);
}

/** A voucher's life, the student's calls and the staff's: see the head of this file. */
export class VouchersService {
  constructor(
    private readonly db: Db,
    /** Kuickpay's prefix, which with a voucher's number makes its consumer number. */
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
    // The answer is read in the transaction: once it has committed, nothing may fail the call (issue 27's
    // fault run: a 503 "nothing was done, try again" after the voucher was made sent the retry to 409).
    const row = await this.db.transaction(async (tx) => {
      await lockStudentRow(tx, student.id);
      await this.#checkQuarter(tx, student, enrolment.id, slot.quarter, current.course);
      await expireOverdue(tx, slot.id);
      if (!(await bookSeat(tx, slot.id))) throw conflict(messages.noSeatsRemaining);
      await setRegistrationPlatform(tx, enrolment.id, true);
      const id = await insertVoucher(tx, {
        studentId: student.id,
        enrolmentId: enrolment.id,
        quarter: slot.quarter,
        timeSlotId: slot.id,
        feeAmount: slot.quarterFee,
        paymentDeadline: deadline(),
      });
      return (await findVoucher(tx, id))!;
    });
    return this.toVoucher(row);
  }

  async generateOnline(
    student: StudentRow,
    data: { studentId: string; quarter: string; batchId: string; courseId: string },
  ): Promise<Voucher> {
    const { current, enrolment } = await this.#registrationFor(student, data);
    const fee = await findOnlineFee(this.db, data.batchId, data.courseId, data.quarter);
    if (fee === undefined) throw notFound(messages.voucherNoFee);
    // Read in the transaction, as for onsite.
    const row = await this.db.transaction(async (tx) => {
      await lockStudentRow(tx, student.id);
      await this.#checkQuarter(tx, student, enrolment.id, data.quarter, current.course);
      await setRegistrationPlatform(tx, enrolment.id, false);
      const id = await insertVoucher(tx, {
        studentId: student.id,
        enrolmentId: enrolment.id,
        quarter: data.quarter,
        timeSlotId: null,
        feeAmount: fee,
        paymentDeadline: deadline(),
      });
      return (await findVoucher(tx, id))!;
    });
    return this.toVoucher(row);
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

  async listVouchersForStaff(
    query: MoneyVoucherFilter & { page: number; pageSize: number },
  ): Promise<{ data: MoneyVoucher[]; total: number }> {
    const { rows, total } = await listMoneyVouchers(this.db, query, this.consumerPrefix, pageWindow(query));
    return { data: rows.map((row) => presentMoneyVoucher(row, this.consumerPrefix)), total };
  }

  /** Every matching voucher as CSV, read in keyset pages as the client takes them. */
  exportVouchersCsv(filter: MoneyVoucherFilter, onError: (error: Error) => void): Readable {
    return csvStream(voucherExportColumns, allVouchers(this.db, this.consumerPrefix, filter), onError);
  }

  /**
   * Records a payment the settlement proves but no notification brought (decision 0026), through the same
   * path as BillPayment: once, under the voucher's lock and the payments' unique key, audited in the same
   * transaction. The amount is the voucher's fee (a settlement row of another amount is an amount mismatch,
   * not something to mark paid).
   */
  async markVoucherPaid(
    actor: Actor,
    voucherId: string,
    body: { tranAuthId: string; paidDate: string; reason: string; bank?: string | undefined },
  ): Promise<MoneyVoucher> {
    const before = await findMoneyVoucher(this.db, voucherId);
    if (!before) throw notFound(messages.voucherNotFound);
    if (body.paidDate > dayOf(new Date())) throw badRequest(messages.voucherPaidInFuture);
    if (body.paidDate < dayOf(before.createdAt)) throw badRequest(messages.voucherPaidBeforeIssue);
    if (before.status === 'PAID') throw conflict(messages.voucherAlreadyPaid);
    if (before.status === 'CANCELLED') throw conflict(messages.voucherCancelledCannotPay);
    if (body.paidDate > dayOf(before.paymentDeadline)) throw conflict(messages.voucherPaidAfterDeadline);
    const bank = body.bank ?? 'STAFF';
    await this.db.transaction(async (tx) => {
      const outcome = await applyPayment(tx, voucherId, {
        key: {
          consumerNumber: `${this.consumerPrefix}${before.voucherNo}`,
          tranAuthId: body.tranAuthId,
          tranDate: body.paidDate.replaceAll('-', ''),
          bankMnemonic: bank,
        },
        tranTime: '000000',
        amountMinor: before.feeAmount * 100,
        source: 'staff',
        lateAllowed: true,
        paidAt: new Date(`${body.paidDate}T00:00:00Z`),
      });
      switch (outcome) {
        case 'paid':
          break;
        case 'unknownVoucher':
          throw notFound(messages.voucherNotFound);
        case 'duplicate':
          throw conflict(messages.voucherPaymentDuplicate);
        case 'alreadyPaid':
          throw conflict(messages.voucherAlreadyPaid);
        case 'cancelled':
          throw conflict(messages.voucherCancelledCannotPay);
        case 'noSeat':
          throw conflict(messages.voucherMarkPaidNoSeat);
        case 'expired':
        case 'wrongAmount':
          // Not reachable from here (late payment is allowed, the amount is the fee); refused all the same.
          throw conflict(messages.voucherAlreadyPaid);
      }
      await audit(tx, actor, {
        action: 'voucher.markPaid',
        subjectId: before.studentId,
        before: { voucherId, voucherNo: before.voucherNo, status: before.status, paidAt: null },
        after: {
          voucherId,
          voucherNo: before.voucherNo,
          status: 'PAID',
          paidDate: body.paidDate,
          tranAuthId: body.tranAuthId,
          bank,
          amount: before.feeAmount,
          reason: body.reason,
        },
      });
    });
    return presentMoneyVoucher((await findMoneyVoucher(this.db, voucherId))!, this.consumerPrefix);
  }

  /** Cancels a student's unpaid voucher on their request, the seat released, as the student's own cancel. */
  async cancelVoucherForStudent(actor: Actor, voucherId: string, reason: string): Promise<MoneyVoucher> {
    const before = await findMoneyVoucher(this.db, voucherId);
    if (!before) throw notFound(messages.voucherNotFound);
    await this.db.transaction(async (tx) => {
      const outcome = await cancelUnpaidVoucher(tx, voucherId);
      if (outcome === 'unknown') throw notFound(messages.voucherNotFound);
      if (outcome === 'paid') throw conflict(messages.voucherPaidCannotCancel);
      if (outcome === 'closed')
        throw conflict(formatMessage(messages.voucherNotCancellable, { state: before.status }));
      await audit(tx, actor, {
        action: 'voucher.cancel',
        subjectId: before.studentId,
        before: { voucherId, voucherNo: before.voucherNo, status: before.status },
        after: {
          voucherId,
          voucherNo: before.voucherNo,
          status: 'CANCELLED',
          reason,
          seatReleased: !!before.timeSlotId,
        },
      });
    });
    return presentMoneyVoucher((await findMoneyVoucher(this.db, voucherId))!, this.consumerPrefix);
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

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}
