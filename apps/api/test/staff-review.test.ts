import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COMMAND_LINE_ACTOR } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import urdu from '@portal/shared/locales/ur.json' with { type: 'json' };
import { queryRows } from '../src/db/client';
import { admin, ids } from './enrolment';
import {
  createTestApp,
  onboardedStudent,
  post,
  postMultipart,
  signedInStudent,
  type TestApp,
} from './helpers';
import * as images from './images';
import { staffCall, staffCaller, type StaffCaller } from './staff';
import { auditOf as auditOfStudent } from './staff-data';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_MAX_NUMBER: '2000' });
});
afterAll(() => t.close());

const db = () => t.app.services.database.db;

/** A student whose documents wait, placed at a chosen spot of the queue (older than any made normally). */
async function waiting(at = '2000-01-01T00:00:00Z') {
  const student = await onboardedStudent(t.app);
  await db().execute(
    sql`update students set documents_submitted_at = ${at}::timestamptz where id = ${student.studentId}`,
  );
  return student;
}

const auditOf = (subjectId: string, action: string) => auditOfStudent(t, subjectId, action);

const next = (caller: StaffCaller, skip?: string) =>
  staffCall(t.app, caller, 'GET', `/staffapi/review/next${skip ? `?skip=${skip}` : ''}`);

describe('roles', () => {
  it('lets admissions and admin review, refuses content and accounts (403), and lets accounts read', async () => {
    const student = await onboardedStudent(t.app);
    const content = await staffCaller(t.app, 'content');
    const accounts = await staffCaller(t.app, 'accounts');
    for (const caller of [content, accounts]) {
      expect((await next(caller)).status).toBe(403);
      expect((await staffCall(t.app, caller, 'GET', '/staffapi/overview')).status).toBe(403);
      const review = await staffCall(
        t.app,
        caller,
        'POST',
        `/staffapi/students/${student.studentId}/review`,
        {
          decision: 'approve',
        },
      );
      expect(review).toMatchObject({ status: 403, body: { message: messages.forbidden } });
      const onsite = await staffCall(
        t.app,
        caller,
        'POST',
        `/staffapi/students/${student.studentId}/onsite`,
        {
          allowed: true,
        },
      );
      expect(onsite.status).toBe(403);
    }
    expect((await staffCall(t.app, content, 'GET', '/staffapi/students')).status).toBe(403);
    expect((await staffCall(t.app, accounts, 'GET', '/staffapi/students')).status).toBe(200);
    const page = await staffCall(t.app, accounts, 'GET', `/staffapi/students/${student.studentId}`);
    expect(page.status).toBe(200);
    const [row] = await queryRows<{ status: string }>(
      db(),
      sql`select status from students where id = ${student.studentId}`,
    );
    expect(row?.status).toBe('Pending');
    for (const role of ['admissions', 'admin'] as const)
      expect(
        (await staffCall(t.app, await staffCaller(t.app, role), 'GET', '/staffapi/overview')).status,
      ).toBe(200);
  });
});

