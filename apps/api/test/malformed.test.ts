import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedInStudent, type TestApp } from './helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await signedInStudent(t.app)).token;
});
afterAll(() => t.close());

const calls = [
  '/auth/signup',
  '/auth/verifyemail',
  '/auth/login',
  '/public/resendVerificationEmail',
  '/forgetpassword',
  '/forgetpassword/newpassword',
  '/studentAuth/logout',
  '/studentapi/getinfo',
  '/studentapi/changepassword',
];

const bodies: [string, string, string][] = [
  ['invalid JSON', '{"email":', 'application/json'],
  ['an array', '[1,2,3]', 'application/json'],
  ['a string', '"hello"', 'application/json'],
  ['null', 'null', 'application/json'],
  ['nested junk', '{"email":{"$gt":""},"password":[1],"data":"x","cnic":{"a":1}}', 'application/json'],
  ['a form post', 'email=a&password=b', 'application/x-www-form-urlencoded'],
  ['plain text', 'hello', 'text/plain'],
  ['an empty body', '', 'application/json'],
];

describe('bad input of any shape gets a 4xx envelope, never a 500', () => {
  for (const url of calls) {
    it.each(bodies)(`${url} with %s`, async (_name, payload, contentType) => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      const body = response.json<{ success: boolean; message: string }>();
      expect(body.success).toBe(false);
      expect(body.message.length).toBeGreaterThan(0);
    });
  }

  it('refuses a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(200_000) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ success: false });
  });

  it('answers an unknown API call with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/studentapi/nothing-here', payload: {} });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false });
  });
});
