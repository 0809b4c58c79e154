import { useMutation } from '@tanstack/react-query';
import type { SignupForm, SignupRequest } from '@portal/shared/schemas/auth';
import type { Locale } from '@portal/shared/i18n';
import { signup as signupCall } from '@portal/shared/calls/accounts';
import { callApi } from '@/lib/call-api';
import { i18n } from '@/lib/i18n';
import { sha256Hex } from '@/lib/sha256';

/** The new account keeps the language the page is shown in: its e-mails (verification first) go in it. */
export async function signup(form: SignupForm) {
  const request: SignupRequest & { language: Locale } = {
    ...form,
    password: await sha256Hex(form.password),
    language: i18n.locale as Locale,
  };
  return callApi(signupCall, { body: request });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
