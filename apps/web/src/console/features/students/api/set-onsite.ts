import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setStudentOnsite } from '@portal/shared/calls/admissions';
import { staffCall } from '@/console/lib/staff-client';

/** Whether the student may choose on-site classes. */
export function setOnsite({ id, allowed }: { id: string; allowed: boolean }) {
  return staffCall(setStudentOnsite, { params: { id }, body: { allowed } });
}

export function useSetOnsite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOnsite,
    onSuccess: (_answer, { id }) => queryClient.invalidateQueries({ queryKey: ['staff', 'student', id] }),
  });
}
