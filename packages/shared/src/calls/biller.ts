import {
  billerRefusalSchema,
  billInquiryAnswerSchema,
  billPaymentAnswerSchema,
} from '../schemas/biller-answers';
import { billInquirySchema, billPaymentSchema } from '../schemas/fees';
import { defineCall } from './call';

/**
 * The Kuickpay biller API (docs/api.md "Kuickpay biller API"): the aggregator asks what a voucher is for and
 * tells of its payment, with its `username` and `password` headers. It answers Kuickpay's own codes, never
 * the portal's envelope.
 */

/** What a consumer number is for: its amount, due date and status. */
export const billInquiry = defineCall({
  method: 'POST',
  path: '/billpayment/kuickpay/BillInquiry',
  body: billInquirySchema,
  answer: billInquiryAnswerSchema,
  refusal: billerRefusalSchema,
  access: 'aggregator',
});

/** A voucher paid at a bank: applied once, whatever the aggregator repeats. */
export const billPayment = defineCall({
  method: 'POST',
  path: '/billpayment/kuickpay/BillPayment',
  body: billPaymentSchema,
  answer: billPaymentAnswerSchema,
  refusal: billerRefusalSchema,
  access: 'aggregator',
});