describe('the review queue', () => {
  it('holds the oldest waiting student for the reviewer, gives the same one again, and another to another reviewer', async () => {
    const first = await waiting('2000-01-01T00:00:00Z');
    const second = await waiting('2000-01-01T00:00:01Z');
    const third = await waiting('2000-01-01T00:00:02Z');
    const r1 = await staffCaller(t.app, 'admissions');
    const r2 = await staffCaller(t.app, 'admissions');

    const one = await next(r1);
    expect(one.status).toBe(200);
    expect(one.body.data.student._id).toBe(first.studentId);
    expect(one.body.data.documents).toHaveLength(3);
    // What the reviewer reads beside the documents (issue 25, item 1); no roll number before an application.
    expect(one.body.data.student).toMatchObject({
      email: first.email,
      rollNo: null,
      city: 'Karachi',
      province: 'sindh',
      lastQualification: 'Intermediate',
    });
    expect(Date.parse(one.body.data.heldUntil)).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(one.body.data.waiting).toBeGreaterThanOrEqual(2);
    expect((await next(r1)).body.data.student._id).toBe(first.studentId);

    const two = await next(r2);
    expect(two.body.data.student._id).toBe(second.studentId);

    // Another reviewer cannot decide on a held student.
    const refused = await staffCall(t.app, r2, 'POST', `/staffapi/students/${first.studentId}/review`, {
      decision: 'approve',
    });
    expect(refused).toMatchObject({ status: 409, body: { message: messages.reviewHeldByOther } });

    // N: skip gives up the student and moves on to another one (never the one skipped, nor r2's).
    const skipped = await next(r1, first.studentId);
    expect(skipped.status).toBe(200);
    expect([first.studentId, second.studentId]).not.toContain(skipped.body.data?.student._id);
    expect(skipped.body.data.student._id).toBe(third.studentId);
    // The skipped student is free again: r2, after deciding, may take it.
    await staffCall(t.app, r2, 'POST', `/staffapi/students/${second.studentId}/review`, {
      decision: 'approve',
    });
    expect((await next(r2)).body.data.student._id).toBe(first.studentId);
  });

  it('never gives two reviewers asking at the same moment the same student', async () => {
    for (let i = 0; i < 4; i++) await waiting(`2000-01-02T00:00:0${i}Z`);
    const reviewers = await Promise.all([1, 2, 3, 4].map(() => staffCaller(t.app, 'admissions')));
    for (let round = 0; round < 40; round++) {
      await db().execute(sql`delete from review_holds`);
      const answers = await Promise.all(reviewers.map((reviewer) => next(reviewer)));
      for (const answer of answers) expect(answer.status).toBe(200);
      const taken = answers.map((answer) => answer.body.data?.student._id as string | undefined);
      expect(taken.every((id) => id !== undefined)).toBe(true);
      expect(new Set(taken).size).toBe(reviewers.length);
    }
  });

  it('keeps a waiting student in place when they replace a document', async () => {
    const student = await waiting('1998-01-01T00:00:00Z');
    const replaced = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      [
        { name: 'studentId', value: student.studentId },
        { name: 'isEditing', value: 'true' },
        {
          name: 'Front CNIC',
          value: await images.png(800, 1100),
          filename: 'f.png',
          contentType: 'image/png',
        },
      ],
      student.token,
    );
    expect(replaced.status).toBe(200);
    const reviewer = await staffCaller(t.app, 'admissions');
    expect((await next(reviewer)).body.data.student._id).toBe(student.studentId);
    await staffCall(t.app, reviewer, 'POST', `/staffapi/students/${student.studentId}/review`, {
      decision: 'approve',
    });
  });

  it('answers data: null when nobody waits', async () => {
    const reviewer = await staffCaller(t.app, 'admissions');
    await db().execute(sql`update review_holds set held_until = now() + interval '1 hour'`);
    await db().execute(
      sql`insert into review_holds (student_id, staff_id, held_until)
          select id, ${(await staffCaller(t.app, 'admissions')).id}, now() + interval '1 hour' from students
          where status = 'Pending' and is_document_uploaded on conflict do nothing`,
    );
    expect((await next(reviewer)).body).toEqual({ success: true, data: null });
    await db().execute(sql`delete from review_holds`);
  });
});

