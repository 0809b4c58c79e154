import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffOkAnswerSchema } from '@portal/shared/schemas/staff';
import { staffPost } from '@/console/lib/staff-client';

/** POST /staffapi/students/:id/onsite: whether the student may choose on-site classes. */
export function setOnsite({ id, allowed }: { id: string; allowed: boolean }) {
  return staffPost(`/staffapi/students/${encodeURIComponent(id)}/onsite`, { allowed }, staffOkAnswerSchema);
}

export function useSetOnsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOnsite,
    onSuccess: (_answer, { id }) => queryClient.invalidateQueries({ queryKey: ['staff', 'student', id] }),
  });
}
