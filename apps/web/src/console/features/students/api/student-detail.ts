import { queryOptions, useQuery } from '@tanstack/react-query';
import { studentDetailAnswerSchema } from '@portal/shared/schemas/staff';
import { staffGet } from '@/console/lib/staff-client';

/** GET /staffapi/students/:id: profile, images, registrations, vouchers, results, grants and audit trail. */
export function getStudentDetail(id: string, signal?: AbortSignal) {
  return staffGet(`/staffapi/students/${encodeURIComponent(id)}`, studentDetailAnswerSchema, { signal }).then(
    (answer) => answer.data,
  );
}

export function studentDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['staff', 'student', id],
    queryFn: ({ signal }) => getStudentDetail(id, signal),
  });
}

export function useStudentDetail(id: string) {
  return useQuery(studentDetailQueryOptions(id));
}
