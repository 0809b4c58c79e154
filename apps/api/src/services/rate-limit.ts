import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { HttpError } from '../lib/http-error';
import { formatMessage, messages } from '@portal/shared/messages';

export interface Counter {
  count: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

/** Fixed-window counters: in this process, or in Redis so that limits hold across instances. */
export interface RateLimitStore {
  /** One atomic step: adds this attempt and answers the count it makes, so that no two attempts see the same count. */
  increment(key: string, windowMs: number): Promise<Counter>;
  /** Gives one attempt back, within the same window only (never below zero, never a new window). */
  decrement(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Throws when the store cannot be reached (for /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryStore implements RateLimitStore {
  readonly #counters = new Map<string, { count: number; resetAt: number }>();
  readonly #sweeper = setInterval(() => this.#sweep(), 60_000).unref();

  increment(key: string, windowMs: number): Promise<Counter> {
    const now = Date.now();
    let counter = this.#counters.get(key);
    if (!counter || counter.resetAt <= now) {
      counter = { count: 0, resetAt: now + windowMs };
      this.#counters.set(key, counter);
    }
    counter.count += 1;
    return Promise.resolve({ count: counter.count, resetMs: counter.resetAt - now });
  }

  decrement(key: string): Promise<void> {
    const counter = this.#counters.get(key);
    if (counter && counter.resetAt > Date.now() && counter.count > 0) counter.count -= 1;
    return Promise.resolve();
  }

  reset(key: string): Promise<void> {
    this.#counters.delete(key);
    return Promise.resolve();
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    clearInterval(this.#sweeper);
    return Promise.resolve();
  }

  #sweep() {
    const now = Date.now();
    for (const [key, counter] of this.#counters) if (counter.resetAt <= now) this.#counters.delete(key);
  }
}

const incrementScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

// A plain DECR on a key that has just expired would create it again at -1, with no expiry.
const decrementScript = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

export class RedisStore implements RateLimitStore {
  readonly #redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'rl:',
    commandTimeoutMs = 250,
  ) {
    // Fail fast: a command waits at most a quarter second (REDIS_COMMAND_TIMEOUT_MS), and one queued while
    // connecting fails at the first failed reconnection instead of waiting for Redis (a sign-up waited 8.3 s,
    // then answered 500). FallbackStore counts locally meanwhile.
    this.#redis = new Redis(url, {
      maxRetriesPerRequest: 0,
      commandTimeout: commandTimeoutMs,
      lazyConnect: false,
    });
    // Connection errors are reported by the commands that fail (FallbackStore logs them); unheard, ioredis
    // would print each reconnection attempt's error to stderr.
    this.#redis.on('error', () => {});
    this.#redis.defineCommand('rlIncrement', { numberOfKeys: 1, lua: incrementScript });
    this.#redis.defineCommand('rlDecrement', { numberOfKeys: 1, lua: decrementScript });
  }

  async increment(key: string, windowMs: number): Promise<Counter> {
    const [count, ttl] = (await this.#script('rlIncrement')(this.prefix + key, windowMs)) as [number, number];
    return { count, resetMs: ttl };
  }

  async decrement(key: string): Promise<void> {
    await this.#script('rlDecrement')(this.prefix + key);
  }

  #script(name: 'rlIncrement' | 'rlDecrement'): (...args: unknown[]) => Promise<unknown> {
    const commands = this.#redis as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
    return commands[name]!.bind(this.#redis);
  }

  async reset(key: string): Promise<void> {
    await this.#redis.del(this.prefix + key);
  }

  async ping(): Promise<void> {
    await this.#redis.ping();
  }

  async close(): Promise<void> {
    if (this.#redis.status === 'ready') await this.#redis.quit();
    else this.#redis.disconnect();
  }
}

/**
 * Redis, and this process's own counters when Redis cannot be reached (decision 0037): every limit still holds
 * on each instance, none answers 500, and each fall-back is counted (`portal_rate_limit_fallback_total`) and
 * logged. Counts made locally meanwhile are not carried over to Redis when it comes back.
 */
export class FallbackStore implements RateLimitStore {
  readonly #local = new MemoryStore();

  constructor(
    private readonly primary: RateLimitStore,
    private readonly onFallback: (error: Error) => void,
  ) {}

  async #either<T>(work: (store: RateLimitStore) => Promise<T>): Promise<T> {
    try {
      return await work(this.primary);
    } catch (error) {
      this.onFallback(error as Error);
      return work(this.#local);
    }
  }

  increment(key: string, windowMs: number): Promise<Counter> {
    return this.#either((store) => store.increment(key, windowMs));
  }

  decrement(key: string): Promise<void> {
    return this.#either((store) => store.decrement(key));
  }

  reset(key: string): Promise<void> {
    return this.#either((store) => store.reset(key));
  }

  ping(): Promise<void> {
    return this.primary.ping();
  }

  async close(): Promise<void> {
    await Promise.all([this.primary.close(), this.#local.close()]);
  }
}

export interface Limit {
  name: string;
  max: number;
  windowMs: number;
}

const minutes = (n: number) => n * 60_000;

/**
 * The limits, and why each has its key (docs/decisions/0005-rate-limits.md). A shared address (mobile
 * networks put thousands behind one) is never limited on every attempt: by address we count only failed
 * sign-ins, with a high ceiling, so strangers on the same address cannot lock a student out.
 */
export const limits = {
  loginAccountAddress: { name: 'login:acct-addr', max: 10, windowMs: minutes(15) },
  loginAccount: { name: 'login:acct', max: 100, windowMs: minutes(60) },
  loginAddressFailures: { name: 'login:addr-fail', max: 500, windowMs: minutes(15) },
  signupAddress: { name: 'signup:addr', max: 200, windowMs: minutes(15) },
  signupIdentity: { name: 'signup:identity', max: 10, windowMs: minutes(60) },
  resendAccount: { name: 'resend:acct', max: 3, windowMs: minutes(15) },
  resendAddress: { name: 'resend:addr', max: 200, windowMs: minutes(15) },
  forgotAccount: { name: 'forgot:acct', max: 3, windowMs: minutes(15) },
  forgotAddress: { name: 'forgot:addr', max: 200, windowMs: minutes(15) },
  /** Calls carrying images (photo, documents) per student: each image is a decode (modules/students/images.ts). */
  uploadStudent: { name: 'upload:student', max: 10, windowMs: minutes(15) },
  /** Staff sign-in (decision 0019): tighter than students', as a staff account opens every student's data. */
  staffLoginAccountAddress: { name: 'staff-login:acct-addr', max: 5, windowMs: minutes(15) },
  staffLoginAccount: { name: 'staff-login:acct', max: 20, windowMs: minutes(60) },
  staffLoginAddressFailures: { name: 'staff-login:addr-fail', max: 100, windowMs: minutes(15) },
  /** Current passwords tried from a staff session (a session left open must not become a password oracle). */
  staffPasswordAccount: { name: 'staff-password:acct', max: 5, windowMs: minutes(15) },
  /** Codes tried against one set-up link: the token is unguessable, its six-digit code is not. */
  staffSetupToken: { name: 'staff-setup:token', max: 10, windowMs: minutes(15) },
  staffSetupAddress: { name: 'staff-setup:addr', max: 50, windowMs: minutes(15) },
} satisfies Record<string, Limit>;

export type LimitCheck = readonly [limit: Limit, subject: string];

function keyOf([limit, subject]: LimitCheck): string {
  // Subjects are e-mails and addresses: keep them out of the store in clear.
  return `${limit.name}:${createHash('sha256').update(subject).digest('base64url').slice(0, 22)}`;
}

function tooMany(resetMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(resetMs / 1000));
  return new HttpError(
    429,
    formatMessage(messages.tooManyRequests, { minutes: Math.max(1, Math.ceil(seconds / 60)) }),
    {},
    { 'retry-after': String(seconds) },
  );
}

/**
 * Every limit counts an attempt before the work it limits, in one atomic increment that answers the count
 * (decision 0005). Checking first and recording after the password work let a burst of parallel attempts all
 * pass the check before any of them was recorded.
 */
export class RateLimiter {
  constructor(readonly store: RateLimitStore) {}

  /**
   * Counts this attempt against every check and refuses it (429) when any is over its limit. A refused attempt
   * did no work and gives its counts back, so a burst of refusals leaves the counters where the tried
   * attempts put them.
   */
  async consume(checks: readonly LimitCheck[]): Promise<void> {
    const counters = await Promise.all(
      checks.map((check) => this.store.increment(keyOf(check), check[0].windowMs)),
    );
    const over = counters.filter((counter, i) => counter.count > checks[i]![0].max);
    if (over.length === 0) return;
    await this.refund(checks);
    throw tooMany(Math.max(...over.map((counter) => counter.resetMs)));
  }

  /**
   * Gives back attempts that `consume` counted and that turned out not to count: limits that count only
   * failures (sign-in behind a shared address) consume first and refund on success.
   */
  async refund(checks: readonly LimitCheck[]): Promise<void> {
    await Promise.all(checks.map((check) => this.store.decrement(keyOf(check))));
  }

  async clear(checks: readonly LimitCheck[]): Promise<void> {
    await Promise.all(checks.map((check) => this.store.reset(keyOf(check))));
  }
}
