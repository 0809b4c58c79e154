import { idParamsSchema } from '../schemas/staff';
import {
  billerNotificationsAnswerSchema,
  billerNotificationsQuerySchema,
  cancelVoucherRequestSchema,
  markPaidRequestSchema,
  moneyOkAnswerSchema,
  moneyVouchersAnswerSchema,
  moneyVouchersQuerySchema,
  paymentsSummaryAnswerSchema,
  paymentsSummaryQuerySchema,
  reconciliationAnswerSchema,
  reconciliationListAnswerSchema,
  reconciliationListParamsSchema,
  reconciliationListQuerySchema,
  reconciliationReportQuerySchema,
  settlementFormSchema,
} from '../schemas/staff-money';
import { defineCall } from './call';

/** The accounts desk's calls (docs/api.md "Accounts"): vouchers, the biller's log, reconciliation, totals. */

const accounts = { staff: ['accounts'] } as const;

/** A page of vouchers and the total, filtered; `format=csv` answers every match as a CSV download instead. */
export const staffVouchers = defineCall({
  method: 'GET',
  path: '/staffapi/vouchers',
  query: moneyVouchersQuerySchema,
  answer: moneyVouchersAnswerSchema,
  access: accounts,
});

/** A payment the settlement proves, applied once. */
export const markVoucherPaid = defineCall({
  method: 'POST',
  path: '/staffapi/vouchers/:id/mark-paid',
  params: idParamsSchema,
  body: markPaidRequestSchema,
  answer: moneyOkAnswerSchema,
  access: accounts,
});

/** An unpaid voucher cancelled on the student's request, its seat freed. */
export const cancelStudentVoucher = defineCall({
  method: 'POST',
  path: '/staffapi/vouchers/:id/cancel',
  params: idParamsSchema,
  body: cancelVoucherRequestSchema,
  answer: moneyOkAnswerSchema,
  access: accounts,
});

/** Every inquiry and payment the biller received, newest first. */
export const billerNotifications = defineCall({
  method: 'GET',
  path: '/staffapi/biller/notifications',
  query: billerNotificationsQuerySchema,
  answer: billerNotificationsAnswerSchema,
  access: accounts,
});

/**
 * The bank's settlement file matched against the vouchers; the report is kept, and answered by its counts and
 * the first rows of each list.
 */
export const reconcileSettlement = defineCall({
  method: 'POST',
  path: '/staffapi/reconciliation',
  form: settlementFormSchema,
  answer: reconciliationAnswerSchema,
  access: accounts,
});

/**
 * A kept reconciliation report: its counts and the first entries of each list; `format=csv` answers the whole
 * report as a CSV download.
 */
export const reconciliationReport = defineCall({
  method: 'GET',
  path: '/staffapi/reconciliation/:id',
  params: idParamsSchema,
  query: reconciliationReportQuerySchema,
  answer: reconciliationAnswerSchema,
  access: accounts,
});

/** A page of one list of a kept reconciliation report. */
export const reconciliationListPage = defineCall({
  method: 'GET',
  path: '/staffapi/reconciliation/:id/:list',
  params: reconciliationListParamsSchema,
  query: reconciliationListQuerySchema,
  answer: reconciliationListAnswerSchema,
  access: accounts,
});

/** Counts and amounts collected, grouped, with totals. */
export const paymentsSummary = defineCall({
  method: 'GET',
  path: '/staffapi/payments/summary',
  query: paymentsSummaryQuerySchema,
  answer: paymentsSummaryAnswerSchema,
  access: accounts,
});
