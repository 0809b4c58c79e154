import { inviteStaff as inviteStaffCall } from '@portal/shared/calls/staff-identity';
import type { StaffInviteRequest } from '@portal/shared/schemas/staff';
import { useRefreshingMutation } from '@/console/lib/refreshing-mutation';
import { staffCall } from '@/console/lib/staff-client';
import { staffAccountsKey } from '@/console/features/staff/api/staff-list';

/** Answers the one-time set-up link for the new person. */
export function inviteStaff(body: StaffInviteRequest) {
  return staffCall(inviteStaffCall, { body });
}

export function useInviteStaff() {
  return useRefreshingMutation(inviteStaff, staffAccountsKey);
}
