import { useMutation, useQueryClient } from '@tanstack/react-query';
import { disableStaff as disableStaffCall } from '@portal/shared/calls/staff-identity';
import { staffCall } from '@/console/lib/staff-client';

/** The account and its sessions end at once. */
export function disableStaff(id: string) {
  return staffCall(disableStaffCall, { params: { id } });
}

export function useDisableStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'accounts'] }),
  });
}
