import { disableStaff as disableStaffCall } from '@portal/shared/calls/staff-identity';
import { useRefreshingMutation } from '@/console/lib/refreshing-mutation';
import { staffCall } from '@/console/lib/staff-client';
import { staffAccountsKey } from '@/console/features/staff/api/staff-list';

/** The account and its sessions end at once. */
export function disableStaff(id: string) {
  return staffCall(disableStaffCall, { params: { id } });
}

export function useDisableStaff() {
  return useRefreshingMutation(disableStaff, staffAccountsKey);
}
