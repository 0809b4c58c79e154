import { post } from '@/lib/api-client';
import { useAction } from '@/lib/use-action';

/** Asks for a reset link; the server answers the same whether or not the address has an account. */
export function forgetPassword(email: string) {
  return post('/forgetpassword', { email });
}

/** Part of the sign-in page, hence an action rather than a TanStack mutation (lib/use-action). */
export function useForgetPassword() {
  return useAction(forgetPassword);
}
