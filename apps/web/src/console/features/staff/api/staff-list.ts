import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffAccounts } from '@portal/shared/calls/staff-identity';
import { staffCall } from '@/console/lib/staff-client';

/** Every staff account (admin only). */
export function getStaffList(signal?: AbortSignal) {
  return staffCall(staffAccounts, {}, { signal });
}

/** The staff accounts' list: every change to an account refreshes it. */
export const staffAccountsKey = ['staff', 'accounts'];

export function staffListQueryOptions() {
  return queryOptions({ queryKey: staffAccountsKey, queryFn: ({ signal }) => getStaffList(signal) });
}

export function useStaffList() {
  return useQuery(staffListQueryOptions());
}
