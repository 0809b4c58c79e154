import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  courseAnswerSchema,
  coursesAnswerSchema,
  type CourseCreate,
  type CourseUpdate,
} from '@portal/shared/schemas/staff-catalogue';
import { staffGet, staffPost } from '@/console/lib/staff-client';

/** GET /staffapi/catalogue/courses: the courses with their names, descriptions and colours. */
export function getCatalogueCourses(signal?: AbortSignal) {
  return staffGet('/staffapi/catalogue/courses', coursesAnswerSchema, { signal }).then(
    (answer) => answer.data,
  );
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
  return input.id
    ? staffPost(`/staffapi/catalogue/courses/${encodeURIComponent(input.id)}`, input.body, courseAnswerSchema)
    : staffPost('/staffapi/catalogue/courses', input.body, courseAnswerSchema);
}

export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCourse,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'catalogue', 'courses'] }),
  });
}
