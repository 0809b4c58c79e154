import { z } from './zod';
import { courseCode, optionalFilter, page, pageSize, uuid } from './staff-fields';
import { CSV_FORMATS, csvHeaderOf } from '../constants/csv-formats';
import { QUARTERS } from '../constants/courses';
import { messages } from '../messages';
import { messageCodeFields } from './envelope';

/*
 * The accounts side of the Staff API (API.md "Accounts"): vouchers, the biller log, reconciliation,
 * mark-paid, cancellation and the collections summary. Used by the routes, the console's forms and fetchers.
 */

/** A calendar day, `YYYY-MM-DD`. */
export const isoDaySchema = z.iso.date();
const reason = z
  .string({ error: messages.moneyReasonRequired })
  .check(z.trim(), z.minLength(3, messages.moneyReasonRequired), z.maxLength(500));

/** A voucher's status as staff and students read it: UNPAID before its deadline is PENDING. */
export const VOUCHER_STATUSES = ['PAID', 'PENDING', 'EXPIRED', 'CANCELLED'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

export const PAYMENT_SOURCES = ['biller', 'staff'] as const;

/** The largest settlement file (about 200,000 rows; API.md: larger is 413). */
export const SETTLEMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The reconciliation's form: the bank's settlement file. */
export const settlementFormSchema = z.object({
  file: z
    .file()
    .check(
      z.describe(
        `CSV, UTF-8, at most ${SETTLEMENT_MAX_BYTES} bytes; header row: ${csvHeaderOf(CSV_FORMATS.settlement)}`,
      ),
    ),
});

// Vouchers

export const moneyVouchersQuerySchema = z
  .object({
    q: optionalFilter(z.string().check(z.trim(), z.maxLength(64))),
    status: optionalFilter(z.enum(VOUCHER_STATUSES)),
    course: optionalFilter(courseCode),
    batchId: optionalFilter(uuid),
    quarter: optionalFilter(z.enum(QUARTERS)),
    /** Issued on or after this day. */
    from: optionalFilter(isoDaySchema),
    /** Issued on or before this day. */
    to: optionalFilter(isoDaySchema),
    format: optionalFilter(z.enum(['json', 'csv'])),
    page,
    pageSize,
  })
  .check(
    z.refine((query) => !query.from || !query.to || query.from <= query.to, {
      message: messages.dateRangeInvalid,
      path: ['to'],
    }),
  );
export type MoneyVouchersQuery = z.input<typeof moneyVouchersQuerySchema>;

export const moneyVoucherSchema = z.object({
  _id: z.string(),
  voucherNo: z.string(),
  consumerNumber: z.string(),
  studentId: z.string(),
  rollNo: z.nullable(z.string()),
  fullName: z.nullable(z.string()),
  cnic: z.string(),
  course: z.string(),
  batchId: z.string(),
  batchName: z.string(),
  quarter: z.string(),
  amount: z.number(),
  status: z.enum(VOUCHER_STATUSES),
  platform: z.enum(['onsite', 'online']),
  centre: z.nullable(z.string()),
  createdAt: z.string(),
  dueDate: z.string(),
  paidAt: z.nullable(z.string()),
  tranAuthId: z.nullable(z.string()),
  paymentSource: z.nullable(z.enum(PAYMENT_SOURCES)),
});
export type MoneyVoucher = z.infer<typeof moneyVoucherSchema>;

export const moneyVouchersAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(moneyVoucherSchema),
  total: z.number().check(z.int()),
});

export const markPaidRequestSchema = z.strictObject({
  tranAuthId: z.string().check(z.trim(), z.regex(/^\d{6}$/, messages.tranAuthIdDigits)),
  paidDate: isoDaySchema,
  reason,
  /** The settlement's bank (an extension of API.md; `STAFF` when not given). */
  bank: z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{1,20}$/, messages.bankMnemonic))),
});
export type MarkPaidRequest = z.input<typeof markPaidRequestSchema>;

export const cancelVoucherRequestSchema = z.strictObject({ reason });
export type CancelVoucherRequest = z.input<typeof cancelVoucherRequestSchema>;

export const moneyOkAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  data: moneyVoucherSchema,
});

// Biller log

export const billerNotificationsQuerySchema = z.object({
  consumerNumber: optionalFilter(
    z.string().check(z.trim(), z.regex(/^\d{1,20}$/, messages.consumerNumberDigits)),
  ),
  page,
  pageSize,
});

export const billerNotificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(['inquiry', 'payment']),
  consumerNumber: z.nullable(z.string()),
  request: z.unknown(),
  responseCode: z.string(),
  response: z.unknown(),
  receivedAt: z.string(),
});
export type BillerNotification = z.infer<typeof billerNotificationSchema>;

