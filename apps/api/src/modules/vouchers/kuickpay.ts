import { BILLER_CODES } from '@portal/shared/constants/biller';
import type { BillInquiryAnswer } from '@portal/shared/schemas/biller-answers';
import type { BillInquiry, BillPayment } from '@portal/shared/schemas/fees';
import type { BillerNotification } from '@portal/shared/schemas/staff-money';
import type { Db, Executor } from '../../db/client';
import {
  findPaymentOfVoucher,
  findVoucherByNumber,
  listNotifications,
  recordNotification,
  type VoucherRow,
} from './repository';
import { applyPayment, type PaymentOutcome } from './payments';
import { pageWindow } from '../../lib/paging';
import { storableCopy, storableText } from '../../lib/text';
import { safeEqual } from '../../lib/tokens';

/** Kuickpay response codes (docs/api.md), shared with the console's biller log, which explains them. */
export const codes = BILLER_CODES;

export interface Credentials {
  username: string | undefined;
  password: string | undefined;
}

/** `+` and 13 digits, the last two minor units: Rs. 1,500 is +0000000150000. */
export function signedAmount(rupees: number): string {
  return `+${String(Math.round(rupees * 100)).padStart(13, '0')}`;
}

/** 12 digits without a sign, the last two minor units. */
export function plainAmount(rupees: number): string {
  return String(Math.round(rupees * 100)).padStart(12, '0');
}

/** The name as anyone typing the consumer number sees it: the first name and the second's initial, masked. */
export function maskedName(fullName: string | null): string {
  const words = (fullName ?? '').trim().toUpperCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'STUDENT';
  const [first, second] = words;
  const masked = second ? `${first} ${second[0]}****` : `${first!.slice(0, 1)}****`;
  return masked.slice(0, 30);
}

function yyyymmdd(date: Date): string {
  return date.toISOString().slice(0, 10).replaceAll('-', '');
}

