import type { SessionStudent } from '@portal/shared/schemas/student';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { courseLinksQueryOptions } from '@/lib/course-links';

export function useCourseLinks(student: SessionStudent | null) {
  return useQuery(courseLinksQueryOptions(student));
}

/** The server's 403 to a student without a current course: the spec sends them to /courses. */
export function isNoCourse(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}
