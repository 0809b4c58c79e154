import { courseLinksAnswerSchema } from '@portal/shared/schemas/learning';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post } from '../../../lib/api-client';

/**
 * The student's largest paid quarter and whether anything is paid, read from the course links call (the
 * section list is asked for that quarter). Only these two fields of the answer are kept.
 */
export async function getCourseQuarter(signal?: AbortSignal) {
  const answer = await post('/studentapi/courselinks', {}, courseLinksAnswerSchema, { signal });
  return { quarter: answer.data.quarter, paid: answer.data.paid };
}

export function courseQuarterQueryOptions() {
  return queryOptions({
    queryKey: ['lectures', 'course-quarter'],
    queryFn: ({ signal }) => getCourseQuarter(signal),
  });
}

export function useCourseQuarter(enabled: boolean) {
  return useQuery({ ...courseQuarterQueryOptions(), enabled });
}
