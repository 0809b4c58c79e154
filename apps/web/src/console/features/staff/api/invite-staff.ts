import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inviteStaff as inviteStaffCall } from '@portal/shared/calls/staff-identity';
import type { StaffInviteRequest } from '@portal/shared/schemas/staff';
import { staffCall } from '@/console/lib/staff-client';

/** Answers the one-time set-up link for the new person. */
export function inviteStaff(body: StaffInviteRequest) {
  return staffCall(inviteStaffCall, { body });
}

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'accounts'] }),
  });
}
