import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffOkAnswerSchema } from '@portal/shared/schemas/staff';
import { staffPost } from '@/console/lib/staff-client';

/** POST /staffapi/staff/:id/disable: the account and its sessions end at once. */
export function disableStaff(id: string) {
  return staffPost(`/staffapi/staff/${encodeURIComponent(id)}/disable`, {}, staffOkAnswerSchema);
}

export function useDisableStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'accounts'] }),
  });
}
