import { useMutation } from '@tanstack/react-query';
import { staffSetupConfirm } from '@portal/shared/calls/staff-identity';
import { staffCall } from '@/console/lib/staff-client';
import { signedIn } from '@/console/lib/staff-session';

/** The first code from the authenticator app activates the account and signs the person in. */
export async function confirmSetup(body: { token: string; code: string }) {
  const answer = await staffCall(staffSetupConfirm, { body });
  signedIn(answer.staff);
  return answer;
}

export function useConfirmSetup() {
  return useMutation({ mutationFn: confirmSetup });
}
