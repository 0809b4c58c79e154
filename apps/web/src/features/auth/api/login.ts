import type { LoginForm, LoginRequest } from '@portal/shared/schemas/auth';
import { post } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';
import { sha256Hex } from '../../../lib/sha256';
import { useAction } from '../../../lib/use-action';

/**
 * The login answer's schema brings zod, which is not in the sign-in page's first download: it loads when
 * the person starts filling in the form (see SignInRoute) or, at the latest, with the first attempt.
 */
export function loadLoginAnswerSchema() {
  return import('@portal/shared/schemas/student').then((module) => module.loginAnswerSchema);
}

/** Logs in and saves the session: the student with its token, and the allowed routes (spec section 4). */
export async function login(form: LoginForm) {
  const [password, answerSchema] = await Promise.all([sha256Hex(form.password), loadLoginAnswerSchema()]);
  const request: LoginRequest = { email: form.email.trim(), password };
  const answer = await post('/auth/login', request, answerSchema);
  startSession(answer);
  return answer;
}

export function useLogin() {
  return useAction(login);
}