describe('review decisions', () => {
  it("rejects with a picked reason the student reads in their language, on the page and in the e-mail, with the reviewer's words", async () => {
    const student = await waiting('1999-01-02T00:00:00Z');
    await db().execute(sql`update students set language = 'ur' where id = ${student.studentId}`);
    const reviewer = await staffCaller(t.app, 'admissions');
    const url = `/staffapi/students/${student.studentId}/review`;
    const unknown = await staffCall(t.app, reviewer, 'POST', url, {
      decision: 'reject',
      reasonCode: 'rejectBlue',
    });
    expect(unknown.status).toBe(400);

    const note = 'دن کی روشنی میں تصویر لیں';
    const rejected = await staffCall(t.app, reviewer, 'POST', url, {
      decision: 'reject',
      reasonCode: 'rejectCnicFront',
      reason: note,
    });
    const english = `${messages.rejectCnicFront}. ${note}`;
    expect(rejected).toMatchObject({
      status: 200,
      body: { data: { rejectreason: english, rejectReasonCode: 'rejectCnicFront', rejectReasonNote: note } },
    });
    const seen = await post(t.app, '/studentapi/getinfo', {}, student.token);
    expect(seen.body.studentData).toMatchObject({
      status: 'Rejected',
      rejectreason: english,
      rejectReasonCode: 'rejectCnicFront',
      rejectReasonNote: note,
    });
    const mailbox = await t.app.inject({ method: 'GET', url: '/dev/mailbox?format=json' });
    const mail = mailbox
      .json<{ data: { recipient: string; textBody: string }[] }>()
      .data.find((candidate) => candidate.recipient === student.email);
    expect(mail!.textBody).toContain(`${urdu.messages.rejectCnicFront}. ${note}`);
    expect(mail!.textBody).not.toContain(messages.rejectCnicFront);
    const [entry] = await auditOf(student.studentId, 'student.reject');
    expect(entry).toMatchObject({ after: { rejectreason: english, rejectReasonCode: 'rejectCnicFront' } });
  });

  it('rejects with a reason the student sees and receives by e-mail, audited; the student uploads again and waits again', async () => {
    const student = await waiting('1999-01-01T00:00:00Z');
    const reviewer = await staffCaller(t.app, 'admissions');
    expect((await next(reviewer)).body.data.student._id).toBe(student.studentId);

    const url = `/staffapi/students/${student.studentId}/review`;
    const noReason = await staffCall(t.app, reviewer, 'POST', url, { decision: 'reject' });
    expect(noReason).toMatchObject({ status: 400, body: { message: messages.reviewReasonRequired } });

    const reason = 'The back of the CNIC is not readable';
    const rejected = await staffCall(t.app, reviewer, 'POST', url, { decision: 'reject', reason });
    expect(rejected).toMatchObject({
      status: 200,
      body: { data: { status: 'Rejected', rejectreason: reason, isDocumentVerified: false } },
    });
    const seen = await post(t.app, '/studentapi/getinfo', {}, student.token);
    expect(seen.body.studentData).toMatchObject({ status: 'Rejected', rejectreason: reason });

    const mailbox = await t.app.inject({ method: 'GET', url: '/dev/mailbox?format=json' });
    const mails = mailbox.json<{ data: { recipient: string; textBody: string }[] }>().data;
    expect(mails.some((mail) => mail.recipient === student.email && mail.textBody.includes(reason))).toBe(
      true,
    );

    const [entry] = await auditOf(student.studentId, 'student.reject');
    expect(entry).toMatchObject({
      actor: reviewer.email,
      before: { status: 'Pending', rejectreason: null },
      after: { status: 'Rejected', rejectreason: reason },
    });
    // The decision ended the hold.
    expect(
      await queryRows(db(), sql`select 1 from review_holds where student_id = ${student.studentId}`),
    ).toEqual([]);

    const again = await postMultipart(
      t.app,
      '/studentapi/uploaddocuments',
      [
        { name: 'studentId', value: student.studentId },
        { name: 'isEditing', value: 'true' },
        {
          name: 'Back CNIC',
          value: await images.png(800, 1100),
          filename: 'b.png',
          contentType: 'image/png',
        },
      ],
      student.token,
    );
    expect(again).toMatchObject({ status: 200, body: { data: { status: 'Pending', rejectreason: null } } });
    // Back in the queue: skipping through it reaches the student.
    let found = false;
    let current = (await next(reviewer)).body.data;
    for (let i = 0; i < 50 && current && !found; i++) {
      found = current.student._id === student.studentId;
      if (!found) current = (await next(reviewer, current.student._id)).body.data;
    }
    expect(found).toBe(true);
  });

  it('approves only with the three documents (409), audited', async () => {
    const reviewer = await staffCaller(t.app, 'admissions');
    const bare = await signedInStudent(t.app);
    const missing = await staffCall(t.app, reviewer, 'POST', `/staffapi/students/${bare.studentId}/review`, {
      decision: 'approve',
    });
    expect(missing).toMatchObject({ status: 409, body: { message: messages.reviewDocumentsMissing } });
    expect(await auditOf(bare.studentId, 'student.approve')).toEqual([]);

    const student = await onboardedStudent(t.app);
    const approved = await staffCall(
      t.app,
      reviewer,
      'POST',
      `/staffapi/students/${student.studentId}/review`,
      {
        decision: 'approve',
      },
    );
    expect(approved).toMatchObject({
      status: 200,
      body: { data: { status: 'Approved', isDocumentVerified: true } },
    });
    expect(await auditOf(student.studentId, 'student.approve')).toMatchObject([
      { before: { status: 'Pending' }, after: { status: 'Approved', isDocumentVerified: true } },
    ]);
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const reviewer = await staffCaller(t.app, 'admissions');
    const student = await onboardedStudent(t.app);
    const url = `/staffapi/students/${student.studentId}/review`;
    for (const body of [{ decision: 'maybe' }, { decision: 'reject', reason: 'x'.repeat(501) }, { extra: 1 }])
      expect((await staffCall(t.app, reviewer, 'POST', url, body)).status).toBe(400);
    expect(
      (await staffCall(t.app, reviewer, 'POST', '/staffapi/students/nope/review', { decision: 'approve' }))
        .status,
    ).toBe(400);
    const unknown = await staffCall(
      t.app,
      reviewer,
      'POST',
      '/staffapi/students/00000000-0000-4000-8000-000000000000/review',
      { decision: 'approve' },
    );
    expect(unknown).toMatchObject({ status: 404, body: { message: messages.studentNotFound } });
    expect((await next(reviewer, 'not-a-uuid')).status).toBe(400);
    const [row] = await queryRows<{ status: string }>(
      db(),
      sql`select status from students where id = ${student.studentId}`,
    );
    expect(row?.status).toBe('Pending');
  });

  it('sets onsite permission and grants a restricted batch, each audited', async () => {
    const reviewer = await staffCaller(t.app, 'admissions');
    const student = await onboardedStudent(t.app);
    const onsite = await staffCall(
      t.app,
      reviewer,
      'POST',
      `/staffapi/students/${student.studentId}/onsite`,
      {
        allowed: true,
      },
    );
    expect(onsite.status).toBe(200);
    expect(await auditOf(student.studentId, 'student.onsite')).toMatchObject([
      { actor: reviewer.email, before: { onSiteAllowed: false }, after: { onSiteAllowed: true } },
    ]);

    const { batchId } = await ids(t, 'Batch 36', 'Karachi', 'AIC');
    const grantUrl = `/staffapi/students/${student.studentId}/grants`;
    const granted = await staffCall(t.app, reviewer, 'POST', grantUrl, {
      batchId,
      course: 'aic',
      onSiteAllowed: true,
    });
    expect(granted.status).toBe(200);
    const page = await staffCall(t.app, reviewer, 'GET', `/staffapi/students/${student.studentId}`);
    expect(page.body.data.grants).toMatchObject([{ batchId, course: 'AIC', onSiteAllowed: true }]);
    expect(await auditOf(student.studentId, 'student.grant')).toMatchObject([
      { before: null, after: { batchId, course: 'AIC', onSiteAllowed: true } },
    ]);
    const wrong = await staffCall(t.app, reviewer, 'POST', grantUrl, {
      batchId: '00000000-0000-4000-8000-000000000000',
      course: 'AIC',
    });
    expect(wrong).toMatchObject({ status: 404, body: { message: messages.batchCourseNotFound } });
  });
});

