import { useMutation } from '@tanstack/react-query';
import { envelopeSchema } from '@portal/shared/schemas/envelope';
import { post } from '../../../lib/api-client';

export function resendVerificationEmail(email: string) {
  return post('/public/resendVerificationEmail', { email }, envelopeSchema);
}

export function useResendVerificationEmail() {
  return useMutation({ mutationFn: resendVerificationEmail });
}
