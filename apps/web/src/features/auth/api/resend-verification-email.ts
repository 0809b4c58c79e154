import { post } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';

export function resendVerificationEmail(email: string) {
  return post('/public/resendVerificationEmail', { email });
}

/** Also offered on the sign-in page, hence an action rather than a TanStack mutation (lib/use-action). */
export function useResendVerificationEmail() {
  return useAction(resendVerificationEmail);
}
