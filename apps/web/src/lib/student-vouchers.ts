import { studentVouchers } from '@portal/shared/calls/fees';
import type { Voucher } from '@portal/shared/schemas/fees';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from './call-api';
import { firstFromArrived } from './query-client';

/** Whose vouchers: the student and the roll number, batch and course the call sends. */
export interface VoucherOwner {
  studentId: string;
  rollNo: string;
  batch: string;
  course: string;
}

/**
 * POST /studentapi/studentVoucher: every voucher of the student's course and batch. One query for the fee
 * pages (history, opening a created voucher) and the dashboard's stepper, so a fee mutation refreshes both.
 */
export async function fetchStudentVouchers(
  owner: VoucherOwner,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Voucher[]> {
  return pick(await callApi(studentVouchers, vouchersInput(owner), { signal }));
}

const vouchersInput = (owner: VoucherOwner) => ({
  body: { data: { rollNo: owner.rollNo, batch: owner.batch, course: owner.course } },
});
const pick = (answer: { data: Voucher[] }) => answer.data;

/** The key every student-vouchers query starts with: what a fee mutation invalidates. */
export const studentVouchersKey = ['student-vouchers'] as const;

export function studentVouchersQueryOptions(owner: VoucherOwner) {
  return queryOptions({
    queryKey: [...studentVouchersKey, owner.studentId, owner.course, owner.batch],
    queryFn: ({ signal }) => fetchStudentVouchers(owner, { signal }),
    // Payments arrive from the bank at any time: read them again whenever a screen opens.
    ...firstFromArrived(studentVouchers, vouchersInput(owner), pick),
  });
}

export function useStudentVouchers(owner: VoucherOwner) {
  return useQuery(studentVouchersQueryOptions(owner));
}
