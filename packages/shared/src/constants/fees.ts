import type { Quarter } from './courses';

/** Quarter statuses of the payment screen (spec section 4). */
export const QUARTER_STATUSES = ['Paid', 'Voucher Created', 'Pending', 'Locked'] as const;
export type QuarterStatus = (typeof QUARTER_STATUSES)[number];

/** Quarter colours are defined for Q1 to Q6 (spec section 3). */
export const QUARTER_COLOURS: Record<Quarter | 'Q6', string> = {
  Q1: '#0b5394',
  Q2: '#00796b',
  Q3: '#6a1b9a',
  Q4: '#e65100',
  Q5: '#ad1457',
  Q6: '#2e7d32',
};

/** Voucher status on the payment history (spec section 4): PAID if valid and paid, PENDING if valid and unpaid, EXPIRED if not valid. */
export function voucherHistoryStatus(voucher: {
  valid: boolean;
  paid: boolean;
}): 'PAID' | 'PENDING' | 'EXPIRED' {
  if (!voucher.valid) return 'EXPIRED';
  return voucher.paid ? 'PAID' : 'PENDING';
}

/** The voucher QR code (spec section 9): these fields joined with underscores, in this order. */
export function voucherQrText(voucher: {
  studentId: string;
  voucherNumber: string;
  batch: string;
  course: string;
  quarter: string;
  name: string;
  fatherName: string;
  feeAmount: number;
}): string {
  return [
    voucher.studentId,
    voucher.voucherNumber,
    voucher.batch,
    voucher.course,
    voucher.quarter,
    voucher.name,
    voucher.fatherName,
    String(voucher.feeAmount),
  ].join('_');
}

export const VOUCHER_COPIES = ['Head Office Copy', 'Accounts Copy', 'Student Copy'] as const;

/** Days a voucher stays payable after it is generated. */
export const VOUCHER_VALID_DAYS = 7;
