import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { UrlSigner } from '../src/storage/signed-urls';
import { createTestApp, onboardedStudent, post, type TestApp } from './helpers';

const minute = 60_000;

function parts(url: string) {
  const parsed = new URL(url, 'http://portal.test');
  return {
    key: parsed.pathname.replace('/files/', ''),
    e: Number(parsed.searchParams.get('e')),
    s: parsed.searchParams.get('s')!,
  };
}

describe('signed file URLs', () => {
  const signer = new UrlSigner('test-session-0123456789abcdefghijklmnop');

  it('live minutes, not an hour: valid for at least 10 and at most 15 minutes', () => {
    for (const offset of [0, 1, 2.5, 4.99]) {
      const now = Date.UTC(2026, 10, 23, 9, 0) + offset * minute;
      const { key, e, s } = parts(signer.url('photos/abc.jpg', now));
      expect(signer.check(key, e, s, now + 10 * minute - 1)).toBeDefined();
      expect(signer.check(key, e, s, now + 15 * minute)).toBeUndefined();
    }
  });

  it('stay the same for a while, so a browser can cache the image', () => {
    const now = Date.UTC(2026, 10, 23, 9, 0) + 30_000;
    expect(signer.url('photos/abc.jpg', now + 60_000)).toBe(signer.url('photos/abc.jpg', now));
  });
});

describe('GET /files with the URL getinfo handed out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_MAX_NUMBER: '2000' });
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens the photo now, with a cache life within the URL life, and no longer a quarter of an hour later', async () => {
    const student = await onboardedStudent(t.app);
    const info = await post(t.app, '/studentapi/getinfo', {}, student.token);
    const imageUrl = info.body.studentData.imageUrl as string;
    const documentUrl = info.body.studentData.documents[0].URL as string;

    for (const url of [imageUrl, documentUrl]) {
      const now = await t.app.inject({ method: 'GET', url });
      expect(now.statusCode).toBe(200);
      const maxAge = Number(/max-age=(\d+)/.exec(String(now.headers['cache-control']))![1]);
      expect(maxAge).toBeLessThanOrEqual(15 * 60);
    }

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * minute });
    for (const url of [imageUrl, documentUrl]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    }
  });
});
