import { useMutation } from '@tanstack/react-query';
import { post } from '@/lib/api-client';
import { endSession, getSession } from '@/lib/session';

export function logout() {
  return post('/studentAuth/logout', { _id: getSession().student?.tokenId });
}

/** Logout clears the stored session only once the server has ended it; on failure the person stays in. */
export function useLogout() {
  return useMutation({ mutationFn: logout, onSuccess: () => endSession('logout') });
}
