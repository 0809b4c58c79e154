import * as calls from '@portal/shared/calls/courses';
import type { ApplyCourseRequest } from '@portal/shared/schemas/courses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/call-api';
import { studentInfoQueryOptions } from '@/lib/student-info';
import { myCoursesQueryOptions, withRegistration } from './my-courses';

export type ApplyCourse = Omit<ApplyCourseRequest, 'databaseToken'>;

/** 'You have successfully applied in <course>' and the new registration. */
export function applyCourse(request: ApplyCourse) {
  return callApi(calls.applyCourse, { body: request });
}

/**
 * Applying adds (or, for a batch whose registration was cancelled, replaces) a registration, and gives the
 * student a batch, a course and a roll number: the list and the student are read again.
 */
export function useApplyCourse(studentId: string) {
  const queryClient = useQueryClient();
  const myCourses = myCoursesQueryOptions(studentId);
  return useMutation({
    mutationFn: applyCourse,
    onSuccess: async (answer, request) => {
      queryClient.setQueryData(myCourses.queryKey, (list) =>
        withRegistration(list, answer.data, request.courseIndex),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: myCourses.queryKey }),
        // The stored student is refreshed by the getinfo answer (lib/student-info).
        queryClient.invalidateQueries({ queryKey: studentInfoQueryOptions.queryKey, refetchType: 'all' }),
      ]);
    },
  });
}
