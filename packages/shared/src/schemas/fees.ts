import { z } from 'zod';
import { QUARTERS } from '../constants/courses';
import { QUARTER_STATUSES } from '../constants/fees';
import { messages } from '../messages';
import { idSchema } from './auth';

const quarter = z.enum(QUARTERS, { error: messages.invalidInput });

/** Time slot (spec section 3): a centre, day and time of a quarter, with its seats and fee. */
export const timeSlotSchema = z.object({
  _id: z.string(),
  name: z.string(),
  campus: z.string(),
  city: z.string(),
  day: z.string(),
  time: z.string(),
  location: z.string(),
  quarter,
  quarterFee: z.number().int(),
  year: z.number().int(),
  course: z.string(),
  batch: z.string(),
  totalSeats: z.number().int(),
  bookedSeats: z.number().int(),
});
export type TimeSlot = z.infer<typeof timeSlotSchema>;

/** Voucher (spec section 3) plus consumerNumber (API.md). */
export const voucherSchema = z.object({
  _id: z.string(),
  quarter,
  course: z.string(),
  batch: z.string(),
  rollNo: z.string(),
  studentId: z.string(),
  timeslotId: z.string().nullable(),
  feeAmount: z.number().int(),
  fee_voucher_no: z.string(),
  consumerNumber: z.string(),
  paid: z.boolean(),
  valid: z.boolean(),
  paymentDeadline: z.string(),
  createDate: z.string(),
  paidDate: z.string().nullable(),
  /** The payment's transaction id (the bank's tran_auth_id), for the receipt; null until paid. */
  tranAuthId: z.string().nullable(),
  centerName: z.string().nullable(),
  centerCampus: z.string().nullable(),
  distanceLearning: z.boolean(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const paymentBranchSchema = z.object({
  branchName: z.string(),
  contactNo: z.string(),
  branchAddress: z.string(),
  city: z.string(),
  location: z.string(),
});
export type PaymentBranch = z.infer<typeof paymentBranchSchema>;

export const quarterCardSchema = z.object({
  quarter,
  status: z.enum(QUARTER_STATUSES),
  voucherId: z.string().optional(),
});

const token = { databaseToken: z.string().optional() };

export const studentVoucherRequestSchema = z.object({
  data: z.object({ rollNo: z.string().max(40), batch: z.string().max(100), course: z.string().max(100) }),
  ...token,
});
export const allVouchersRequestSchema = z.object({
  data: z.object({ studentId: idSchema, batchId: idSchema, courseId: idSchema }),
  ...token,
});
export const paidVouchersRequestSchema = z.object({ data: z.object({ studentId: idSchema }), ...token });
export const quarterCheckingRequestSchema = z.object({
  data: z.object({
    batch: z.string().max(100),
    cityOfStudy: z.string().max(100),
    course: z.string().max(100),
    rollNo: z.string().max(40),
    currentQuarter: z.string().max(4).optional(),
  }),
  ...token,
});
export const slotsByDataRequestSchema = z.object({
  data: z.object({
    course: z.string().max(100),
    batch: z.string().max(100),
    cityOfStudy: z.string().max(100),
    gender: z.string().max(10),
    quarter,
  }),
  ...token,
});
export const slotByIdRequestSchema = z.object({ data: z.object({ timeSlotId: idSchema }), ...token });
export const onsiteVoucherRequestSchema = z.object({
  data: z.object({
    studentId: idSchema,
    timeslotId: idSchema,
    batchName: z.string().max(100).optional(),
    courseName: z.string().max(100).optional(),
    courseId: idSchema,
    batchId: idSchema,
  }),
  ...token,
});
export const onlineVoucherRequestSchema = z.object({
  data: z.object({
    studentId: idSchema,
    batch: z.string().max(100).optional(),
    rollNo: z.string().max(40).optional(),
    course: z.string().max(100).optional(),
    quarter,
    cityOfStudy: z.string().max(100).optional(),
    batchId: idSchema,
    courseId: idSchema,
  }),
  ...token,
});
export const cancelVoucherRequestSchema = z.object({
  studentId: idSchema,
  voucherId: idSchema,
  timeslotId: idSchema.nullable().optional(),
  ...token,
});
export const branchesRequestSchema = z.object({ data: z.object({ city: z.string().max(100) }), ...token });

/** Kuickpay biller API (API.md): what the aggregator sends. */
export const billInquirySchema = z.object({
  consumer_number: z.string().max(40),
  bank_mnemonic: z.string().max(40).optional().default(''),
  reserved: z.string().max(400).optional().default(''),
});
export const billPaymentSchema = z.object({
  consumer_number: z.string().max(40),
  tran_auth_id: z.string().max(40),
  transaction_amount: z.string().max(40),
  tran_date: z.string().max(40),
  tran_time: z.string().max(40),
  bank_mnemonic: z.string().max(40),
  reserved: z.string().max(400).optional().default(''),
});
