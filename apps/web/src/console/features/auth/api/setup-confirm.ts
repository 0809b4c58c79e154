import { useMutation } from '@tanstack/react-query';
import { staffOkAnswerSchema } from '@portal/shared/schemas/staff';
import { staffPost } from '@/console/lib/staff-client';

/** POST /staffapi/setup/confirm: the first code from the authenticator app activates the account. */
export function confirmSetup(body: { token: string; code: string }) {
  return staffPost('/staffapi/setup/confirm', body, staffOkAnswerSchema);
}

export function useConfirmSetup() {
  return useMutation({ mutationFn: confirmSetup });
}
