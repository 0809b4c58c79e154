import { useMutation } from '@tanstack/react-query';
import { staffOkAnswerSchema } from '@portal/shared/schemas/staff';
import { staffPost } from '@/console/lib/staff-client';
import { sessionEnded } from '@/console/lib/staff-session';

/** POST /staffapi/logout: the server ends the session and clears the cookie. */
export async function staffLogout() {
  try {
    await staffPost('/staffapi/logout', {}, staffOkAnswerSchema);
  } finally {
    // Signed out here whatever the answer: a session the server already ended is just as gone.
    sessionEnded('logout');
  }
}

export function useStaffLogout() {
  return useMutation({ mutationFn: staffLogout });
}
