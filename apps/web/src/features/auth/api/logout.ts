import { useMutation } from '@tanstack/react-query';
import type { logout as logoutCall } from '@portal/shared/calls/accounts';
import { logoutAddress } from '@portal/shared/calls/addresses';
import { callAt } from '@/lib/api-client';
import { endSession, getSession } from '@/lib/session';

export function logout() {
  // Offered only in a session; without one the empty id is refused by the server like any bad one.
  return callAt<typeof logoutCall>(logoutAddress, { _id: getSession().student?.tokenId ?? '' });
}

/** Logout clears the stored session only once the server has ended it; on failure the person stays in. */
export function useLogout() {
  return useMutation({ mutationFn: logout, onSuccess: () => endSession('logout') });
}
