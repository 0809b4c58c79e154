import type { SessionStudent } from '@portal/shared/schemas/student';
import { useQuery } from '@tanstack/react-query';
import { courseLinksQueryOptions } from '@/lib/course-links';

/**
 * The student's largest paid quarter and whether anything is paid (the section list is asked for that
 * quarter), read from the course links query the shell has already loaded.
 */
export function useCourseQuarter(student: SessionStudent) {
  return useQuery({
    ...courseLinksQueryOptions(student),
    select: (links) => ({ quarter: links.quarter, paid: links.paid }),
  });
}
