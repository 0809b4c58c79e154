import { courseLinks } from '@portal/shared/calls/learning';
import type { CourseLinks } from '@portal/shared/schemas/learning';
import type { SessionStudent } from '@portal/shared/schemas/student';
import { queryOptions } from '@tanstack/react-query';
import { callQueryOptions } from './query-client';

/**
 * The links, textbooks, Text Books / Exam flags and largest paid quarter of the
 * student's course and batch. One query for the shell (sidebar), the learning pages and the lectures (which
 * read only the quarter), so a page asks once.
 */
export function courseLinksQueryOptions(student: SessionStudent | null) {
  return queryOptions({
    // The answer depends on the course and batch of the session's student, and on what is paid.
    queryKey: ['course-links', student?._id, student?.course, student?.batch],
    // Only a student with a course has links; the server refuses the others (403).
    enabled: Boolean(student?.course),
    ...callQueryOptions(courseLinks, { body: {} }, (answer): CourseLinks => answer.data),
  });
}