describe('the command line goes through the same rules', () => {
  it('writes audit entries by "command line" for approve, reject and allow-onsite, and e-mails the reason', async () => {
    const a = await onboardedStudent(t.app);
    const b = await onboardedStudent(t.app);
    expect(await admin(t, ['student:approve', a.email])).toBe(`Approved: ${a.email}`);
    expect(await admin(t, ['student:reject', b.email, '--reason', 'Blurred photo'])).toBe(
      `Rejected: ${b.email} (reason: Blurred photo)`,
    );
    expect(await admin(t, ['student:allow-onsite', a.email])).toBe(`Onsite allowed: ${a.email}`);
    expect(await auditOf(a.studentId, 'student.approve')).toMatchObject([{ actor: COMMAND_LINE_ACTOR }]);
    expect(await auditOf(b.studentId, 'student.reject')).toMatchObject([
      { actor: COMMAND_LINE_ACTOR, after: { rejectreason: 'Blurred photo' } },
    ]);
    expect(await auditOf(a.studentId, 'student.onsite')).toMatchObject([{ actor: COMMAND_LINE_ACTOR }]);
    const mails = await queryRows<{ recipient: string }>(
      db(),
      sql`select recipient from mail_outbox where recipient = ${b.email} and text_body like '%Blurred photo%'`,
    );
    expect(mails).toHaveLength(1);
  });
});

