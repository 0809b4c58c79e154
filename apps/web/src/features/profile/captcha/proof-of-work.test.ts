import type { CaptchaChallenge } from '@portal/shared/schemas/profile';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '@/lib/sha256';
import { sha256 } from '@/lib/sha256-fallback';
import { encodePayload, findNumber } from './proof-of-work';

async function challengeFor(number: number, maxnumber = 5_000): Promise<CaptchaChallenge> {
  const salt = 'd3adb33f?expires=1893456000';
  return {
    algorithm: 'SHA-256',
    challenge: await sha256Hex(salt + number),
    maxnumber,
    salt,
    signature: 'sig',
  };
}

function pureHex(text: string) {
  const digest = sha256(new TextEncoder().encode(text));
  return Promise.resolve(Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join(''));
}

describe('proof of work', () => {
  it('finds the number whose SHA-256 of salt + number is the challenge (Web Crypto)', async () => {
    await expect(findNumber(await challengeFor(1234))).resolves.toBe(1234);
  });

  it('finds it with the pure SHA-256 where Web Crypto is missing', async () => {
    await expect(findNumber(await challengeFor(321), { hash: pureHex })).resolves.toBe(321);
  });

  it('reports progress through the range, and null when no number fits', async () => {
    const percents: number[] = [];
    const challenge = { ...(await challengeFor(4_000)), maxnumber: 1_000 };
    await expect(
      findNumber(challenge, { reportEvery: 250, onProgress: (p) => percents.push(p) }),
    ).resolves.toBeNull();
    expect(percents).toEqual([25, 50, 75, 99]);
  });

  it('encodes the solution as base64 JSON of ALTCHA payload fields', async () => {
    const challenge = await challengeFor(7);
    const decoded: unknown = JSON.parse(atob(encodePayload(challenge, 7)));
    expect(decoded).toEqual({
      algorithm: 'SHA-256',
      challenge: challenge.challenge,
      number: 7,
      salt: challenge.salt,
      signature: 'sig',
    });
  });
});
