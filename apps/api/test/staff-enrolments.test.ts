import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { messages } from '@portal/shared/messages';
import { enrolmentsAnswerSchema, enrolmentStatusAnswerSchema } from '@portal/shared/schemas/staff';
import { admin } from './enrolment';
import { createTestApp, type TestApp } from './helpers';
import { staffCall, staffCaller, type StaffCaller } from './staff';
import { auditOf, registered, statusOf } from './staff-data';

let t: TestApp;
let admissions: StaffCaller;
beforeAll(async () => {
  t = await createTestApp();
  admissions = await staffCaller(t.app, 'admissions');
});
afterAll(() => t.close());

describe('GET /staffapi/enrolments', () => {
  it('lists the matching registrations a page at a time, with the total', async () => {
    const mine = [
      await registered(t, { status: 'DROPOUT' }),
      await registered(t, { status: 'DROPOUT' }),
      await registered(t, { status: 'DROPOUT' }),
    ];
    await registered(t, { status: 'APPLIED' });
    const first = await staffCall(
      t.app,
      admissions,
      'GET',
      '/staffapi/enrolments?status=DROPOUT&course=aic&city=karachi&page=1&pageSize=2',
    );
    expect(first.status).toBe(200);
    const page1 = enrolmentsAnswerSchema.parse(first.body);
    expect(page1.total).toBe(3);
    expect(page1.data).toHaveLength(2);
    const second = enrolmentsAnswerSchema.parse(
      (await staffCall(t.app, admissions, 'GET', '/staffapi/enrolments?status=DROPOUT&page=2&pageSize=2'))
        .body,
    );
    expect(second.data).toHaveLength(1);
    expect([...page1.data, ...second.data].map((row) => row.rollNo).sort()).toEqual(
      mine.map((row) => row.rollNo).sort(),
    );
    expect(second.data[0]).toMatchObject({
      course: 'AIC',
      batchName: 'Batch 36',
      city: 'Karachi',
      status: 'DROPOUT',
      platform: 'onsite',
      paidQuarters: [],
    });
  });

  it('refuses a bad filter with 400, never a 500', async () => {
    for (const query of ['status=NOPE', 'course=XYZ', 'batchId=1', 'pageSize=1000', 'format=xml']) {
      const answer = await staffCall(t.app, admissions, 'GET', `/staffapi/enrolments?${query}`);
      expect(answer.status, query).toBe(400);
    }
  });

  it('downloads every matching row as CSV with the columns of API.md', async () => {
    const one = await registered(t, { status: 'GRADUATED', fullName: 'Sana Ali', onsite: false });
    const answer = await staffCall(
      t.app,
      admissions,
      'GET',
      '/staffapi/enrolments?status=GRADUATED&format=csv',
    );
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename="enrolments-.*\.csv"$/);
    const rows: string[][] = parse(answer.text);
    expect(rows[0]).toEqual([
      'Roll number',
      'Name',
      'CNIC',
      'E-mail',
      'Phone',
      'City',
      'Course',
      'Batch',
      'Status',
      'Platform',
      'Paid quarters',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      one.rollNo,
      'Sana Ali',
      expect.stringMatching(/^\d{13}$/),
      one.email,
      '03001234567',
      'Karachi',
      'AIC',
      'Batch 36',
      'GRADUATED',
      'online',
      '',
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    await registered(t, {
      status: 'REJECTED',
      fullName: '=HYPERLINK("http://evil.example","x")',
      phone: '+923001234567',
    });
    await registered(t, { status: 'REJECTED', fullName: '@SUM(A1)' });
    await registered(t, { status: 'REJECTED', fullName: '-2+3' });
    const answer = await staffCall(
      t.app,
      admissions,
      'GET',
      '/staffapi/enrolments?status=REJECTED&format=csv',
    );
    const rows: string[][] = parse(answer.text);
    const names = rows.slice(1).map((row) => row[1]);
    expect(names.sort()).toEqual(["'-2+3", '\'=HYPERLINK("http://evil.example","x")', "'@SUM(A1)"].sort());
    expect(answer.text).toContain("'+923001234567");
  });

  it('is for admissions and admin only: content and accounts get 403', async () => {
    for (const role of ['content', 'accounts'] as const) {
      const caller = await staffCaller(t.app, role);
      const answer = await staffCall(t.app, caller, 'GET', '/staffapi/enrolments?format=csv');
      expect(answer.status, role).toBe(403);
      expect(answer.body.message).toBe(messages.forbidden);
    }
    const adminCaller = await staffCaller(t.app, 'admin');
    expect((await staffCall(t.app, adminCaller, 'GET', '/staffapi/enrolments')).status).toBe(200);
    expect((await staffCall(t.app, undefined, 'GET', '/staffapi/enrolments')).status).toBe(401);
  });
});

describe('POST /staffapi/enrolments/status', () => {
  it('applies each roll number or refuses it with its reason, and audits each change', async () => {
    const a = await registered(t);
    const b = await registered(t);
    const already = await registered(t, { status: 'ENTRYTESTPASSED' });
    const otherCourse = await registered(t, { course: 'AIC' });
    const answer = await staffCall(t.app, admissions, 'POST', '/staffapi/enrolments/status', {
      rollNos: [a.rollNo, b.rollNo, already.rollNo, 'NO-SUCH-ROLL', a.rollNo],
      status: 'ENTRYTESTPASSED',
      course: 'aic',
    });
    expect(answer.status).toBe(200);
    const body = enrolmentStatusAnswerSchema.parse(answer.body);
    expect(body.updated).toBe(2);
    expect(body.refused).toEqual([{ rollNo: 'NO-SUCH-ROLL', message: messages.rollNoUnknown }]);
    expect(await statusOf(t, a.enrolmentId)).toBe('ENTRYTESTPASSED');
    expect(await statusOf(t, b.enrolmentId)).toBe('ENTRYTESTPASSED');

    const entries = await auditOf(t, a.studentId);
    expect(entries).toEqual([
      {
        actor: admissions.email,
        role: 'admissions',
        action: 'enrolment.status',
        subject_id: a.studentId,
        before: { enrolmentId: a.enrolmentId, course: 'AIC', status: 'APPLIED' },
        after: { enrolmentId: a.enrolmentId, course: 'AIC', status: 'ENTRYTESTPASSED' },
      },
    ]);
    expect(await auditOf(t, already.studentId)).toEqual([]);

    const wrongCourse = await staffCall(t.app, admissions, 'POST', '/staffapi/enrolments/status', {
      rollNos: [otherCourse.rollNo],
      status: 'LEARNING',
      course: 'BCC',
    });
    expect(wrongCourse.body).toMatchObject({
      updated: 0,
      refused: [{ rollNo: otherCourse.rollNo, message: 'No registration in BCC' }],
    });

    // The same request again changes nothing and writes nothing.
    const again = await staffCall(t.app, admissions, 'POST', '/staffapi/enrolments/status', {
      rollNos: [a.rollNo, b.rollNo],
      status: 'ENTRYTESTPASSED',
      course: 'AIC',
    });
    expect(again.body).toMatchObject({ updated: 0, refused: [] });
    expect(await auditOf(t, a.studentId)).toHaveLength(1);
  });

  it('names each change with the status it had, and sending those back undoes it, audited (issue 25, item 2)', async () => {
    const applied = await registered(t);
    const failed = await registered(t, { status: 'ENTRYTESTFAILED' });
    const already = await registered(t, { status: 'LEARNING' });
    const change = await staffCall(t.app, admissions, 'POST', '/staffapi/enrolments/status', {
      rollNos: [applied.rollNo, failed.rollNo, already.rollNo],
      status: 'LEARNING',
      course: 'AIC',
    });
    const changed = enrolmentStatusAnswerSchema.parse(change.body).changed;
    expect(changed).toEqual([
      { rollNo: applied.rollNo, from: 'APPLIED' },
      { rollNo: failed.rollNo, from: 'ENTRYTESTFAILED' },
    ]);

    // The console's Undo: a call per earlier status, with the roll numbers that had it.
    for (const from of new Set(changed.map((row) => row.from))) {
      const back = await staffCall(t.app, admissions, 'POST', '/staffapi/enrolments/status', {
        rollNos: changed.filter((row) => row.from === from).map((row) => row.rollNo),
        status: from,
        course: 'AIC',
      });
      expect(back.body).toMatchObject({ updated: 1, changed: [{ from: 'LEARNING' }] });
    }
    expect(await statusOf(t, applied.enrolmentId)).toBe('APPLIED');
    expect(await statusOf(t, failed.enrolmentId)).toBe('ENTRYTESTFAILED');
    expect(await statusOf(t, already.enrolmentId)).toBe('LEARNING');
    expect((await auditOf(t, applied.studentId)).map((entry) => entry.after)).toEqual([
      { enrolmentId: applied.enrolmentId, course: 'AIC', status: 'LEARNING' },
      { enrolmentId: applied.enrolmentId, course: 'AIC', status: 'APPLIED' },
    ]);
  });

  it('refuses a bad body with 400 and other roles with 403, changing nothing', async () => {
    const a = await registered(t);
    for (const body of [
      { rollNos: [], status: 'LEARNING', course: 'AIC' },
      { rollNos: [a.rollNo], status: 'SOMETHING', course: 'AIC' },
      { rollNos: [a.rollNo], status: 'LEARNING', course: 'NOPE' },
      { rollNos: [a.rollNo], status: 'LEARNING', course: 'AIC', extra: 1 },
    ]) {
      expect((await staffCall(t.app, admissions, 'POST', '/staffapi/enrolments/status', body)).status).toBe(
        400,
      );
    }
    for (const role of ['content', 'accounts'] as const) {
      const caller = await staffCaller(t.app, role);
      const answer = await staffCall(t.app, caller, 'POST', '/staffapi/enrolments/status', {
        rollNos: [a.rollNo],
        status: 'LEARNING',
        course: 'AIC',
      });
      expect(answer.status, role).toBe(403);
    }
    expect(await statusOf(t, a.enrolmentId)).toBe('APPLIED');
    expect(await auditOf(t, a.studentId)).toEqual([]);
  });
});

describe('10,000 roll numbers in one call', () => {
  it('takes them (the body is over the default limit) and answers for each', async () => {
    const a = await registered(t);
    const rollNos = [
      a.rollNo,
      ...Array.from({ length: 9_999 }, (_, i) => `UNKNOWN-${String(i).padStart(6, '0')}`),
    ];
    const answer = await staffCall(t.app, admissions, 'POST', '/staffapi/enrolments/status', {
      rollNos,
      status: 'APPROVED',
      course: 'AIC',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.updated).toBe(1);
    expect(answer.body.refused).toHaveLength(9_999);
    expect(await statusOf(t, a.enrolmentId)).toBe('APPROVED');
  });
});

describe('the command line goes through the same service', () => {
  it('enrolment:set-status and result:set write audit entries as the command line', async () => {
    const a = await registered(t);
    await admin(t, ['enrolment:set-status', a.email, 'AIC', 'LEARNING']);
    await admin(t, ['result:set', a.email, 'AIC', 'Q1', '--grade', 'B', '--percentile', '70', '--passed']);
    await admin(t, ['result:set', a.email, 'AIC', 'Q1', '--grade', 'B', '--percentile', '70', '--passed']);
    const entries = await auditOf(t, a.studentId);
    expect(entries.map((entry) => [entry.actor, entry.action])).toEqual([
      ['command line', 'enrolment.status'],
      ['command line', 'result.set'],
    ]);
    expect(entries[0]!.after).toMatchObject({ status: 'LEARNING' });
  });
});
