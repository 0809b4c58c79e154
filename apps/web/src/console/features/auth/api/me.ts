import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffAnswerSchema } from '@portal/shared/schemas/staff';
import { staffGet } from '@/console/lib/staff-client';

/** GET /staffapi/me: who the cookie's session belongs to (401 when there is none). */
export function getMe(signal?: AbortSignal) {
  return staffGet('/staffapi/me', staffAnswerSchema, { signal });
}

export function meQueryOptions() {
  return queryOptions({ queryKey: ['staff', 'me'], queryFn: ({ signal }) => getMe(signal), retry: false });
}

export function useMe(enabled: boolean) {
  return useQuery({ ...meQueryOptions(), enabled });
}
