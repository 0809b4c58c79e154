import { useMutation, useQueryClient } from '@tanstack/react-query';
import { reviewAnswerSchema, type ReviewRequest } from '@portal/shared/schemas/staff';
import { staffPost } from '@/console/lib/staff-client';

/** POST /staffapi/students/:id/review: approve, or reject with the reason the student will read. */
export function reviewStudent({ id, ...body }: ReviewRequest & { id: string }) {
  return staffPost(`/staffapi/students/${encodeURIComponent(id)}/review`, body, reviewAnswerSchema);
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
