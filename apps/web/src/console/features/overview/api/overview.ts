import { queryOptions, useQuery } from '@tanstack/react-query';
import { overview } from '@portal/shared/calls/admissions';
import { staffCall } from '@/console/lib/staff-client';

/** Students by status, documents awaiting review, registrations by course and batch. */
export function getOverview(signal?: AbortSignal) {
  return staffCall(overview, {}, { signal }).then((answer) => answer.data);
}

export function overviewQueryOptions() {
  return queryOptions({ queryKey: ['staff', 'overview'], queryFn: ({ signal }) => getOverview(signal) });
}

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
