import { useMutation } from '@tanstack/react-query';
import type { SignupForm, SignupRequest } from '@portal/shared/schemas/auth';
import { post } from '../../../lib/api-client';
import { sha256Hex } from '../../../lib/sha256';

export async function signup(form: SignupForm) {
  const request: SignupRequest = { ...form, password: await sha256Hex(form.password) };
  return post('/auth/signup', request);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
