import { myCourses } from '@portal/shared/calls/courses';
import type { CourseRegistration } from '@portal/shared/schemas/courses';
import { queryOptions } from '@tanstack/react-query';
import { callQueryOptions } from '@/lib/query-client';

/*
 * The student's registrations, one query for the pages that show them (/courses) and the pages that need
 * one of them (/payment: the platform the student applied for).
 */

/** The student's registrations, in the server's order. */
export function myCoursesQueryOptions(studentId: string) {
  return queryOptions({
    queryKey: ['courses', 'mine', studentId],
    ...callQueryOptions(myCourses, { body: { studentId } }, (answer): CourseRegistration[] => answer.data),
  });
}
