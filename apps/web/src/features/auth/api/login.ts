import { useMutation } from '@tanstack/react-query';
import type { LoginForm, LoginRequest } from '@portal/shared/schemas/auth';
import { loginAnswerSchema } from '@portal/shared/schemas/student';
import { post } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { sha256Hex } from '../../../lib/sha256';

export async function login(form: LoginForm) {
  const request: LoginRequest = { email: form.email.trim(), password: await sha256Hex(form.password) };
  return post('/auth/login', request, loginAnswerSchema);
}

/** Logging in stores the student and the allowed routes (spec section 4: "session saved"). */
export function useLogin() {
  return useMutation({ mutationFn: login, onSuccess: startSession });
}
