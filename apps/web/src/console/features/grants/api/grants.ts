import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { batchGrants } from '@portal/shared/calls/grants';
import type { GrantsQuery } from '@portal/shared/schemas/staff-config';
import { staffCall } from '@/console/lib/staff-client';

/** A page of a batch's grants (of a course, when given) and the total. */
export function getGrants(query: GrantsQuery, signal?: AbortSignal) {
  return staffCall(batchGrants, { query }, { signal });
}

export function grantsQueryOptions(query: GrantsQuery) {
  return queryOptions({
    queryKey: ['staff', 'grants', query],
    queryFn: ({ signal }) => getGrants(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useGrants(query: GrantsQuery) {
  return useQuery({ ...grantsQueryOptions(query), enabled: query.batchId !== '' });
}
