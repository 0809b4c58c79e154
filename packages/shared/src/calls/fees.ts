import { messageAnswerSchema } from '../schemas/envelope';
import {
  branchesAnswerSchema,
  quarterStatusesAnswerSchema,
  timeSlotAnswerSchema,
  timeSlotsAnswerSchema,
  voucherAnswerSchema,
  vouchersAnswerSchema,
} from '../schemas/fee-answers';
import {
  allVouchersRequestSchema,
  branchesRequestSchema,
  cancelVoucherRequestSchema,
  onlineVoucherRequestSchema,
  onsiteVoucherRequestSchema,
  paidVouchersRequestSchema,
  quarterCheckingRequestSchema,
  slotByIdRequestSchema,
  slotsByDataRequestSchema,
  studentVoucherRequestSchema,
} from '../schemas/fees';
import { quarterStatusesAddress, studentVouchersAddress } from './addresses';
import { defineCall } from './call';

/** The student's fee calls (docs/api.md "Student calls": vouchers, exam centres, payment branches). */

/** Every voucher of the student's course and batch. */
export const studentVouchers = defineCall({
  ...studentVouchersAddress,
  body: studentVoucherRequestSchema,
  answer: vouchersAnswerSchema,
  access: 'student',
});

/** The vouchers of one of the student's enrolments. */
export const enrolmentVouchers = defineCall({
  method: 'POST',
  path: '/studentapi/studentVoucher/all',
  body: allVouchersRequestSchema,
  answer: vouchersAnswerSchema,
  access: 'student',
});

/** The student's paid vouchers. */
export const paidVouchers = defineCall({
  method: 'POST',
  path: '/studentapi/studentVoucher/getpaidvouchers',
  body: paidVouchersRequestSchema,
  answer: vouchersAnswerSchema,
  access: 'student',
});

/** The four quarters' cards: paid, payable, closed. */
export const quarterStatuses = defineCall({
  ...quarterStatusesAddress,
  body: quarterCheckingRequestSchema,
  answer: quarterStatusesAnswerSchema,
  access: 'student',
});

/** The exam centres' time slots open to the student in a quarter. */
export const timeSlots = defineCall({
  method: 'POST',
  path: '/studentapi/getcenterandtime/bydata',
  body: slotsByDataRequestSchema,
  answer: timeSlotsAnswerSchema,
  access: 'student',
});

/** One time slot, with its seats left. */
export const timeSlot = defineCall({
  method: 'POST',
  path: '/studentapi/getcenterandtime/byid',
  body: slotByIdRequestSchema,
  answer: timeSlotAnswerSchema,
  access: 'student',
});

/** A voucher for an onsite quarter: takes a seat in the time slot. */
export const generateOnsiteVoucher = defineCall({
  method: 'POST',
  path: '/studentapi/generatevoucher/onSite',
  body: onsiteVoucherRequestSchema,
  answer: voucherAnswerSchema,
  access: 'student',
});

/** A voucher for an online quarter. */
export const generateOnlineVoucher = defineCall({
  method: 'POST',
  path: '/studentapi/generatevoucher/online',
  body: onlineVoucherRequestSchema,
  answer: voucherAnswerSchema,
  access: 'student',
});

/** Cancels an unpaid voucher (and gives its seat back). */
export const cancelVoucher = defineCall({
  method: 'POST',
  path: '/studentapi/cancelvoucher',
  body: cancelVoucherRequestSchema,
  answer: messageAnswerSchema,
  access: 'student',
});

/** The bank branches of a city where a voucher can be paid. */
export const paymentBranches = defineCall({
  method: 'POST',
  path: '/studentapi/paymentbranches',
  body: branchesRequestSchema,
  answer: branchesAnswerSchema,
  access: 'student',
});
