import { useMutation } from '@tanstack/react-query';
import { staffSetupConfirm } from '@portal/shared/calls/staff-identity';
import { staffCall } from '@/console/lib/staff-client';

/** The first code from the authenticator app activates the account. */
export function confirmSetup(body: { token: string; code: string }) {
  return staffCall(staffSetupConfirm, { body });
}

export function useConfirmSetup() {
  return useMutation({ mutationFn: confirmSetup });
}
