import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewStudent as reviewStudentCall } from '@portal/shared/calls/admissions';
import type { ReviewRequest } from '@portal/shared/schemas/staff';
import { staffCall } from '@/console/lib/staff-client';

/** Approve, or reject with the reason the student will read. */
export function reviewStudent({ id, ...body }: ReviewRequest & { id: string }) {
  return staffCall(reviewStudentCall, { params: { id }, body });
}

export function useReviewStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewStudent,
    onSuccess: (_answer, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['staff', 'overview'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'students'] }),
        queryClient.invalidateQueries({ queryKey: ['staff', 'student', id] }),
      ]),
  });
}
