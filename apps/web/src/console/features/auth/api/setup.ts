import { useMutation } from '@tanstack/react-query';
import { staffSetupAnswerSchema } from '@portal/shared/schemas/staff';
import { sha256Hex } from '@/lib/sha256';
import { staffPost } from '@/console/lib/staff-client';

/** POST /staffapi/setup: sets the password and answers the TOTP secret; the link is not spent yet. */
export async function setupAccount({ token, password }: { token: string; password: string }) {
  return staffPost('/staffapi/setup', { token, password: await sha256Hex(password) }, staffSetupAnswerSchema);
}

export function useSetupAccount() {
  return useMutation({ mutationFn: setupAccount });
}