function isRealDate(yyyymmddText: string): boolean {
  if (!/^\d{8}$/.test(yyyymmddText)) return false;
  const iso = `${yyyymmddText.slice(0, 4)}-${yyyymmddText.slice(4, 6)}-${yyyymmddText.slice(6, 8)}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso);
}

/**
 * The biller side of Kuickpay: the aggregator asks what a consumer number owes and reports payments.
 * A payment is applied once, under the voucher's row lock and a unique key on (consumer number,
 * tran_auth_id, date, bank); every call is recorded with its answer, and the staff read that log
 * (`notifications`).
 */
export class KuickpayBiller {
  constructor(
    private readonly db: Db,
    private readonly prefix: string,
    private readonly credentials: Credentials,
  ) {}

  authorised(username: unknown, password: unknown): boolean {
    const { username: expectedUser, password: expectedPassword } = this.credentials;
    if (!expectedUser || !expectedPassword) return false;
    if (typeof username !== 'string' || typeof password !== 'string') return false;
    // Both compared, always, in constant time.
    const userOk = safeEqual(username, expectedUser);
    const passwordOk = safeEqual(password, expectedPassword);
    return userOk && passwordOk;
  }

  async #voucherOf(ex: Executor, consumerNumber: string): Promise<VoucherRow | 'invalid' | undefined> {
    if (!new RegExp(`^${this.prefix}\\d{8}$`).test(consumerNumber))
      return /^\d+$/.test(consumerNumber) ? undefined : 'invalid';
    return findVoucherByNumber(ex, consumerNumber.slice(this.prefix.length));
  }

  async inquiry(body: BillInquiry, receivedAt: Date) {
    const voucher = await this.#voucherOf(this.db, body.consumer_number);
    let answer: BillInquiryAnswer;
    if (voucher === 'invalid') answer = emptyInquiry(codes.invalid, body.reserved);
    else if (!voucher) answer = emptyInquiry(codes.unknownConsumer, body.reserved);
    else {
      const payment = voucher.state === 'PAID' ? await findPaymentOfVoucher(this.db, voucher.id) : undefined;
      const blocked =
        voucher.state === 'CANCELLED' ||
        voucher.state === 'EXPIRED' ||
        (voucher.state === 'UNPAID' && voucher.paymentDeadline.getTime() <= Date.now());
      answer = {
        response_Code: codes.success,
        consumer_Detail: maskedName(voucher.fullName),
        bill_status: voucher.state === 'PAID' ? 'P' : blocked ? 'B' : 'U',
        due_date: yyyymmdd(voucher.paymentDeadline),
        amount_within_dueDate: signedAmount(voucher.feeAmount),
        amount_after_dueDate: signedAmount(voucher.feeAmount),
        email_address: '',
        contact_number: '',
        billing_month: yyyymmdd(voucher.createdAt).slice(2, 6),
        date_paid: voucher.paidAt ? yyyymmdd(voucher.paidAt) : '',
        amount_paid: payment ? String(payment.amountMinor).padStart(12, '0') : '',
        tran_auth_Id: payment?.tranAuthId ?? '',
        reserved: body.reserved,
      };
    }
    await recordNotification(this.db, {
      kind: 'inquiry',
      consumerNumber: body.consumer_number,
      request: body,
      responseCode: answer.response_Code,
      response: answer,
      receivedAt,
    });
    return answer;
  }

  async payment(body: BillPayment, receivedAt: Date) {
    // The payment and the record of its answer commit together: a failure between them would leave a
    // payment the aggregator was told failed (05), or a record of a 00 that never happened.
    return this.db.transaction(async (tx) => {
      const code = await this.#applyPayment(tx, body);
      const answer = {
        response_Code: code,
        Identification_parameter: body.consumer_number,
        reserved: body.reserved,
      };
      await recordNotification(tx, {
        kind: 'payment',
        consumerNumber: body.consumer_number,
        request: body,
        responseCode: code,
        response: answer,
        receivedAt,
      });
      return answer;
    });
  }

  /**
   * A call whose body is not what the contract says (a field missing, too long, not text, or text PostgreSQL
   * cannot store) is answered as Kuickpay answers bad data, 04, and recorded like any other: what can be
   * stored safely of it is (decision 0015).
   */
  async refuseMalformed(kind: 'inquiry' | 'payment', body: unknown, receivedAt: Date) {
    const request = storableCopy(body ?? {});
    const fields = request !== null && typeof request === 'object' && !Array.isArray(request) ? request : {};
    const text = (name: string, maxLength: number) => {
      const value = (fields as Record<string, unknown>)[name];
      return typeof value === 'string' ? storableText(value, maxLength) : '';
    };
    const consumerNumber = text('consumer_number', 40);
    const reserved = text('reserved', 400);
    const answer =
      kind === 'inquiry'
        ? emptyInquiry(codes.invalid, reserved)
        : { response_Code: codes.invalid, Identification_parameter: consumerNumber, reserved };
    await recordNotification(this.db, {
      kind,
      consumerNumber: consumerNumber || null,
      request,
      responseCode: codes.invalid,
      response: answer,
      receivedAt,
    });
    return answer;
  }

  /** The biller log as the console lists it: the recorded calls, newest first, a page at a time. */
  async notifications(query: {
    consumerNumber?: string | undefined;
    page: number;
    pageSize: number;
  }): Promise<{ data: BillerNotification[]; total: number }> {
    const { rows, total } = await listNotifications(this.db, query, pageWindow(query));
    return {
      data: rows.map((row) => ({
        _id: row.id,
        kind: row.kind,
        consumerNumber: row.consumerNumber,
        request: row.request,
        responseCode: row.responseCode,
        response: row.response,
        receivedAt: row.receivedAt.toISOString(),
      })),
      total,
    };
  }

  async #applyPayment(tx: Executor, body: Omit<BillPayment, 'reserved'>): Promise<string> {
    if (
      !/^\d{6}$/.test(body.tran_auth_id) ||
      !/^\d{1,12}$/.test(body.transaction_amount) ||
      !isRealDate(body.tran_date) ||
      !/^([01]\d|2[0-3])[0-5]\d[0-5]\d$/.test(body.tran_time) ||
      !/^[A-Za-z0-9_-]{1,20}$/.test(body.bank_mnemonic)
    ) {
      return codes.invalid;
    }
    const voucher = await this.#voucherOf(tx, body.consumer_number);
    if (voucher === 'invalid') return codes.invalid;
    if (!voucher) return codes.unknownConsumer;
    const key = {
      consumerNumber: body.consumer_number,
      tranAuthId: body.tran_auth_id,
      tranDate: body.tran_date,
      bankMnemonic: body.bank_mnemonic,
    };

    const outcome = await applyPayment(tx, voucher.id, {
      key,
      tranTime: body.tran_time,
      amountMinor: Number(body.transaction_amount),
      source: 'biller',
    });
    return billerCode[outcome];
  }
}

/** BillPayment's answer to each outcome of paying a voucher (API.md "Bill payment"). */
const billerCode: Record<PaymentOutcome, string> = {
  paid: codes.success,
  unknownVoucher: codes.unknownConsumer,
  duplicate: codes.duplicate,
  alreadyPaid: codes.duplicate,
  cancelled: codes.blocked,
  expired: codes.blocked,
  wrongAmount: codes.invalid,
  noSeat: codes.blocked,
};

function emptyInquiry(code: string, reserved: string): BillInquiryAnswer {
  return {
    response_Code: code,
    consumer_Detail: '',
    bill_status: '',
    due_date: '',
    amount_within_dueDate: '',
    amount_after_dueDate: '',
    email_address: '',
    contact_number: '',
    billing_month: '',
    date_paid: '',
    amount_paid: '',
    tran_auth_Id: '',
    reserved,
  };
}
