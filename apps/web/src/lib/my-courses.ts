import { myCourses } from '@portal/shared/calls/courses';
import type { CourseRegistration } from '@portal/shared/schemas/courses';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { firstFromArrived } from '@/lib/query-client';

/*
 * The student's registrations, one query for the pages that show them (/courses) and the pages that need
 * one of them (/payment: the platform the student applied for).
 */

/** The student's registrations, in the server's order. */
async function fetchMyCourses(
  studentId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<CourseRegistration[]> {
  return pick(await callApi(myCourses, { body: { studentId } }, { signal }));
}

const pick = (answer: { data: CourseRegistration[] }) => answer.data;

export function myCoursesQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: ['courses', 'mine', studentId],
    queryFn: ({ signal }) => fetchMyCourses(studentId, { signal }),
    ...firstFromArrived(myCourses, { body: { studentId } }, pick),
  });
}
