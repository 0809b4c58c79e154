import type { forgotPassword as forgotPasswordCall } from '@portal/shared/calls/accounts';
import { forgotPasswordAddress } from '@portal/shared/calls/addresses';
import { callAt } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';

/** Asks for a reset link; the server answers the same whether or not the address has an account. */
export function forgetPassword(email: string) {
  return callAt<typeof forgotPasswordCall>(forgotPasswordAddress, { email });
}

/** Part of the sign-in page, hence an action rather than a TanStack mutation (lib/use-action). */
export function useForgetPassword() {
  return useAction(forgetPassword);
}
