import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { PasswordHasher, argon2AtATime, threadpoolSize } from '../src/modules/accounts/passwords';

describe('argon2 at a time', () => {
  it("keeps one of libuv's threads free of argon2, reading the pool's size as libuv does", () => {
    expect([undefined, '8', '0', 'many', '5000'].map(threadpoolSize)).toEqual([4, 8, 1, 1, 1024]);
    expect([4, 8, 2, 1].map(argon2AtATime)).toEqual([3, 7, 1, 1]);
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-config-'));
    expect(loadConfig({ DATA_DIR: dataDir }).argon2AtATime).toBe(3);
    expect(loadConfig({ DATA_DIR: dataDir, UV_THREADPOOL_SIZE: '8' }).argon2AtATime).toBe(7);
  });

  it('runs at most that many hashes at once and queues the rest', async () => {
    const hasher = new PasswordHasher('p'.repeat(32), { memoryKib: 64, passes: 1 }, 2);
    const stored = await hasher.hash('a'.repeat(64));
    const verifications = Array.from({ length: 5 }, (_, index) =>
      hasher.verify(stored, index % 2 ? 'a'.repeat(64) : 'b'.repeat(64)),
    );
    expect([hasher.slots.active, hasher.slots.waiting]).toEqual([2, 3]);
    expect(await Promise.all(verifications)).toEqual([false, true, false, true, false]);
    expect([hasher.slots.active, hasher.slots.waiting]).toEqual([0, 0]);
  });
});
