import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as calls from '@portal/shared/calls/catalogue';
import type { CourseCreate, CourseUpdate } from '@portal/shared/schemas/staff-catalogue';
import { staffCall } from '@/console/lib/staff-client';

/** The courses with their names, descriptions and colours. */
export function getCatalogueCourses(signal?: AbortSignal) {
  return staffCall(calls.catalogueCourses, {}, { signal }).then((answer) => answer.data);
}

export function catalogueCoursesQueryOptions() {
  return queryOptions({
    queryKey: ['staff', 'catalogue', 'courses'],
    queryFn: ({ signal }) => getCatalogueCourses(signal),
  });
}

export function useCatalogueCourses() {
  return useQuery(catalogueCoursesQueryOptions());
}

export function saveCourse(
  input: { id: string; body: CourseUpdate } | { id?: undefined; body: CourseCreate },
) {
  // Without an id, a new course (its body has the code); with one, that course's edit.
  return input.id === undefined
    ? staffCall(calls.createCourse, { body: input.body })
    : staffCall(calls.editCourse, { params: { id: input.id }, body: input.body });
}

export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'catalogue', 'courses'] }),
  });
}
