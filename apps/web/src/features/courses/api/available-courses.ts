import { availableCourses } from '@portal/shared/calls/courses';
import type { Batch } from '@portal/shared/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { firstFromArrived } from '@/lib/query-client';

/** The open batches, each with its courses and their modes. */
export async function fetchAvailableCourses({ signal }: { signal?: AbortSignal } = {}): Promise<Batch[]> {
  return pick(await callApi(availableCourses, { body: {} }, { signal }));
}

const pick = (answer: { data: Batch[] }) => answer.data;

export const availableCoursesQueryOptions = queryOptions({
  queryKey: ['courses', 'available'],
  queryFn: fetchAvailableCourses,
  ...firstFromArrived(availableCourses, { body: {} }, pick),
});

export function useAvailableCourses() {
  return useQuery(availableCoursesQueryOptions);
}
