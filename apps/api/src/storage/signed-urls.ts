import { createHmac } from 'node:crypto';
import { safeEqual } from '../lib/tokens';

const hourMs = 3_600_000;

/**
 * Short-lived URLs for stored images: an <img> cannot send the bearer token, so the URL itself carries
 * the permission. The expiry is rounded up to the hour, so a URL stays the same (and cacheable) for a while.
 */
export class UrlSigner {
  constructor(private readonly secret: string) {}

  #signature(key: string, expires: number): string {
    return createHmac('sha256', this.secret)
      .update(`file:${key}:${expires}`)
      .digest('base64url')
      .slice(0, 32);
  }

  url(key: string, now = Date.now()): string {
    const expires = Math.ceil((now + hourMs) / hourMs) * hourMs;
    return `/files/${key}?e=${expires}&s=${this.#signature(key, expires)}`;
  }

  /** Seconds the URL stays valid, or undefined when it is forged or expired. */
  check(key: string, expires: number, signature: string, now = Date.now()): number | undefined {
    if (!Number.isSafeInteger(expires) || expires <= now) return undefined;
    if (!safeEqual(signature, this.#signature(key, expires))) return undefined;
    return Math.floor((expires - now) / 1000);
  }
}
