import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffInviteAnswerSchema, type StaffInviteRequest } from '@portal/shared/schemas/staff';
import { staffPost } from '@/console/lib/staff-client';

/** POST /staffapi/staff/invite: answers the one-time set-up link for the new person. */
export function inviteStaff(body: StaffInviteRequest) {
  return staffPost('/staffapi/staff/invite', body, staffInviteAnswerSchema);
}

export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteStaff,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'accounts'] }),
  });
}
