import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random token: 256 bits, base64url (43 characters). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What is stored for a token: its HMAC under a server secret, so a copy of the database alone neither
 * reveals nor lets anyone test tokens.
 */
export function hashToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
