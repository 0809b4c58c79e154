/**
 * Passwords travel as the lowercase hex SHA-256 of what was typed (API.md). Web Crypto exists only in
 * secure contexts (https or localhost); elsewhere (a plain-http deployment) the pure implementation of
 * ./sha256-fallback.ts does it, downloaded only there: as soon as this module loads, so that the first
 * sign-in does not wait for it.
 */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = new TextEncoder().encode(text);
  const subtle = globalThis.crypto?.subtle as SubtleCrypto | undefined;
  const digest = subtle
    ? new Uint8Array(await subtle.digest('SHA-256', bytes))
    : (await import('./sha256-fallback')).sha256(bytes);
  return toHex(digest);
}

if (!globalThis.crypto?.subtle) import('./sha256-fallback').catch(() => undefined);

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
