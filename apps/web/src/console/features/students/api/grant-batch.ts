import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffOkAnswerSchema, type GrantRequest } from '@portal/shared/schemas/staff';
import { staffPost } from '@/console/lib/staff-client';

/** POST /staffapi/students/:id/grants: opens a restricted batch of a course to this student. */
export function grantBatch({ id, ...body }: GrantRequest & { id: string }) {
  return staffPost(`/staffapi/students/${encodeURIComponent(id)}/grants`, body, staffOkAnswerSchema);
}

export function useGrantBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantBatch,
    onSuccess: (_answer, { id }) => queryClient.invalidateQueries({ queryKey: ['staff', 'student', id] }),
  });
}
