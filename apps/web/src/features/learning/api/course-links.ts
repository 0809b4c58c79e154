import { courseLinksAnswerSchema, type CourseLinks } from '@portal/shared/schemas/learning';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, post } from '../../../lib/api-client';

/**
 * POST /studentapi/courselinks: the links, textbooks and Text Books / Exam flags of the student's course,
 * batch and largest paid quarter. The shell (sidebar), the dashboard and the textbooks page share one answer.
 */
export async function fetchCourseLinks({ signal }: { signal?: AbortSignal } = {}): Promise<CourseLinks> {
  const answer = await post('/studentapi/courselinks', {}, courseLinksAnswerSchema, { signal });
  return answer.data;
}

export function courseLinksQueryOptions(student: SessionStudent | null) {
  return queryOptions({
    // The answer depends on the course and batch of the session's student, and on what is paid.
    queryKey: ['learning', 'course-links', student?._id, student?.course, student?.batch],
    queryFn: fetchCourseLinks,
    // Only a student admitted to a course has links; the server refuses the others (403).
    enabled: Boolean(student?.course),
    staleTime: 0,
  });
}

export function useCourseLinks(student: SessionStudent | null) {
  return useQuery(courseLinksQueryOptions(student));
}

/** The server's 403 to a student without a current course: the spec sends them to /courses. */
export function isNoCourse(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}
