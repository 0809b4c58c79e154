import { useMutation } from '@tanstack/react-query';
import { staffLogout as staffLogoutCall } from '@portal/shared/calls/staff-identity';
import { staffCall } from '@/console/lib/staff-client';
import { sessionEnded } from '@/console/lib/staff-session';

/** Signs out: the server ends the session and clears the cookie. */
export async function staffLogout() {
  try {
    await staffCall(staffLogoutCall, {});
  } finally {
    // Signed out here whatever the answer: a session the server already ended is just as gone.
    sessionEnded('logout');
  }
}

export function useStaffLogout() {
  return useMutation({ mutationFn: staffLogout });
}
