import { studentVouchers } from '@portal/shared/calls/fees';
import type { Voucher } from '@portal/shared/schemas/fees';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from './query-client';

/** Whose vouchers: the student and the roll number, batch and course the call sends. */
export interface VoucherOwner {
  studentId: string;
  rollNo: string;
  batch: string;
  course: string;
}

/** The key every student-vouchers query starts with: what a fee mutation invalidates. */
export const studentVouchersKey = ['student-vouchers'] as const;

/**
 * POST /studentapi/studentVoucher: every voucher of the student's course and batch. One query for the fee
 * pages (history, opening a created voucher) and the dashboard's stepper, so a fee mutation refreshes both.
 */
export function studentVouchersQueryOptions(owner: VoucherOwner) {
  return queryOptions({
    queryKey: [...studentVouchersKey, owner.studentId, owner.course, owner.batch],
    // Payments arrive from the bank at any time: read them again whenever a screen opens.
    ...callQueryOptions(
      studentVouchers,
      { body: { data: { rollNo: owner.rollNo, batch: owner.batch, course: owner.course } } },
      (answer): Voucher[] => answer.data,
    ),
  });
}

export function useStudentVouchers(owner: VoucherOwner) {
  return useQuery(studentVouchersQueryOptions(owner));
}
