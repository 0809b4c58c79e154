import { createHash, createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import argon2 from 'argon2';
import { Semaphore } from '../../lib/semaphore';

/** How much work one argon2id hash costs: its memory in KiB and its number of passes over it. */
export interface PasswordCost {
  memoryKib: number;
  passes: number;
}

/** OWASP's argon2id parameters, the production default: 19 MiB, 2 passes (1 lane). */
export const productionPasswordCost: PasswordCost = { memoryKib: 19 * 1024, passes: 2 };

/**
 * The size of libuv's threadpool, where argon2, file reads, zlib and DNS look-ups run, from
 * `UV_THREADPOOL_SIZE` as libuv reads it when the pool starts: a whole number, at least 1, at most 1024; 4
 * when unset.
 */
export function threadpoolSize(setting: string | undefined): number {
  if (setting === undefined) return 4;
  const threads = Number.parseInt(setting, 10);
  return Number.isNaN(threads) ? 1 : Math.min(1024, Math.max(1, threads));
}

/**
 * argon2 hashes and verifications at a time: one thread fewer than the pool. libuv's queue is first come,
 * first served, so when sign-ins filled every thread, each file read (the pages' assets), compression and
 * DNS look-up waited behind every sign-in queued before it: with 8 sign-ins in flight a static asset took
 * 190–245 ms instead of 9–11 ms, with 32 about 1.3 s instead of 13 ms, for as many sign-ins a second
 * (bench/README.md, "login"; decision 0059). The sign-ins past the limit wait in the hasher instead.
 */
export function argon2AtATime(threads: number): number {
  return Math.max(1, threads - 1);
}

/**
 * Passwords arrive as the hex SHA-256 of what was typed. What is stored is
 * argon2id(HMAC-SHA-256(pepper, that hex)): the pepper lives outside the database.
 */
export class PasswordHasher {
  #dummyHash: Promise<string> | undefined;
  readonly #options;
  /** The hashes and verifications running, at most `atATime` (the app has one hasher for every account). */
  readonly slots: Semaphore;

  /**
   * `cost` applies to new hashes; a stored hash carries its own and verifies whatever `cost` is now.
   * `atATime`: argon2 operations at once, the rest queued (config.argon2AtATime; 3, for libuv's 4 threads).
   */
  constructor(
    private readonly pepper: string,
    cost: PasswordCost = productionPasswordCost,
    atATime: number = argon2AtATime(threadpoolSize(undefined)),
  ) {
    this.slots = new Semaphore(atATime);
    this.#options = {
      type: argon2.argon2id,
      memoryCost: cost.memoryKib,
      timeCost: cost.passes,
      parallelism: 1,
    } as const;
  }

  #peppered(clientHash: string): Buffer {
    return createHmac('sha256', this.pepper).update(clientHash).digest();
  }

  hash(clientHash: string): Promise<string> {
    const peppered = this.#peppered(clientHash);
    return this.slots.run(() => argon2.hash(peppered, this.#options));
  }

  verify(stored: string, clientHash: string): Promise<boolean> {
    const peppered = this.#peppered(clientHash);
    return this.slots.run(() => argon2.verify(stored, peppered));
  }

  /** Spends the same time as a real verification, so an unknown e-mail cannot be told apart by timing. */
  async verifyNothing(clientHash: string): Promise<false> {
    this.#dummyHash ??= this.hash('0'.repeat(64));
    const dummy = await this.#dummyHash;
    const peppered = this.#peppered(clientHash);
    await this.slots.run(() => argon2.verify(dummy, peppered));
    return false;
  }
}

let commonHashes: Set<string> | undefined;

/**
 * The SHA-256 hex of common passwords (the zxcvbn-ts list of the most used passwords, with their capitalised
 * forms), the form in which the browser sends them. Only those of 8 or more characters matter: the forms
 * refuse shorter ones.
 */
export function isCommonPasswordHash(clientHash: string): boolean {
  commonHashes ??= loadCommonHashes();
  return commonHashes.has(clientHash);
}

function loadCommonHashes(): Set<string> {
  const require = createRequire(import.meta.url);
  const { dictionary } = require('@zxcvbn-ts/language-common') as {
    dictionary: { 'passwords-common': string[] };
  };
  const hashes = new Set<string>();
  for (const password of dictionary['passwords-common']) {
    if (password.length < 8) continue;
    for (const form of new Set([password, password[0]!.toUpperCase() + password.slice(1)])) {
      hashes.add(createHash('sha256').update(form).digest('hex'));
    }
  }
  return hashes;
}
