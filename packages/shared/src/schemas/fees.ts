import { z } from './zod';
import { QUARTERS } from '../constants/courses';
import { QUARTER_STATUSES } from '../constants/fees';
import { messages } from '../messages';
import { idSchema } from './auth';

const quarter = z.enum(QUARTERS, { error: messages.invalidInput });

/** Where and when a time slot meets, as students and staff read it. */
export const slotPlaceFields = {
  name: z.string(),
  campus: z.string(),
  city: z.string(),
  day: z.string(),
  time: z.string(),
  location: z.string(),
};

/** Time slot (spec section 3): a centre, day and time of a quarter, with its seats and fee. */
export const timeSlotSchema = z.object({
  _id: z.string(),
  ...slotPlaceFields,
  quarter,
  quarterFee: z.number().check(z.int()),
  year: z.number().check(z.int()),
  course: z.string(),
  batch: z.string(),
  totalSeats: z.number().check(z.int()),
  bookedSeats: z.number().check(z.int()),
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
  timeslotId: z.nullable(z.string()),
  feeAmount: z.number().check(z.int()),
  fee_voucher_no: z.string(),
  consumerNumber: z.string(),
  paid: z.boolean(),
  valid: z.boolean(),
  paymentDeadline: z.string(),
  createDate: z.string(),
  paidDate: z.nullable(z.string()),
  /** The payment's transaction id (the bank's tran_auth_id), for the receipt; null until paid. */
  tranAuthId: z.nullable(z.string()),
  centerName: z.nullable(z.string()),
  centerCampus: z.nullable(z.string()),
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
  voucherId: z.optional(z.string()),
});

const token = { databaseToken: z.optional(z.string()) };

export const studentVoucherRequestSchema = z.object({
  data: z.object({
    rollNo: z.string().check(z.maxLength(40)),
    batch: z.string().check(z.maxLength(100)),
    course: z.string().check(z.maxLength(100)),
  }),
  ...token,
});
export const allVouchersRequestSchema = z.object({
  data: z.object({ studentId: idSchema, batchId: idSchema, courseId: idSchema }),
  ...token,
});
export const paidVouchersRequestSchema = z.object({ data: z.object({ studentId: idSchema }), ...token });
export const quarterCheckingRequestSchema = z.object({
  data: z.object({
    batch: z.string().check(z.maxLength(100)),
    cityOfStudy: z.string().check(z.maxLength(100)),
    course: z.string().check(z.maxLength(100)),
    rollNo: z.string().check(z.maxLength(40)),
    currentQuarter: z.optional(z.string().check(z.maxLength(4))),
  }),
  ...token,
});
export const slotsByDataRequestSchema = z.object({
  data: z.object({
    course: z.string().check(z.maxLength(100)),
    batch: z.string().check(z.maxLength(100)),
    cityOfStudy: z.string().check(z.maxLength(100)),
    gender: z.string().check(z.maxLength(10)),
    quarter,
  }),
  ...token,
});
export const slotByIdRequestSchema = z.object({ data: z.object({ timeSlotId: idSchema }), ...token });
export const onsiteVoucherRequestSchema = z.object({
  data: z.object({
    studentId: idSchema,
    timeslotId: idSchema,
    batchName: z.optional(z.string().check(z.maxLength(100))),
    courseName: z.optional(z.string().check(z.maxLength(100))),
    courseId: idSchema,
    batchId: idSchema,
  }),
  ...token,
});
export const onlineVoucherRequestSchema = z.object({
  data: z.object({
    studentId: idSchema,
    batch: z.optional(z.string().check(z.maxLength(100))),
    rollNo: z.optional(z.string().check(z.maxLength(40))),
    course: z.optional(z.string().check(z.maxLength(100))),
    quarter,
    cityOfStudy: z.optional(z.string().check(z.maxLength(100))),
    batchId: idSchema,
    courseId: idSchema,
  }),
  ...token,
});
export const cancelVoucherRequestSchema = z.object({
  studentId: idSchema,
  voucherId: idSchema,
  timeslotId: z.optional(z.nullable(idSchema)),
  ...token,
});
export const branchesRequestSchema = z.object({
  data: z.object({ city: z.string().check(z.maxLength(100)) }),
  ...token,
});

/** Kuickpay biller API (API.md): what the aggregator sends. */
export const billInquirySchema = z.object({
  consumer_number: z.string().check(z.maxLength(40)),
  bank_mnemonic: z._default(z.optional(z.string().check(z.maxLength(40))), ''),
  reserved: z._default(z.optional(z.string().check(z.maxLength(400))), ''),
});
export const billPaymentSchema = z.object({
  consumer_number: z.string().check(z.maxLength(40)),
  tran_auth_id: z.string().check(z.maxLength(40)),
  transaction_amount: z.string().check(z.maxLength(40)),
  tran_date: z.string().check(z.maxLength(40)),
  tran_time: z.string().check(z.maxLength(40)),
  bank_mnemonic: z.string().check(z.maxLength(40)),
  reserved: z._default(z.optional(z.string().check(z.maxLength(400))), ''),
});
/** A BillInquiry and a BillPayment as the biller's rules get them (after the defaults are filled in). */
export type BillInquiry = z.output<typeof billInquirySchema>;
export type BillPayment = z.output<typeof billPaymentSchema>;
