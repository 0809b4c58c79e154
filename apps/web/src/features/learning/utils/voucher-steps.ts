import { QUARTERS, type Quarter } from '@portal/shared/constants/courses';
import type { Voucher } from '@portal/shared/schemas/fees';

export type VoucherStep =
  | { kind: 'paid'; id: string; quarter: Quarter; paidDate: string | null }
  | { kind: 'unpaid'; id: string; quarter: Quarter };

/**
 * The dashboard's voucher stepper (spec section 4): each paid voucher in quarter order, then, when the
 * student's last voucher is unpaid, a final "generated but not paid" step. Cancelled and expired vouchers
 * (not valid) are not the last voucher: a student who let one lapse has nothing waiting to be paid.
 */
export function voucherSteps(vouchers: readonly Voucher[]): VoucherStep[] {
  const steps: VoucherStep[] = vouchers
    .filter((voucher) => voucher.paid)
    .sort((a, b) => QUARTERS.indexOf(a.quarter) - QUARTERS.indexOf(b.quarter))
    .map((voucher) => ({
      kind: 'paid',
      id: voucher._id,
      quarter: voucher.quarter,
      paidDate: voucher.paidDate,
    }));

  const last = vouchers
    .filter((voucher) => voucher.valid)
    .reduce<Voucher | null>(
      (latest, voucher) => (!latest || time(voucher.createDate) > time(latest.createDate) ? voucher : latest),
      null,
    );
  if (last && !last.paid) steps.push({ kind: 'unpaid', id: last._id, quarter: last.quarter });
  return steps;
}

function time(value: string): number {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? 0 : ms;
}
