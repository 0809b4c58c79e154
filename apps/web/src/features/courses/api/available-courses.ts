import { availableCoursesAnswerSchema } from '@portal/shared/schemas/course-answers';
import type { Batch } from '@portal/shared/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api-client';

/** POST /studentapi/getcourse/availableCourses: the open batches, each with its courses and their modes. */
export async function fetchAvailableCourses({ signal }: { signal?: AbortSignal } = {}): Promise<Batch[]> {
  const answer = await post('/studentapi/getcourse/availableCourses', {}, availableCoursesAnswerSchema, {
    signal,
  });
  return answer.data;
}

export const availableCoursesQueryOptions = queryOptions({
  queryKey: ['courses', 'available'],
  queryFn: fetchAvailableCourses,
});

export function useAvailableCourses() {
  return useQuery(availableCoursesQueryOptions);
}
