import { availableCourses } from '@portal/shared/calls/courses';
import type { Batch } from '@portal/shared/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** The open batches, each with its courses and their modes. */
export async function fetchAvailableCourses({ signal }: { signal?: AbortSignal } = {}): Promise<Batch[]> {
  const answer = await callApi(availableCourses, { body: {} }, { signal });
  return answer.data;
}

export const availableCoursesQueryOptions = queryOptions({
  queryKey: ['courses', 'available'],
  queryFn: fetchAvailableCourses,
});

export function useAvailableCourses() {
  return useQuery(availableCoursesQueryOptions);
}
