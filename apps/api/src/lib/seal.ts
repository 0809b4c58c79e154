import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals short secrets at rest (the staff TOTP secrets): AES-256-GCM under a key derived with HKDF from the
 * server's session secret, so a copy of the database alone does not give anyone a second factor. The
 * `purpose` keeps keys for different uses apart.
 */
export class Sealer {
  readonly #key: Buffer;

  constructor(serverSecret: string, purpose: string) {
    this.#key = Buffer.from(hkdfSync('sha256', serverSecret, 'portal-seal-v1', purpose, 32));
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, each base64url; a fresh 96-bit IV every time. */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
  }

  /** The sealed text, or undefined when it was not sealed with this key or was altered. */
  open(sealed: string): string | undefined {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) return undefined;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    } catch {
      return undefined;
    }
  }
}
