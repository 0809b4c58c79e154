import { useMutation } from '@tanstack/react-query';
import { captchaChallenge, captchaVerify } from '@portal/shared/calls/profile';
import { callApi } from '@/lib/call-api';
import { encodePayload } from '@/features/profile/captcha/proof-of-work';
import { solveChallenge } from '@/features/profile/captcha/solve-challenge';

/** A fresh ALTCHA challenge. */
export function fetchCaptchaChallenge({ signal }: { signal?: AbortSignal } = {}) {
  return callApi(captchaChallenge, {}, { signal });
}

/** The server accepts a solution once; the profile update then spends it. */
export function verifyCaptcha(payload: string, { signal }: { signal?: AbortSignal } = {}) {
  return callApi(captchaVerify, { body: { recaptchaToken: payload } }, { signal });
}

/** Fetches a challenge, solves it in a worker and has the server verify it; returns the payload. */
export async function solveCaptcha({
  onProgress,
  signal,
}: {
  onProgress: (percent: number) => void;
  signal: AbortSignal;
}): Promise<string> {
  const challenge = await fetchCaptchaChallenge({ signal });
  const number = await solveChallenge(challenge, { onProgress, signal });
  const payload = encodePayload(challenge, number);
  await verifyCaptcha(payload, { signal });
  return payload;
}

export function useSolveCaptcha() {
  return useMutation({ mutationFn: solveCaptcha });
}
