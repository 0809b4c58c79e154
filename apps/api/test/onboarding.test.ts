import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { queryRows } from '../src/db/client';
import {
  createTestApp,
  post,
  postMultipart,
  signedInStudent,
  solvedCaptcha,
  validProfile,
  verifiedCaptcha,
  type Part,
  type TestApp,
} from './helpers';
import * as images from './images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_MAX_NUMBER: '2000' });
});
afterAll(() => t.close());

type Student = Awaited<ReturnType<typeof signedInStudent>>;

async function profileParts(
  student: Student,
  overrides: { data?: object; image?: Buffer | null; captcha?: string; studentId?: string } = {},
) {
  const parts: Part[] = [
    { name: 'studentId', value: overrides.studentId ?? student.studentId },
    { name: 'data', value: JSON.stringify({ ...validProfile, ...overrides.data }) },
    { name: 'captcha', value: overrides.captcha ?? (await verifiedCaptcha(t.app)) },
  ];
  const image =
    overrides.image === undefined ? await images.jpeg(900, 1200, { exif: true }) : overrides.image;
  if (image) parts.push({ name: 'image', value: image, filename: 'me.jpg' });
  return parts;
}

async function updateProfile(student: Student, overrides: Parameters<typeof profileParts>[1] = {}) {
  return postMultipart(
    t.app,
    '/studentapi/updateprofile',
    await profileParts(student, overrides),
    student.token,
  );
}

async function storedStudent(id: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    t.app.services.database.db,
    sql`select full_name, image_key, is_profile_complete, is_document_uploaded, status, reject_reason from students where id = ${id}`,
  );
  return row!;
}

async function documentParts(
  student: Student,
  files: Partial<Record<'Front CNIC' | 'Back CNIC' | 'Education Document', Buffer>>,
  extra: Part[] = [],
) {
  const parts: Part[] = [{ name: 'studentId', value: student.studentId }, ...extra];
  for (const [name, value] of Object.entries(files)) parts.push({ name, value, filename: `${name}.jpg` });
  return parts;
}

async function threeDocuments() {
  return {
    'Front CNIC': await images.jpeg(1200, 760),
    'Back CNIC': await images.png(1200, 760),
    'Education Document': await images.jpeg(1240, 1754),
  };
}

async function studentWithProfile() {
  const student = await signedInStudent(t.app);
  const response = await updateProfile(student);
  expect(response.status).toBe(200);
  return student;
}

describe('captcha', () => {
  it('verifies a solution once', async () => {
    const payload = await solvedCaptcha(t.app);
    expect(await post(t.app, '/captcha/verify', { recaptchaToken: payload })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await post(t.app, '/captcha/verify', { recaptchaToken: payload })).toMatchObject({
      status: 400,
      body: { success: false },
    });
  });

  it('refuses a forged solution', async () => {
    const payload = JSON.parse(Buffer.from(await solvedCaptcha(t.app), 'base64').toString()) as {
      number: number;
    };
    payload.number += 1;
    const forged = Buffer.from(JSON.stringify(payload)).toString('base64');
    expect((await post(t.app, '/captcha/verify', { recaptchaToken: forged })).status).toBe(400);
    expect((await post(t.app, '/captcha/verify', { recaptchaToken: '!!!' })).status).toBe(400);
  });
});

