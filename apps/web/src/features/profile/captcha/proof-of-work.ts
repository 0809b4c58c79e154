import type { CaptchaChallenge } from '@portal/shared/schemas/profile';
import { sha256Hex } from '@/lib/sha256';

export type PowChallenge = Pick<CaptchaChallenge, 'challenge' | 'salt' | 'maxnumber'>;

interface SearchOptions {
  /** Lowercase hex SHA-256 of a string; Web Crypto when present, else the pure implementation. */
  hash?: (text: string) => Promise<string>;
  /** Called now and then with the share of the range searched, 0 to 100. */
  onProgress?: (percent: number) => void;
  /** How many numbers to try between two progress reports. */
  reportEvery?: number;
}

/**
 * ALTCHA's proof of work: the number n in [0, maxnumber] whose SHA-256 of `salt + n` is the challenge.
 * The server hid n at random in the range, so on average half of it is searched. Null if none matches.
 */
export async function findNumber(
  { challenge, salt, maxnumber }: PowChallenge,
  { hash = sha256Hex, onProgress, reportEvery = 2000 }: SearchOptions = {},
): Promise<number | null> {
  const wanted = challenge.toLowerCase();
  for (let number = 0; number <= maxnumber; number += 1) {
    if ((await hash(salt + String(number))) === wanted) return number;
    if (onProgress && number % reportEvery === 0 && number > 0) {
      onProgress(Math.min(99, Math.floor((number / Math.max(1, maxnumber)) * 100)));
    }
  }
  return null;
}

/** The solution as the server reads it: base64 of the JSON of ALTCHA's payload. */
export function encodePayload(challenge: CaptchaChallenge, number: number): string {
  const { algorithm, salt, signature } = challenge;
  return btoa(JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature }));
}
