import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffMe } from '@portal/shared/calls/staff-identity';
import { staffCall } from '@/console/lib/staff-client';

/** Who the cookie's session belongs to (401 when there is none). */
export function getMe(signal?: AbortSignal) {
  return staffCall(staffMe, {}, { signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ['staff', 'me'], queryFn: ({ signal }) => getMe(signal), retry: false });
}

export function useMe(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled });
}