describe('POST /studentapi/updateprofile', () => {
  it('completes the profile, re-encodes the photo as a square JPEG without EXIF, and serves it only by its signed URL', async () => {
    const student = await signedInStudent(t.app);
    const response = await updateProfile(student);
    expect(response).toMatchObject({
      status: 200,
      body: { success: true, data: { fullName: 'Ayesha Khan', isProfileComplete: true, city: 'Karachi' } },
    });
    const url = response.body.data.imageUrl as string;
    expect(url).toMatch(/^\/files\/photos\/[A-Za-z0-9_-]{24}\.jpg\?e=\d+&s=/);

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(file.rawPayload).metadata();
    expect([metadata.width, metadata.height, metadata.format]).toEqual([400, 400, 'jpeg']);
    expect(metadata.exif).toBeUndefined();
    expect(file.rawPayload.toString('latin1')).not.toContain('GPS-SECRET');

    const forged = url.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);
    const expired = url.replace(/e=\d+/, `e=${Date.now() - 1000}`);
    expect((await t.app.inject({ method: 'GET', url: expired })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url.split('?')[0]! })).statusCode).toBe(400);
  });

  it.each([
    ['fullName', { fullName: 'Al' }, messages.fullNameShort],
    ['fullName', { fullName: 'Ayesha 2' }, messages.nameCharacters],
    ['fatherName', { fatherName: 'Im' }, messages.fatherNameShort],
    ['homeAddress', { homeAddress: 'Short' }, messages.addressShort],
    ['homeAddress', { homeAddress: 'House <b>12</b> Karachi' }, messages.addressCharacters],
    ['homeAddress', { homeAddress: 'a'.repeat(121) }, messages.addressLong],
    ['dob', { dob: '2004-02-30' }, messages.dobInvalid],
    [
      'dob',
      { dob: new Date(Date.now() - 5 * 365 * 86_400_000).toISOString().slice(0, 10) },
      messages.dobTooYoung,
    ],
    ['gender', { gender: 'other' }, messages.genderRequired],
    ['lastQualification', { lastQualification: 'PhD in Magic' }, messages.qualificationRequired],
    ['province', { province: 'atlantis' }, messages.provinceRequired],
    ['city', { province: 'ict', city: 'Karachi' }, messages.cityRequired],
    ['phoneNumber', { phoneNumber: '0300-1234567' }, messages.phoneNoSpecial],
    ['phoneNumber', { phoneNumber: '0300abc4567' }, messages.phoneNumbersOnly],
  ])('refuses a bad %s with the spec message and changes nothing', async (field, data, message) => {
    const student = await signedInStudent(t.app);
    const response = await updateProfile(student, { data });
    expect(response.status).toBe(400);
    expect(response.body.errors[field]).toBe(message);
    expect(await storedStudent(student.studentId)).toMatchObject({
      full_name: null,
      is_profile_complete: false,
      image_key: null,
    });
  });

  it.each([
    ['a text file named .jpg', images.textAsJpg, 415, messages.imageInvalid],
    ['HTML', images.html, 415, messages.imageInvalid],
    ['SVG', images.svg, 415, messages.imageInvalid],
    ['a PHP file with a JPEG header', images.phpWithJpegHeader, 415, messages.imageInvalid],
    ['a PNG that declares 20,000 x 20,000 pixels', images.pngBomb(), 413, messages.imageTooManyPixels],
  ])('refuses %s as the photo', async (_name, file, status, message) => {
    const student = await signedInStudent(t.app);
    const response = await updateProfile(student, { image: file });
    expect(response).toMatchObject({ status, body: { success: false, message } });
    expect(await storedStudent(student.studentId)).toMatchObject({
      is_profile_complete: false,
      image_key: null,
    });
  });

  it('refuses a truncated JPEG and a photo over 1 MB', async () => {
    const student = await signedInStudent(t.app);
    const truncated = await updateProfile(student, { image: await images.truncatedJpeg() });
    expect(truncated).toMatchObject({ status: 415, body: { message: messages.imageInvalid } });
    const large = await images.largeJpeg();
    expect(large.length).toBeGreaterThan(1_100_000);
    const tooLarge = await updateProfile(student, { image: large });
    expect(tooLarge).toMatchObject({
      status: 413,
      body: { success: false, message: messages.imageTooLarge },
    });
    expect(await storedStudent(student.studentId)).toMatchObject({ is_profile_complete: false });
  });

  it('requires the photo on the first update', async () => {
    const student = await signedInStudent(t.app);
    const response = await updateProfile(student, { image: null });
    expect(response).toMatchObject({ status: 400, body: { errors: { image: messages.imageRequired } } });
  });

  it("refuses someone else's studentId and changes neither student", async () => {
    const me = await signedInStudent(t.app);
    const other = await signedInStudent(t.app);
    const response = await updateProfile(me, { studentId: other.studentId });
    expect(response).toMatchObject({ status: 403, body: { success: false } });
    expect(await storedStudent(other.studentId)).toMatchObject({ full_name: null });
    expect(await storedStudent(me.studentId)).toMatchObject({ full_name: null });
  });

  it('requires a verified captcha, and a solution works once', async () => {
    const student = await signedInStudent(t.app);
    const unverified = await updateProfile(student, { captcha: await solvedCaptcha(t.app) });
    expect(unverified).toMatchObject({ status: 400, body: { message: messages.captchaFailed } });
    const missing = await postMultipart(
      t.app,
      '/studentapi/updateprofile',
      (await profileParts(student)).filter((part) => part.name !== 'captcha'),
      student.token,
    );
    expect(missing).toMatchObject({ status: 400, body: { message: messages.captchaRequired } });

    const captcha = await verifiedCaptcha(t.app);
    const parts = await profileParts(student, { captcha });
    // A double submit: the same request twice at once. One spends the captcha, the other is refused.
    const answers = await Promise.all([
      postMultipart(t.app, '/studentapi/updateprofile', parts, student.token),
      postMultipart(t.app, '/studentapi/updateprofile', parts, student.token),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('edits a complete profile: photo optional, phone number kept, old photo kept for the grace period', async () => {
    const student = await studentWithProfile();
    const before = await storedStudent(student.studentId);
    const edit = await updateProfile(student, {
      image: null,
      data: { fullName: 'Ayesha Imran', phoneNumber: '03110000000', isEditing: true },
    });
    expect(edit).toMatchObject({
      status: 200,
      body: { data: { fullName: 'Ayesha Imran', phoneNumber: '03001234567' } },
    });
    expect((await storedStudent(student.studentId)).image_key).toBe(before.image_key);

    const newPhoto = await updateProfile(student, {
      image: await images.png(500, 500),
      data: { isEditing: true },
    });
    expect(newPhoto.status).toBe(200);
    const after = await storedStudent(student.studentId);
    expect(after.image_key).not.toBe(before.image_key);
    const oldName = String(before.image_key).split('/')[1];
    const photos = () => readdirSync(join(t.config.dataDir, 'uploads', 'photos'));
    // A backup taken before the edit names the old photo: it stays until FILE_GRACE_HOURS have passed.
    expect(photos()).toContain(oldName);
    const db = t.app.services.database.db;
    await db.execute(sql`update orphan_files set orphaned_at = now() - make_interval(hours => ${t.config.fileGraceHours - 1})
      where storage_key = ${before.image_key}`);
    await t.app.services.onboarding.sweepOrphans();
    expect(photos()).toContain(oldName);
    await db.execute(sql`update orphan_files set orphaned_at = now() - make_interval(hours => ${t.config.fileGraceHours + 1})
      where storage_key = ${before.image_key}`);
    expect(await t.app.services.onboarding.sweepOrphans()).toBeGreaterThanOrEqual(1);
    expect(photos()).not.toContain(oldName);
    expect(photos()).toContain(String(after.image_key).split('/')[1]);
  });

  it('answers the reference lists', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/public/reference-lists' });
    const lists = response.json<{
      provinces: { value: string; cities: string[] }[];
      qualifications: string[];
    }>();
    expect(lists.provinces.find((p) => p.value === 'ict')!.cities).toEqual(['Islamabad']);
    expect(lists.qualifications).toContain('Post-Graduate');
  });
});

describe('POST /studentapi/uploaddocuments', () => {
  it('stores the three documents and answers them with signed URLs', async () => {
    const student = await studentWithProfile();
    const response = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      await documentParts(student, await threeDocuments()),
      student.token,
    );
    expect(response.status).toBe(200);
    expect(response.body.data.isDocumentUploaded).toBe(true);
    const documents = response.body.data.documents as { documentType: string; URL: string }[];
    expect(documents.map((d) => d.documentType).sort()).toEqual([
      'Back CNIC',
      'Education Document',
      'Front CNIC',
    ]);
    const file = await t.app.inject({ method: 'GET', url: documents[0]!.URL });
    expect(file.statusCode).toBe(200);
    expect((await sharp(file.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('refuses a missing part, a fourth part and a wrong part name, changing nothing', async () => {
    const student = await studentWithProfile();
    const { 'Education Document': _education, ...two } = await threeDocuments();
    const missing = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      await documentParts(student, two),
      student.token,
    );
    expect(missing).toMatchObject({ status: 400, body: { message: messages.documentsIncomplete } });

    const fourth = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      await documentParts(student, await threeDocuments(), [
        { name: 'Extra', value: await images.jpeg(), filename: 'x.jpg' },
      ]),
      student.token,
    );
    expect(fourth.status).toBe(400);

    const wrongName = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      [
        { name: 'studentId', value: student.studentId },
        { name: 'front', value: await images.jpeg(), filename: 'front.jpg' },
      ],
      student.token,
    );
    expect(wrongName.status).toBe(400);
    expect(await storedStudent(student.studentId)).toMatchObject({ is_document_uploaded: false });
  });

  it('refuses a bad file among good ones and stores none of them', async () => {
    const student = await studentWithProfile();
    const files = { ...(await threeDocuments()), 'Back CNIC': images.svg };
    const response = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      await documentParts(student, files),
      student.token,
    );
    expect(response).toMatchObject({ status: 415, body: { message: messages.documentsFormat } });
    expect(await storedStudent(student.studentId)).toMatchObject({ is_document_uploaded: false });
    const [count] = await queryRows<{ n: number }>(
      t.app.services.database.db,
      sql`select count(*)::int as n from student_documents where student_id = ${student.studentId}`,
    );
    expect(count!.n).toBe(0);
  });

  it("refuses someone else's studentId and a student without a profile", async () => {
    const me = await studentWithProfile();
    const other = await studentWithProfile();
    const parts = (await documentParts(me, await threeDocuments())).map((part) =>
      part.name === 'studentId' ? { ...part, value: other.studentId } : part,
    );
    expect((await postMultipart(t.app, '/studentapi/uploaddocuments', parts, me.token)).status).toBe(403);
    const fresh = await signedInStudent(t.app);
    const early = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      await documentParts(fresh, await threeDocuments()),
      fresh.token,
    );
    expect(early).toMatchObject({ status: 400, body: { message: messages.profileIncomplete } });
  });

  it('lets a rejected student replace one document, which puts the application back to Pending', async () => {
    const student = await studentWithProfile();
    await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      await documentParts(student, await threeDocuments()),
      student.token,
    );
    await t.app.services.database.db.execute(
      sql`update students set status = 'Rejected', reject_reason = 'CNIC photo is blurred' where id = ${student.studentId}`,
    );
    const info = await post(t.app, '/studentapi/getinfo', {}, student.token);
    expect(info.body.studentData).toMatchObject({
      status: 'Rejected',
      rejectreason: 'CNIC photo is blurred',
    });

    const again = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      await documentParts(student, { 'Front CNIC': await images.jpeg(1000, 640) }, [
        { name: 'isEditing', value: 'true' },
      ]),
      student.token,
    );
    expect(again).toMatchObject({
      status: 200,
      body: { data: { status: 'Pending', rejectreason: null, isDocumentUploaded: true } },
    });
    expect(again.body.data.documents).toHaveLength(3);
  });

  it('refuses changes once the documents are approved', async () => {
    const student = await studentWithProfile();
    await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      await documentParts(student, await threeDocuments()),
      student.token,
    );
    await t.app.services.database.db.execute(
      sql`update students set status = 'Approved' where id = ${student.studentId}`,
    );
    const response = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      await documentParts(student, { 'Front CNIC': await images.jpeg() }),
      student.token,
    );
    expect(response).toMatchObject({ status: 403, body: { message: messages.documentsEditNotAllowed } });
  });

  it('needs a session, from the header or the multipart field', async () => {
    const student = await studentWithProfile();
    const none = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      await documentParts(student, await threeDocuments()),
    );
    expect(none).toMatchObject({ status: 401, body: { message: messages.authExpired } });
    const byField = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      await documentParts(student, await threeDocuments(), [{ name: 'databaseToken', value: student.token }]),
    );
    expect(byField.status).toBe(200);
  });

  it('refuses a body that is not multipart', async () => {
    const student = await studentWithProfile();
    const response = await post(
      t.app,
      '/studentapi/uploaddocuments',
      { studentId: student.studentId },
      student.token,
    );
    expect(response.status).toBe(415);
  });
});