describe('the audit list', () => {
  it('shows a non-admin only its own entries, and an admin all', async () => {
    const mine = await staffCaller(t.app, 'admissions');
    const student = await onboardedStudent(t.app);
    await staffCall(t.app, mine, 'POST', `/staffapi/students/${student.studentId}/onsite`, { allowed: true });
    const own = await staffCall(t.app, mine, 'GET', '/staffapi/audit');
    expect(own.status).toBe(200);
    expect(own.body.total).toBe(1);
    expect(own.body.data[0]).toMatchObject({
      actor: mine.email,
      action: 'student.onsite',
      subjectId: student.studentId,
    });

    const content = await staffCaller(t.app, 'content');
    expect((await staffCall(t.app, content, 'GET', '/staffapi/audit')).body).toMatchObject({
      data: [],
      total: 0,
    });

    // An entry of the command line's own, so the filter has one to find whatever ran before.
    await admin(t, ['student:allow-onsite', student.email]);
    const chief = await staffCaller(t.app, 'admin');
    const all = await staffCall(
      t.app,
      chief,
      'GET',
      `/staffapi/audit?actor=${encodeURIComponent(COMMAND_LINE_ACTOR)}&pageSize=5`,
    );
    expect(all.body.total).toBeGreaterThan(0);
    expect(all.body.data.every((entry: { actor: string }) => entry.actor === COMMAND_LINE_ACTOR)).toBe(true);
    const bySubject = await staffCall(
      t.app,
      chief,
      'GET',
      `/staffapi/audit?subjectId=${student.studentId}&action=student.onsite&actor=${encodeURIComponent(mine.email)}`,
    );
    expect(bySubject.body.total).toBe(1);
    expect((await staffCall(t.app, chief, 'GET', '/staffapi/audit?pageSize=1000')).status).toBe(400);
  });

  it('names a student subject by name and roll number, and exports the filtered log as CSV (issue 25, item 6)', async () => {
    const mine = await staffCaller(t.app, 'admissions');
    const student = await onboardedStudent(t.app);
    await db().execute(
      sql`update students set roll_no = ${`PIAIC-A${Date.now() % 1e6}`} where id = ${student.studentId}`,
    );
    const [known] = await queryRows<{ full_name: string; roll_no: string }>(
      db(),
      sql`select full_name, roll_no from students where id = ${student.studentId}`,
    );
    expect(known!.full_name).toBeTruthy();
    for (const allowed of [true, false])
      await staffCall(t.app, mine, 'POST', `/staffapi/students/${student.studentId}/onsite`, { allowed });
    const page = await staffCall(t.app, mine, 'GET', `/staffapi/audit?subjectId=${student.studentId}`);
    expect(page.body.data).toMatchObject([
      { subjectName: known!.full_name, subjectRollNo: known!.roll_no, after: { onSiteAllowed: false } },
      { subjectName: known!.full_name, subjectRollNo: known!.roll_no, after: { onSiteAllowed: true } },
    ]);

    const csv = async (caller: StaffCaller, query: string) => {
      const response = await t.app.inject({
        method: 'GET',
        url: `/staffapi/audit?format=csv&${query}`,
        headers: { cookie: caller.cookie },
      });
      return { response, lines: response.body.trim().split(/\r?\n/) };
    };
    const { response, lines } = await csv(mine, `subjectId=${student.studentId}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(lines[0]).toBe(
      'When,Actor,Role,Address,Action,Subject,Subject name,Subject roll number,Before,After',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${mine.email},admissions,`);
    expect(lines[1]).toContain(`student.onsite,${student.studentId},${known!.full_name},${known!.roll_no},`);
    // As the pages: another role's export holds only its own entries.
    const content = await staffCaller(t.app, 'content');
    expect((await csv(content, `subjectId=${student.studentId}`)).lines).toHaveLength(1);
  });
});
