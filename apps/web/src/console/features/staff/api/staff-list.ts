import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffListAnswerSchema } from '@portal/shared/schemas/staff';
import { staffGet } from '@/console/lib/staff-client';

/** GET /staffapi/staff: every staff account (admin only). */
export function getStaffList(signal?: AbortSignal) {
  return staffGet('/staffapi/staff', staffListAnswerSchema, { signal });
}

export function staffListQueryOptions() {
  return queryOptions({ queryKey: ['staff', 'accounts'], queryFn: ({ signal }) => getStaffList(signal) });
}

export function useStaffList() {
  return useQuery(staffListQueryOptions());
}
