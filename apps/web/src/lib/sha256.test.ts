import { afterEach, describe, expect, it, vi } from 'vitest';
import { sha256 } from './sha256-fallback';
import { sha256Hex } from './sha256';

// FIPS 180-2 appendix B vectors, an empty input, a two-block input and multi-byte UTF-8.
const vectors: Array<[input: string, digest: string]> = [
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  [
    'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq',
    '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
  ],
  ['پاکستان 🇵🇰', '06ccd9cfa3eabc2acde2cb31dc673ca52f729283184d34db5620064d8e589d7d'],
  ['a'.repeat(55), '9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318'],
  ['a'.repeat(56), 'b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a'],
  ['a'.repeat(64), 'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb'],
  ['a'.repeat(1_000_000), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'],
];
const short = vectors.slice(0, 4);

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sha256Hex with Web Crypto', () => {
  it.each(short)('hashes %j', async (input, digest) => {
    expect(globalThis.crypto.subtle).toBeDefined();
    expect(await sha256Hex(input)).toBe(digest);
  });
});

describe('sha256Hex without Web Crypto (plain http)', () => {
  it.each(short)('hashes %j with the fallback', async (input, digest) => {
    vi.stubGlobal('crypto', {});
    expect(await sha256Hex(input)).toBe(digest);
  });
});

describe('sha256 fallback', () => {
  it.each(vectors.map(([input, digest], index) => ({ index, input, digest })))(
    'matches the known digest of vector $index',
    ({ input, digest }) => {
      expect(hex(sha256(new TextEncoder().encode(input)))).toBe(digest);
    },
  );

  it('agrees with Web Crypto on every length around the block boundaries and on UTF-8', async () => {
    const inputs = [...Array.from({ length: 130 }, (_, n) => 'x'.repeat(n)), 'پاکستان 🇵🇰 ü é'];
    for (const input of inputs) {
      const bytes = new TextEncoder().encode(input);
      const expected = hex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
      expect(hex(sha256(bytes))).toBe(expected);
    }
  });
});