export const billerNotificationsAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(billerNotificationSchema),
  total: z.number().check(z.int()),
});

// Reconciliation

export const RECONCILIATION_LISTS = [
  'matched',
  'paidOnlyInSettlement',
  'paidOnlyInPortal',
  'amountMismatch',
  'refused',
] as const;
export type ReconciliationList = (typeof RECONCILIATION_LISTS)[number];

/**
 * One consumer number of a list, with what the settlement and the portal each say. A `refused` row has its
 * cells as the file gives them (each cut at 40 characters) and the reason in `detail`.
 */
export const reconciliationEntrySchema = z.object({
  consumerNumber: z.string(),
  /** The settlement file's line (null for a payment only the portal has). */
  line: z.nullable(z.number().check(z.int())),
  voucherId: z.nullable(z.string()),
  rollNo: z.nullable(z.string()),
  voucherStatus: z.nullable(z.enum(VOUCHER_STATUSES)),
  /** The voucher's fee, rupees. */
  fee: z.nullable(z.number()),
  /** The settlement's amount, rupees. */
  settlementAmount: z.nullable(z.number()),
  /** The amount of the portal's payment, rupees. */
  portalAmount: z.nullable(z.number()),
  tranAuthId: z.nullable(z.string()),
  portalTranAuthId: z.nullable(z.string()),
  /** The settlement's date (or the portal payment's), `YYYY-MM-DD`. */
  tranDate: z.nullable(z.string()),
  bank: z.nullable(z.string()),
  detail: z.string(),
});
export type ReconciliationEntry = z.infer<typeof reconciliationEntrySchema>;

/** How many entries of each list a reconciliation's answer carries; the rest page from the kept report. */
export const RECONCILIATION_FIRST_ROWS = 100;

const listCounts = z.object({
  matched: z.number().check(z.int()),
  paidOnlyInSettlement: z.number().check(z.int()),
  paidOnlyInPortal: z.number().check(z.int()),
  amountMismatch: z.number().check(z.int()),
  refused: z.number().check(z.int()),
});

/**
 * A kept report as the reconciliation answers it: the file's rows, each list's length (`counts`), and the
 * first RECONCILIATION_FIRST_ROWS entries of each list (decision 0039). The whole report downloads as CSV;
 * a list pages through `reconciliationEntries`.
 */
export const reconciliationReportSchema = z.object({
  reportId: z.string(),
  fileName: z.string(),
  createdAt: z.string(),
  rows: z.number().check(z.int()),
  counts: listCounts,
  matched: z.array(reconciliationEntrySchema),
  paidOnlyInSettlement: z.array(reconciliationEntrySchema),
  paidOnlyInPortal: z.array(reconciliationEntrySchema),
  amountMismatch: z.array(reconciliationEntrySchema),
  refused: z.array(reconciliationEntrySchema),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;

export const reconciliationAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  data: reconciliationReportSchema,
});

export const reconciliationReportQuerySchema = z.object({ format: optionalFilter(z.enum(['json', 'csv'])) });

export const reconciliationListParamsSchema = z.object({ id: uuid, list: z.enum(RECONCILIATION_LISTS) });

export const reconciliationListQuerySchema = z.object({ page, pageSize });

/** A page of one list of a kept report, in the list's order, and the list's length. */
export const reconciliationListAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(reconciliationEntrySchema),
  total: z.number().check(z.int()),
});

// Collections

export const SUMMARY_GROUPS = ['course', 'batch', 'quarter'] as const;

export const paymentsSummaryQuerySchema = z
  .object({
    from: isoDaySchema,
    to: isoDaySchema,
    /** One dimension, or (without) every course, batch and quarter. */
    groupBy: optionalFilter(z.enum(SUMMARY_GROUPS)),
  })
  .check(z.refine((query) => query.from <= query.to, { message: messages.dateRangeInvalid, path: ['to'] }));
export type PaymentsSummaryQuery = z.input<typeof paymentsSummaryQuerySchema>;

export const paymentsSummaryRowSchema = z.object({
  course: z.nullable(z.string()),
  batchId: z.nullable(z.string()),
  batchName: z.nullable(z.string()),
  quarter: z.nullable(z.string()),
  count: z.number().check(z.int()),
  amount: z.number(),
});
export type PaymentsSummaryRow = z.infer<typeof paymentsSummaryRowSchema>;

export const paymentsSummaryAnswerSchema = z.object({
  success: z.literal(true),
  data: z.object({
    from: z.string(),
    to: z.string(),
    rows: z.array(paymentsSummaryRowSchema),
    total: z.object({ count: z.number().check(z.int()), amount: z.number() }),
  }),
});
