import { generateSecret, generateURI, verify } from 'otplib';

/*
 * TOTP as API.md fixes it (RFC 6238: 6 digits, 30-second steps, SHA-1, what every authenticator app does),
 * through otplib; only the window and the replay rule are ours.
 */

/** A new secret: 20 random bytes, base32, as authenticator apps take it. */
export function newTotpSecret(): string {
  return generateSecret();
}

/** The `otpauth://` address an authenticator app reads from a QR code. */
export function totpUrl(secret: string, issuer: string, label: string): string {
  return generateURI({ issuer, label, secret });
}

/**
 * The time step a code belongs to when it is right now, one step before or one after (a clock a little
 * off), and later than `afterStep` (a code is accepted once); undefined otherwise.
 */
export async function acceptedStep(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | undefined> {
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: 30,
      ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
    });
    // otplib's answer type covers HOTP too; a TOTP match always carries its time step.
    return result.valid && 'timeStep' in result ? result.timeStep : undefined;
  } catch {
    return undefined;
  }
}
