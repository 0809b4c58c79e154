import { z } from './zod';

/*
 * What the Kuickpay biller endpoints answer (API.md "Bill payment"): Kuickpay's own shape, never the
 * portal's envelope. Every field is a string; `response_Code` is always there.
 */

const responseCode = z
  .string()
  .check(
    z.regex(/^0[0-5]$/),
    z.describe(
      '00 success, 01 unknown consumer number, 02 blocked or expired, 03 duplicate, 04 invalid data or credentials, 05 failed, try again',
    ),
  );

/** POST /billpayment/kuickpay/BillInquiry. The bill's fields are empty strings unless the code is 00. */
export const billInquiryAnswerSchema = z.object({
  response_Code: responseCode,
  consumer_Detail: z.optional(z.string()),
  bill_status: z.optional(
    z.string().check(z.describe('U unpaid, P paid, B blocked; empty unless the code is 00')),
  ),
  due_date: z.optional(z.string()),
  amount_within_dueDate: z.optional(z.string()),
  amount_after_dueDate: z.optional(z.string()),
  email_address: z.optional(z.string()),
  contact_number: z.optional(z.string()),
  billing_month: z.optional(z.string()),
  date_paid: z.optional(z.string()),
  amount_paid: z.optional(z.string()),
  tran_auth_Id: z.optional(z.string()),
  reserved: z.optional(z.string()),
});
export type BillInquiryAnswer = z.infer<typeof billInquiryAnswerSchema>;

/** POST /billpayment/kuickpay/BillPayment. */
export const billPaymentAnswerSchema = z.object({
  response_Code: responseCode,
  Identification_parameter: z.optional(z.string()),
  reserved: z.optional(z.string()),
});
export type BillPaymentAnswer = z.infer<typeof billPaymentAnswerSchema>;

/** A refused biller call: wrong credentials (401), malformed body, or a failure (05). */
export const billerRefusalSchema = z.object({ response_Code: responseCode });
