import { queryOptions, useQuery } from '@tanstack/react-query';
import { overviewAnswerSchema } from '@portal/shared/schemas/staff';
import { staffGet } from '@/console/lib/staff-client';

/** GET /staffapi/overview: students by status, documents awaiting review, registrations by course and batch. */
export function getOverview(signal?: AbortSignal) {
  return staffGet('/staffapi/overview', overviewAnswerSchema, { signal }).then((answer) => answer.data);
}

export function overviewQueryOptions() {
  return queryOptions({ queryKey: ['staff', 'overview'], queryFn: ({ signal }) => getOverview(signal) });
}

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
