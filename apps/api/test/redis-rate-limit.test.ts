import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limits, RateLimiter, RedisStore } from '../src/services/rate-limit';
import { createTestApp, post, sha256, signedInStudent, type TestApp } from './helpers';

// Runs where a Redis server is given (CI sets TEST_REDIS_URL to the one on 127.0.0.1:6379).
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: redisUrl! });
    // A second instance on its own database but the same Redis: the limits are one.
    b = await createTestApp({ REDIS_URL: redisUrl! });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('counts failed sign-ins on both instances against one limit', async () => {
    const student = await signedInStudent(a.app);
    const address = '10.123.0.1';
    for (let i = 0; i < limits.loginAccountAddress.max; i++) {
      const instance = i % 2 === 0 ? a : b;
      await post(
        instance.app,
        '/auth/login',
        { email: student.email, password: sha256(`guess ${i}`) },
        undefined,
        address,
      );
    }
    const limited = await post(
      a.app,
      '/auth/login',
      { email: student.email, password: sha256(student.password) },
      undefined,
      address,
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('expires a window', async () => {
    const limiter = new RateLimiter(new RedisStore(redisUrl!, `rl-test-${Date.now()}:`));
    try {
      const limit = { name: 'expiring', max: 1, windowMs: 300 };
      await limiter.consume([[limit, 'someone']]);
      await expect(limiter.consume([[limit, 'someone']])).rejects.toMatchObject({ statusCode: 429 });
      await new Promise((resolve) => setTimeout(resolve, 400));
      await expect(limiter.consume([[limit, 'someone']])).resolves.toBeUndefined();
    } finally {
      await limiter.store.close();
    }
  });
});
