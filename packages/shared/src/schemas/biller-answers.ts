import { z } from 'zod';

/*
 * What the Kuickpay biller endpoints answer (API.md "Bill payment"): Kuickpay's own shape, never the
 * portal's envelope. Every field is a string; `response_Code` is always there.
 */

const responseCode = z
  .string()
  .regex(/^0[0-5]$/)
  .describe(
    '00 success, 01 unknown consumer number, 02 blocked or expired, 03 duplicate, 04 invalid data or credentials, 05 failed, try again',
  );

/** POST /billpayment/kuickpay/BillInquiry. The bill's fields are empty strings unless the code is 00. */
export const billInquiryAnswerSchema = z.object({
  response_Code: responseCode,
  consumer_Detail: z.string().optional(),
  bill_status: z.string().describe('U unpaid, P paid, B blocked; empty unless the code is 00').optional(),
  due_date: z.string().optional(),
  amount_within_dueDate: z.string().optional(),
  amount_after_dueDate: z.string().optional(),
  email_address: z.string().optional(),
  contact_number: z.string().optional(),
  billing_month: z.string().optional(),
  date_paid: z.string().optional(),
  amount_paid: z.string().optional(),
  tran_auth_Id: z.string().optional(),
  reserved: z.string().optional(),
});
export type BillInquiryAnswer = z.infer<typeof billInquiryAnswerSchema>;

/** POST /billpayment/kuickpay/BillPayment. */
export const billPaymentAnswerSchema = z.object({
  response_Code: responseCode,
  Identification_parameter: z.string().optional(),
  reserved: z.string().optional(),
});
export type BillPaymentAnswer = z.infer<typeof billPaymentAnswerSchema>;

/** A refused biller call: wrong credentials (401), malformed body, or a failure (05). */
export const billerRefusalSchema = z.object({ response_Code: responseCode });
