import { useMutation } from '@tanstack/react-query';
import { envelopeSchema } from '@portal/shared/schemas/envelope';
import { post } from '../../../lib/api-client';

/** Asks for a reset link; the server answers the same whether or not the address has an account. */
export function forgetPassword(email: string) {
  return post('/forgetpassword', { email }, envelopeSchema);
}

export function useForgetPassword() {
  return useMutation({ mutationFn: forgetPassword });
}
