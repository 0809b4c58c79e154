import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  changeStaffRole,
  resendStaffInvite,
  resetStaffAuthenticator,
} from '@portal/shared/calls/staff-identity';
import type { StaffRoleRequest } from '@portal/shared/schemas/staff';
import { staffCall } from '@/console/lib/staff-client';

/*
 * What the admin does to another person's account besides disabling it: each answer changes the list, so
 * each refreshes it.
 */

function useAccountChange<Input, Answer>(mutationFn: (input: Input) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['staff', 'accounts'] }),
  });
}

/** Another person's role; it holds from their next call. */
export function useChangeStaffRole() {
  return useAccountChange(({ id, role }: { id: string } & StaffRoleRequest) =>
    staffCall(changeStaffRole, { params: { id }, body: { role } }),
  );
}

/** A fresh set-up link for an invited person, e-mailed and answered. */
export function useResendStaffInvite() {
  return useAccountChange((id: string) => staffCall(resendStaffInvite, { params: { id } }));
}

/** A lost authenticator: the account waits for a new set-up from a fresh link, e-mailed and answered. */
export function useResetStaffAuthenticator() {
  return useAccountChange((id: string) => staffCall(resetStaffAuthenticator, { params: { id } }));
}
