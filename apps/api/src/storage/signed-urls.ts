import { createHmac } from 'node:crypto';
import { safeEqual } from '../lib/tokens';

/**
 * How long a URL handed out stays valid at least: the window in which a copied URL (a shared computer's
 * history, a forwarded link) still opens a student's photo or CNIC after logout.
 */
const lifetimeMs = 10 * 60_000;
/** Expiries are rounded up to this step, so a URL stays the same (and cacheable) for a few minutes. */
const stepMs = 5 * 60_000;
/** A lecture video's URL: long enough for a lecture watched with pauses. */
const videoLifetimeMs = 12 * 3_600_000;

/**
 * Short-lived URLs for stored images: an <img> cannot send the bearer token, so the URL itself carries
 * the permission. A URL lives 10 to 15 minutes; the web app fetches fresh ones with the student (getinfo)
 * when a screen showing them opens.
 */
export class UrlSigner {
  constructor(private readonly secret: string) {}

  /** `scope` binds a URL to one staff session; a student's URL has none (and keeps its old signature). */
  #signature(key: string, expires: number, scope: string): string {
    return createHmac('sha256', this.secret)
      .update(`file:${scope}${key}:${expires}`)
      .digest('base64url')
      .slice(0, 32);
  }

  #url(prefix: string, key: string, scope: string, now: number): string {
    const expires = Math.ceil((now + lifetimeMs) / stepMs) * stepMs;
    return `${prefix}/${key}?e=${expires}&s=${this.#signature(key, expires, scope)}`;
  }

  #check(key: string, scope: string, expires: number, signature: string, now: number): number | undefined {
    if (!Number.isSafeInteger(expires) || expires <= now) return undefined;
    if (!safeEqual(signature, this.#signature(key, expires, scope))) return undefined;
    return Math.floor((expires - now) / 1000);
  }

  /**
   * A lecture video's address for a student allowed to watch it (decision 0024). It lives 12 hours, not
   * minutes: the player keeps asking for byte ranges while a long lecture plays and the student seeks.
   */
  videoUrl(videoId: string, now = Date.now()): string {
    const expires = Math.ceil((now + videoLifetimeMs) / stepMs) * stepMs;
    return `/media/videos/${videoId}?e=${expires}&s=${this.#signature(videoId, expires, 'video:')}`;
  }

  checkVideo(videoId: string, expires: number, signature: string, now = Date.now()): number | undefined {
    return this.#check(videoId, 'video:', expires, signature, now);
  }

  url(key: string, now = Date.now()): string {
    return this.#url('/files', key, '', now);
  }

  /** Seconds the URL stays valid, or undefined when it is forged or expired. */
  check(key: string, expires: number, signature: string, now = Date.now()): number | undefined {
    return this.#check(key, '', expires, signature, now);
  }

  /**
   * A URL under the staff cookie's path that opens the image for one staff session only: the guard checks
   * the cookie, and the signature names the session, so a URL copied to another session is refused.
   */
  staffUrl(key: string, sessionId: string, now = Date.now()): string {
    return this.#url('/staffapi/files', key, `staff:${sessionId}:`, now);
  }

  checkStaff(
    key: string,
    sessionId: string,
    expires: number,
    signature: string,
    now = Date.now(),
  ): number | undefined {
    return this.#check(key, `staff:${sessionId}:`, expires, signature, now);
  }
}
