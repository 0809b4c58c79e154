import { createHash, createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
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
 * argon2 hashes and verifications at a time, in the whole process: one per core. Each works through its
 * 19 MiB on libuv's pool (4 threads), and four at once on two cores made each slower than two do: the raw
 * verifier alone did 78.6 a second four at a time and 82.5 two at a time. With this limit the app's sign-ins
 * went from 69.2–69.8 to 73.1–75.5 a second and their p99 from 214–224 to 132–177 ms, and a built file
 * fetched beside them waited less (decision 0076). The rest wait their turn in arrival order, an unknown
 * address's dummy verification among them, so it still takes as long as a real one.
 */
export const passwordWork = new Semaphore(availableParallelism());

/**
 * Passwords arrive as the hex SHA-256 of what was typed. What is stored is
 * argon2id(HMAC-SHA-256(pepper, that hex)): the pepper lives outside the database.
 */
export class PasswordHasher {
  #dummyHash: Promise<string> | undefined;
  readonly #options;

  /** `cost` applies to new hashes; a stored hash carries its own and verifies whatever `cost` is now. */
  constructor(
    private readonly pepper: string,
    cost: PasswordCost = productionPasswordCost,
  ) {
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
    return passwordWork.run(() => argon2.hash(this.#peppered(clientHash), this.#options));
  }

  verify(stored: string, clientHash: string): Promise<boolean> {
    return passwordWork.run(() => argon2.verify(stored, this.#peppered(clientHash)));
  }

  /** Spends the same time as a real verification, so an unknown e-mail cannot be told apart by timing. */
  async verifyNothing(clientHash: string): Promise<false> {
    this.#dummyHash ??= this.hash('0'.repeat(64));
    const dummy = await this.#dummyHash;
    await passwordWork.run(() => argon2.verify(dummy, this.#peppered(clientHash)));
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
