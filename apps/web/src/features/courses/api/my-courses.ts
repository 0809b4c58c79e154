import { myCourses } from '@portal/shared/calls/courses';
import type { CourseRegistration } from '@portal/shared/schemas/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';

/** The student's registrations, in the server's order. */
export async function fetchMyCourses(
  studentId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CourseRegistration[]> {
  const answer = await callApi(myCourses, { body: { studentId } }, { signal });
  return answer.data;
}

export function myCoursesQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: ['courses', 'mine', studentId],
    queryFn: ({ signal }) => fetchMyCourses(studentId, { signal }),
  });
}

export function useMyCourses(studentId: string) {
  return useQuery(myCoursesQueryOptions(studentId));
}

/** The list with `registration` at `index` (the entry it replaces), or added at the end. */
export function withRegistration(
  list: CourseRegistration[] | undefined,
  registration: CourseRegistration,
  index?: number,
): CourseRegistration[] {
  const current = list ?? [];
  const at = index ?? current.findIndex((entry) => entry._id === registration._id);
  if (at < 0 || at >= current.length) return [...current, registration];
  return current.map((entry, position) => (position === at ? registration : entry));
}
