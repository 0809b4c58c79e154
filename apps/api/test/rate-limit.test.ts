import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { limits } from '../src/services/rate-limit';
import {
  createTestApp,
  post,
  sha256,
  signedInStudent,
  uniqueCnic,
  uniqueEmail,
  type TestApp,
  metricsHeaders,
} from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shared = '10.20.30.40';

describe('rate limits', () => {
  it('stops password guessing on one account from one address, with Retry-After', async () => {
    const student = await signedInStudent(t.app);
    for (let i = 0; i < limits.loginAccountAddress.max; i++) {
      const wrong = await post(
        t.app,
        '/auth/login',
        { email: student.email, password: sha256(`guess ${i}`) },
        undefined,
        shared,
      );
      expect(wrong.status).toBe(400);
    }
    const limited = await post(
      t.app,
      '/auth/login',
      { email: student.email, password: sha256(student.password) },
      undefined,
      shared,
    );
    expect(limited.status).toBe(429);
    expect(limited.body.success).toBe(false);
    expect(limited.body.message).toMatch(/^Too many attempts/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // The student, elsewhere, is not locked out by what happened at that address.
    const elsewhere = await post(
      t.app,
      '/auth/login',
      { email: student.email, password: sha256(student.password) },
      undefined,
      '10.99.0.1',
    );
    expect(elsewhere.status).toBe(200);
  });

  it('does not lock a student out because strangers behind the same address fail', async () => {
    const student = await signedInStudent(t.app);
    // Strangers behind one mobile-network address fail many sign-ins on their own accounts.
    for (let i = 0; i < 40; i++) {
      await post(
        t.app,
        '/auth/login',
        { email: uniqueEmail(), password: sha256('wrong') },
        undefined,
        '10.50.0.1',
      );
    }
    const response = await post(
      t.app,
      '/auth/login',
      { email: student.email, password: sha256(student.password) },
      undefined,
      '10.50.0.1',
    );
    expect(response.status).toBe(200);
  });

  it('a successful sign-in clears that account and address', async () => {
    const student = await signedInStudent(t.app);
    for (let i = 0; i < limits.loginAccountAddress.max - 1; i++) {
      await post(
        t.app,
        '/auth/login',
        { email: student.email, password: sha256(`guess ${i}`) },
        undefined,
        '10.60.0.1',
      );
    }
    expect(
      (
        await post(
          t.app,
          '/auth/login',
          { email: student.email, password: sha256(student.password) },
          undefined,
          '10.60.0.1',
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await post(
          t.app,
          '/auth/login',
          { email: student.email, password: sha256('typo') },
          undefined,
          '10.60.0.1',
        )
      ).status,
    ).toBe(400);
  });

  it('limits resend and forgot-password per account', async () => {
    const email = uniqueEmail();
    for (const url of ['/public/resendVerificationEmail', '/forgetpassword']) {
      for (let i = 0; i < 3; i++)
        expect((await post(t.app, url, { email }, undefined, `10.70.0.${i}`)).status).toBe(200);
      const limited = await post(t.app, url, { email }, undefined, '10.70.0.9');
      expect(limited.status).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    }
  });

  it('limits sign-ups per e-mail', async () => {
    const email = uniqueEmail();
    let last = 0;
    for (let i = 0; i <= limits.signupIdentity.max; i++) {
      const body = { cnic: uniqueCnic(), email, password: sha256('Karachi#Portal-2026') };
      last = (await post(t.app, '/auth/signup', body, undefined, `10.80.0.${i}`)).status;
    }
    expect(last).toBe(429);
  });

  it('counts refusals in /metrics', async () => {
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: metricsHeaders });
    expect(metrics.body).toMatch(/portal_rate_limited_total\{route="\/auth\/login"\} [1-9]/);
    expect(messages.tooManyRequests).toContain('{minutes}');
  });
});
