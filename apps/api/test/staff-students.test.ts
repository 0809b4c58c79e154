import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { admin, admitted, ids } from './enrolment';
import { createTestApp, onboardedStudent, type TestApp } from './helpers';
import { staffCall, staffCaller, type StaffCaller } from './staff';

let t: TestApp;
let reviewer: StaffCaller;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_MAX_NUMBER: '2000' });
  reviewer = await staffCaller(t.app, 'admissions');
});
afterAll(() => t.close());

const list = (query: string) => staffCall(t.app, reviewer, 'GET', `/staffapi/students?${query}`);

describe('the student search', () => {
  it('finds a student by CNIC, e-mail, roll number, phone or the start of the name', async () => {
    const student = await admitted(t, { course: 'AIC' });
    const suffix = student.studentId.slice(0, 8);
    const phone = `0300${String(Date.now()).slice(-7)}`;
    await t.app.services.database.db.execute(
      sql`update students set full_name = ${`Zubaida ${suffix}`}, phone_number = ${phone} where id = ${student.studentId}`,
    );
    const detail = await staffCall(t.app, reviewer, 'GET', `/staffapi/students/${student.studentId}`);
    const rollNo = String(detail.body.data.student.rollNo);
    expect(rollNo).toMatch(/^PIAIC-/);

    for (const q of [
      student.cnic,
      student.email.toUpperCase(),
      rollNo.toLowerCase(),
      phone,
      `zubaida ${suffix.slice(0, 4)}`,
    ]) {
      const found = await list(`q=${encodeURIComponent(q)}`);
      expect(found.status, q).toBe(200);
      expect(found.body.total, q).toBe(1);
      expect(found.body.data[0], q).toMatchObject({
        _id: student.studentId,
        email: student.email,
        rollNo,
        phoneNumber: phone,
      });
    }
    // A name is matched from its start only, and % is a letter, not a wildcard.
    expect((await list(`q=${encodeURIComponent(suffix)}`)).body.total).toBe(0);
    expect((await list(`q=${encodeURIComponent('%')}`)).body.total).toBe(0);
  });

  it('filters by status, course, batch and city, a page at a time with the total', async () => {
    const a = await admitted(t, { course: 'AIC' });
    const b = await onboardedStudent(t.app);
    await admin(t, ['student:approve', b.email]);

    const byCourse = await list(`course=aic&batchId=${a.batchId}&pageSize=100`);
    expect(byCourse.body.data.map((s: { _id: string }) => s._id)).toContain(a.studentId);
    expect(byCourse.body.data.map((s: { _id: string }) => s._id)).not.toContain(b.studentId);

    const approved = await list('status=Approved&pageSize=100');
    expect(approved.body.data.every((s: { status: string }) => s.status === 'Approved')).toBe(true);
    expect(approved.body.data.map((s: { _id: string }) => s._id)).toContain(b.studentId);

    const all = await list('pageSize=1&page=1&city=');
    expect(all.body.data).toHaveLength(1);
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    const second = await list('pageSize=1&page=2');
    expect(second.body.data[0]._id).not.toBe(all.body.data[0]._id);
    expect((await list('city=Nowhere')).body).toEqual({ success: true, data: [], total: 0 });
  });

  it('refuses bad input with 400', async () => {
    for (const query of ['status=Unknown', 'pageSize=1000', 'page=0', 'course=XYZ', 'batchId=nope'])
      expect((await list(query)).status, query).toBe(400);
    expect((await staffCall(t.app, reviewer, 'GET', '/staffapi/students/nope')).status).toBe(400);
    expect(
      (await staffCall(t.app, reviewer, 'GET', '/staffapi/students/00000000-0000-4000-8000-000000000000'))
        .status,
    ).toBe(404);
  });
});

describe('the student page', () => {
  it('shows the student with registrations, and images that open for this staff session only', async () => {
    const student = await admitted(t, { course: 'AIC' });
    const page = await staffCall(t.app, reviewer, 'GET', `/staffapi/students/${student.studentId}`);
    expect(page.status).toBe(200);
    const data = page.body.data;
    expect(data.student).toMatchObject({ _id: student.studentId, email: student.email, status: 'Pending' });
    expect(data.enrolments).toMatchObject([{ course: 'AIC', status: 'ENTRYTESTPASSED', platform: 'onsite' }]);
    expect(data.documents).toHaveLength(3);
    expect(data.photoUrl).toMatch(/^\/staffapi\/files\/photos\//);

    const image = await staffCall(t.app, reviewer, 'GET', data.photoUrl);
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const document = await staffCall(t.app, reviewer, 'GET', data.documents[0].url);
    expect(document.status).toBe(200);

    const other = await staffCaller(t.app, 'admissions');
    expect((await staffCall(t.app, other, 'GET', data.photoUrl)).status).toBe(403);
    expect((await staffCall(t.app, undefined, 'GET', data.photoUrl)).status).toBe(401);
    // Neither is the student's own URL form, nor the staff URL on the student path, accepted.
    expect(
      (await t.app.inject({ method: 'GET', url: data.photoUrl.replace('/staffapi', '') })).statusCode,
    ).toBe(403);
    const content = await staffCaller(t.app, 'content');
    expect((await staffCall(t.app, content, 'GET', data.photoUrl)).status).toBe(403);
  });
});

describe('the overview', () => {
  it('counts students by status, documents awaiting review and registrations', async () => {
    const before = (await staffCall(t.app, reviewer, 'GET', '/staffapi/overview')).body.data;
    const student = await admitted(t, { course: 'AIC' });
    const after = (await staffCall(t.app, reviewer, 'GET', '/staffapi/overview')).body.data;
    expect(after.studentsByStatus.Pending).toBe(before.studentsByStatus.Pending + 1);
    expect(after.awaitingReview).toBe(before.awaitingReview + 1);
    const count = (data: {
      registrations: { course: string; batchId: string; status: string; count: number }[];
    }) =>
      data.registrations.find(
        (r) => r.course === 'AIC' && r.batchId === student.batchId && r.status === 'ENTRYTESTPASSED',
      )?.count ?? 0;
    expect(count(after)).toBe(count(before) + 1);
  });

  it('lists the batches with their courses, for any staff role', async () => {
    const content = await staffCaller(t.app, 'content');
    const answer = await staffCall(t.app, content, 'GET', '/staffapi/batches');
    expect(answer.status).toBe(200);
    const batch36 = answer.body.data.find(
      (b: { name: string; city: string }) => b.name === 'Batch 36' && b.city === 'Karachi',
    );
    const { batchId } = await ids(t, 'Batch 36', 'Karachi', 'AIC');
    expect(batch36).toMatchObject({ _id: batchId, number: 36, isOpen: true, restricted: false });
    expect(batch36.courses).toEqual(expect.arrayContaining(['AIC', 'BCC', 'CNC', 'IOT']));
    expect(answer.body.data.some((b: { restricted: boolean }) => b.restricted)).toBe(true);
  });
});
