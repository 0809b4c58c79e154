import * as calls from '@portal/shared/calls/courses';
import type { CancelCourseRequest } from '@portal/shared/schemas/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { studentInfoQueryOptions } from '@/lib/student-info';
import { myCoursesQueryOptions, withRegistration } from './my-courses';

export type CancelCourse = Omit<CancelCourseRequest, 'databaseToken'>;

/** The registration as it is after the cancellation. */
export function cancelCourse(request: CancelCourse) {
  return callApi(calls.cancelCourse, { body: request });
}

/** The cancelled registration replaces its entry at once; the list and the student are read again. */
export function useCancelCourse(studentId: string) {
  const queryClient = useQueryClient();
  const myCourses = myCoursesQueryOptions(studentId);
  return useMutation({
    mutationFn: cancelCourse,
    onSuccess: async (answer, request) => {
      queryClient.setQueryData(myCourses.queryKey, (list) =>
        withRegistration(list, answer.updatedCourse, request.courseIndex),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myCourses.queryKey }),
        queryClient.invalidateQueries({ queryKey: studentInfoQueryOptions.queryKey, refetchType: 'all' }),
      ]);
    },
  });
}
