import { availableCourses } from '@portal/shared/calls/courses';
import type { Batch } from '@portal/shared/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/query-client';

/** The open batches, each with its courses and their modes. */
export const availableCoursesQueryOptions = queryOptions({
  queryKey: ['courses', 'available'],
  ...callQueryOptions(availableCourses, { body: {} }, (answer): Batch[] => answer.data),
});

export function useAvailableCourses() {
  return useQuery(availableCoursesQueryOptions);
}
