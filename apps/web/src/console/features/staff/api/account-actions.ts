import {
  changeStaffRole,
  resendStaffInvite,
  resetStaffAuthenticator,
} from '@portal/shared/calls/staff-identity';
import type { StaffRoleRequest } from '@portal/shared/schemas/staff';
import { useRefreshingMutation } from '@/console/lib/refreshing-mutation';
import { staffCall } from '@/console/lib/staff-client';
import { staffAccountsKey } from '@/console/features/staff/api/staff-list';

/*
 * What the admin does to another person's account besides disabling it: each answer changes the list, so
 * each refreshes it.
 */

const useAccountChange = <Input, Answer>(change: (input: Input) => Promise<Answer>) =>
  useRefreshingMutation(change, staffAccountsKey);

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
