import { useMutation, useQueryClient } from '@tanstack/react-query';
import { grantStudentBatch } from '@portal/shared/calls/admissions';
import type { GrantRequest } from '@portal/shared/schemas/staff';
import { staffCall } from '@/console/lib/staff-client';

/** Opens a restricted batch of a course to this student. */
export function grantBatch({ id, ...body }: GrantRequest & { id: string }) {
  return staffCall(grantStudentBatch, { params: { id }, body });
}

export function useGrantBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: grantBatch,
    onSuccess: (_answer, { id }) => queryClient.invalidateQueries({ queryKey: ['staff', 'student', id] }),
  });
}
