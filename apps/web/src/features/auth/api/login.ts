import type { LoginForm, LoginRequest } from '@portal/shared/schemas/auth';
import type { login as loginCall } from '@portal/shared/calls/accounts';
import { loginAddress } from '@portal/shared/calls/addresses';
import type { LoginAnswer } from '@portal/shared/schemas/student';
import { callAt, type AnswerSchema } from '@/lib/api-client';
import { startSession } from '@/lib/session';
import { sha256Hex } from '@/lib/sha256';
import { followStudentLanguage, languageInAnswer } from '@/lib/student-language';
import { useAction } from '@/lib/use-action';

/**
 * The login answer's schema brings zod, which is not in the sign-in page's first download: it loads when
 * the person starts filling in the form (see SignInRoute) or, at the latest, with the first attempt.
 */
export function loadLoginAnswerSchema() {
  return import('@portal/shared/schemas/student').then((module) => module.loginAnswerSchema);
}

/**
 * Logs in and saves the session: the student with its token, and the allowed routes (spec section 4). The
 * page then follows the language kept on the account, when the answer has one.
 */
export async function login(form: LoginForm) {
  const [password, answerSchema] = await Promise.all([sha256Hex(form.password), loadLoginAnswerSchema()]);
  const request: LoginRequest = { email: form.email.trim(), password };
  let language: unknown;
  const schema: AnswerSchema<LoginAnswer> = {
    safeParse(data) {
      language = languageInAnswer(data);
      return answerSchema.safeParse(data);
    },
  };
  const answer = await callAt<typeof loginCall>(loginAddress, request, schema);
  startSession(answer);
  followStudentLanguage(answer.studentData._id, language);
  return answer;
}

export function useLogin() {
  return useAction(login);
}
