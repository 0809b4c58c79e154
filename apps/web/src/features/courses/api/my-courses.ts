import type { CourseRegistration } from '@portal/shared/schemas/courses';
import { useQuery } from '@tanstack/react-query';
import { myCoursesQueryOptions } from '@/lib/my-courses';

export { myCoursesQueryOptions } from '@/lib/my-courses';

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
