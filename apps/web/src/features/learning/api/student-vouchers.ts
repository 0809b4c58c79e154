import { vouchersAnswerSchema } from '@portal/shared/schemas/fee-answers';
import type { Voucher } from '@portal/shared/schemas/fees';
import { useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client';
import type { LearnerFields } from './learner';

/** POST /studentapi/studentVoucher: every voucher of the student's course and batch (the dashboard's stepper). */
export async function fetchStudentVouchers(
  fields: LearnerFields,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Voucher[]> {
  const answer = await post(
    '/studentapi/studentVoucher',
    { data: { rollNo: fields.rollNo, batch: fields.batch, course: fields.course } },
    vouchersAnswerSchema,
    { signal },
  );
  return answer.data;
}

export function useStudentVouchers(fields: LearnerFields) {
  return useQuery({
    queryKey: ['learning', 'vouchers', fields.studentId, fields.course, fields.batch],
    queryFn: ({ signal }) => fetchStudentVouchers(fields, { signal }),
    // Payments arrive from the bank at any time: read them again whenever the dashboard opens.
    staleTime: 0,
  });
}
