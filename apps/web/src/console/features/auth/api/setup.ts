import { useMutation } from '@tanstack/react-query';
import { staffSetup } from '@portal/shared/calls/staff-identity';
import { sha256Hex } from '@/lib/sha256';
import { staffCall } from '@/console/lib/staff-client';

/** Sets the password and answers the TOTP secret; the link is not spent yet. */
export async function setupAccount({ token, password }: { token: string; password: string }) {
  return staffCall(staffSetup, { body: { token, password: await sha256Hex(password) } });
}

export function useSetupAccount() {
  return useMutation({ mutationFn: setupAccount });
}
