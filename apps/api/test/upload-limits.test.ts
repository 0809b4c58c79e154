import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMessage, messages } from '@portal/shared/messages';
import { imageDecodes, normaliseImage, photoDecodes } from '../src/modules/students/images';
import { createTestApp, onboardedStudent, post, postMultipart, type TestApp } from './helpers';
import { jpeg, png } from './images';
import { staffCaller } from './staff';

describe('image decodes', () => {
  it('run two at a time in the whole process; the others wait their turn and then succeed', async () => {
    const picture = await png(1500, 1500);
    const work = Array.from({ length: 6 }, () => normaliseImage(picture, 'document'));
    expect({ active: imageDecodes.active, waiting: imageDecodes.waiting }).toEqual({ active: 2, waiting: 4 });
    const results = await Promise.all(work);
    expect(results.every((result) => result.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])))).toBe(
      true,
    );
    expect({ active: imageDecodes.active, waiting: imageDecodes.waiting }).toEqual({ active: 0, waiting: 0 });
  });

  it('free their slot when an image is refused', async () => {
    const refused = await Promise.allSettled([
      ...Array.from({ length: 4 }, () => normaliseImage(Buffer.from('not an image at all'), 'photo')),
      ...Array.from({ length: 4 }, () => normaliseImage(Buffer.from('not an image at all'), 'document')),
    ]);
    expect(refused.every((result) => result.status === 'rejected')).toBe(true);
    expect({ documents: imageDecodes.active, photos: photoDecodes.active }).toEqual({
      documents: 0,
      photos: 0,
    });
  });

  it('give a photo its own lane: it does not wait behind documents', async () => {
    const [picture, photo] = await Promise.all([png(1500, 1500), jpeg()]);
    const documents = Array.from({ length: 4 }, () => normaliseImage(picture, 'document'));
    const working = normaliseImage(photo, 'photo');
    expect({ photos: photoDecodes.active, photosWaiting: photoDecodes.waiting }).toEqual({
      photos: 1,
      photosWaiting: 0,
    });
    expect(imageDecodes.waiting).toBeGreaterThan(0);
    await Promise.all([working, ...documents]);
  });
});

describe('uploads per student', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ CAPTCHA_MAX_NUMBER: '2000' });
  });
  afterAll(() => t.close());

  async function uploadAgain(student: Awaited<ReturnType<typeof onboardedStudent>>) {
    return postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      [
        { name: 'studentId', value: student.studentId },
        { name: 'isEditing', value: 'true' },
        { name: 'Front CNIC', value: await jpeg(320, 200), filename: 'front.jpg' },
      ],
      student.token,
    );
  }

  it('are limited to 10 calls with images in 15 minutes, with the spec message; others are not affected', async () => {
    // The profile photo and the three documents: two calls.
    const student = await onboardedStudent(t.app);
    for (let call = 3; call <= 10; call++) expect((await uploadAgain(student)).status).toBe(200);
    const before = await post(t.app, '/studentapi/getinfo', {}, student.token);

    const refused = await uploadAgain(student);
    expect(refused).toMatchObject({
      status: 429,
      body: { success: false, message: formatMessage(messages.tooManyRequests, { minutes: 15 }) },
    });
    const after = await post(t.app, '/studentapi/getinfo', {}, student.token);
    // The stored files, not the URLs (signed afresh on each answer).
    const files = (answer: typeof before) =>
      (answer.body.studentData.documents as { documentType: string; URL: string }[]).map(
        (document) => `${document.documentType} ${document.URL.split('?')[0]}`,
      );
    expect(files(after)).toEqual(files(before));

    const other = await onboardedStudent(t.app);
    expect((await uploadAgain(other)).status).toBe(200);
  });
});

describe('an upload refused before its body is read', () => {
  it('is answered at once, and its connection closes instead of holding the unread rest', async () => {
    const t = await createTestApp();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const caller = await staffCaller(t.app, 'accounts');
      const row = '7315012345678,123456,1500,2026-11-01,HBL\n';
      const header = 'consumer_number,tran_auth_id,amount,tran_date,bank\n';
      // Refused at its second line with 8 MB behind it, and at its third with 12 MB (over the 10 MB limit):
      // a row of two columns makes the file malformed (a bad value would refuse only its row).
      for (const csv of [
        `${header}x,bad\n${row.repeat(200_000)}`,
        `${header}${row}x,bad\n${row.repeat(300_000)}`,
      ]) {
        const form = new FormData();
        form.append('file', new Blob([csv], { type: 'text/csv' }), 'settlement.csv');
        const response = await fetch(`${address}/staffapi/reconciliation`, {
          method: 'POST',
          body: form,
          headers: { cookie: caller.cookie },
        });
        expect(response.status).toBe(400);
        expect(response.headers.get('connection')).toBe('close');
        await response.text();
      }
      // Kept open, each socket waited minutes with the rest of its body unread.
      await vi.waitFor(
        async () =>
          expect(await new Promise((resolve) => t.app.server.getConnections((_e, n) => resolve(n)))).toBe(0),
        { timeout: 10_000, interval: 100 },
      );
    } finally {
      await t.close();
    }
  });
});
