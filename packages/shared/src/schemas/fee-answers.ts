import { z } from './zod';
import { QUARTERS } from '../constants/courses';
import { envelopeSchema } from './envelope';
import { paymentBranchSchema, quarterCardSchema, timeSlotSchema, voucherSchema } from './fees';

/** POST /studentapi/getcenterandtime/forquarterchecking: the status of each quarter card. */
export const quarterStatusesAnswerSchema = z.extend(envelopeSchema, { data: z.array(quarterCardSchema) });
export type QuarterStatusesAnswer = z.infer<typeof quarterStatusesAnswerSchema>;
export type QuarterCard = z.infer<typeof quarterCardSchema>;

/** POST /studentapi/getcenterandtime/bydata: the quarter's time slots. */
export const timeSlotsAnswerSchema = z.extend(envelopeSchema, { data: z.array(timeSlotSchema) });
export type TimeSlotsAnswer = z.infer<typeof timeSlotsAnswerSchema>;

/** POST /studentapi/getcenterandtime/byid: one slot with its current seats. */
export const timeSlotAnswerSchema = z.extend(envelopeSchema, { data: timeSlotSchema });
export type TimeSlotAnswer = z.infer<typeof timeSlotAnswerSchema>;

/** POST /studentapi/generatevoucher/onSite and /online: the new voucher. */
export const voucherAnswerSchema = z.extend(envelopeSchema, { data: voucherSchema });
export type VoucherAnswer = z.infer<typeof voucherAnswerSchema>;

/** POST /studentapi/studentVoucher and /studentVoucher/getpaidvouchers: the student's vouchers. */
export const vouchersAnswerSchema = z.extend(envelopeSchema, { data: z.array(voucherSchema) });
export type VouchersAnswer = z.infer<typeof vouchersAnswerSchema>;

/** POST /studentapi/paymentbranches: the bank branches of a city. */
export const branchesAnswerSchema = z.extend(envelopeSchema, { data: z.array(paymentBranchSchema) });
export type BranchesAnswer = z.infer<typeof branchesAnswerSchema>;

/** The navigation state of /payment-voucher (spec section 2). */
export const voucherViewStateSchema = z.object({ voucher: voucherSchema, quarter: z.enum(QUARTERS) });
export type VoucherViewState = z.infer<typeof voucherViewStateSchema>;
