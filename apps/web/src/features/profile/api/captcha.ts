import { useMutation } from '@tanstack/react-query';
import { envelopeSchema } from '@portal/shared/schemas/envelope';
import { captchaChallengeSchema } from '@portal/shared/schemas/profile';
import { get, post } from '@/lib/api-client';
import { encodePayload } from '@/features/profile/captcha/proof-of-work';
import { solveChallenge } from '@/features/profile/captcha/solve-challenge';

/** GET /captcha/challenge: a fresh ALTCHA challenge. */
export function fetchCaptchaChallenge({ signal }: { signal?: AbortSignal } = {}) {
  return get('/captcha/challenge', captchaChallengeSchema, { signal });
}

/** POST /captcha/verify: the server accepts a solution once; the profile update then spends it. */
export function verifyCaptcha(payload: string, { signal }: { signal?: AbortSignal } = {}) {
  return post('/captcha/verify', { recaptchaToken: payload }, envelopeSchema, { signal });
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
