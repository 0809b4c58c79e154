import type { resendVerificationEmail as resendCall } from '@portal/shared/calls/accounts';
import { resendVerificationEmailAddress } from '@portal/shared/calls/addresses';
import { callAt } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';

export function resendVerificationEmail(email: string) {
  return callAt<typeof resendCall>(resendVerificationEmailAddress, { email });
}

/** Also offered on the sign-in page, hence an action rather than a TanStack mutation (lib/use-action). */
export function useResendVerificationEmail() {
  return useAction(resendVerificationEmail);
}
