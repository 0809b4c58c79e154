import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffStudent } from '@portal/shared/calls/admissions';
import { staffCall } from '@/console/lib/staff-client';

/** The student page: profile, images, registrations, vouchers, results, grants and audit trail. */
export function getStudentDetail(id: string, signal?: AbortSignal) {
  return staffCall(staffStudent, { params: { id } }, { signal }).then((answer) => answer.data);
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
