import type { Executor } from '../../db/client';
import {
  bookSeat,
  expireOverdue,
  findPayment,
  insertPayment,
  lockVoucher,
  setVoucherState,
} from './repository';

/** What paying a voucher came to; the biller and the staff each turn it into their own answer. */
export type PaymentOutcome =
  | 'paid'
  | 'unknownVoucher'
  | 'duplicate'
  | 'alreadyPaid'
  | 'cancelled'
  | 'expired'
  | 'wrongAmount'
  | 'noSeat';

export interface PaymentKey {
  consumerNumber: string;
  tranAuthId: string;
  /** `YYYYMMDD` */
  tranDate: string;
  bankMnemonic: string;
}

export interface VoucherPayment {
  key: PaymentKey;
  tranTime: string;
  amountMinor: number;
  source: 'biller' | 'staff';
  /**
   * Staff only (decision 0026): the settlement proves the money came before the deadline even though the
   * notification never did, so an overdue or expired voucher may still be paid; an expired one takes its
   * seat back, if one is free.
   */
  lateAllowed?: boolean;
  /** When the money was paid, if not now. */
  paidAt?: Date;
}

/**
 * Pays a voucher, once: the one path of BillPayment and of staff's mark-paid. Under the voucher's row lock,
 * a payment already recorded with this key, or any payment of a paid voucher, is a duplicate; the payment
 * row (its unique key a backstop) and the voucher's PAID state are written in the caller's transaction.
 */
export async function applyPayment(
  tx: Executor,
  voucherId: string,
  payment: VoucherPayment,
): Promise<PaymentOutcome> {
  // Identical payments arriving together queue here; the first applies, the rest see it.
  const locked = await lockVoucher(tx, voucherId);
  if (!locked) return 'unknownVoucher';
  if (await findPayment(tx, payment.key)) return 'duplicate';
  if (locked.state === 'PAID') return 'alreadyPaid';
  if (locked.state === 'CANCELLED') return 'cancelled';
  const overdue = locked.state === 'EXPIRED' || locked.paymentDeadline.getTime() <= Date.now();
  if (overdue && !payment.lateAllowed) return 'expired';
  if (payment.amountMinor !== locked.feeAmount * 100) return 'wrongAmount';
  if (locked.timeSlotId && overdue) {
    // An overdue voucher may still hold its seat (the sweeper has not run): expire it first, so that the
    // counter is right, then take a seat again like a new booking.
    await expireOverdue(tx, locked.timeSlotId);
    if (!(await bookSeat(tx, locked.timeSlotId))) return 'noSeat';
  }
  const inserted = await insertPayment(tx, {
    voucherId,
    ...payment.key,
    tranTime: payment.tranTime,
    amountMinor: payment.amountMinor,
    source: payment.source,
  });
  if (!inserted) return 'duplicate';
  await setVoucherState(tx, voucherId, 'PAID', payment.paidAt);
  return 'paid';
}
