import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { enrolmentActions, type EnrolmentStatus } from '@portal/shared/constants/enrolment';
import { messages } from '@portal/shared/messages';
import { importAnswerSchema } from '@portal/shared/schemas/staff';
import { queryRows } from '../src/db/client';
import { neutralise } from '../src/lib/csv';
import { runHousekeeping } from '../src/services/housekeeping';
import { ids } from './enrolment';
import { createTestApp, multipart, onboardedStudent, post, type TestApp } from './helpers';
import { png } from './images';
import { staffCall, staffCaller, type StaffCaller } from './staff';
import { auditOf, importCsv, registered, statusOf } from './staff-data';

let t: TestApp;
let admissions: StaffCaller;
beforeAll(async () => {
  t = await createTestApp();
  admissions = await staffCaller(t.app, 'admissions');
});
afterAll(() => t.close());

const statusImport = '/staffapi/enrolments/import';

/** How many imports a staff member has kept. */
async function keptImportsOf(staffId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.app.services.database.db,
    sql`select count(*)::int as n from import_reports where staff_id = ${staffId}`,
  );
  return row!.n;
}
const resultsImport = '/staffapi/results/import';

describe('enrolment status import (CSV)', () => {
  it('previews row by row and changes nothing; apply then applies the same rows, audited', async () => {
    const a = await registered(t);
    const b = await registered(t, { status: 'ENTRYTESTPASSED' });
    const file = [
      'Roll Number,Course,Status',
      `${a.rollNo},aic,entrytestpassed`,
      `${b.rollNo},AIC,ENTRYTESTPASSED`,
      'NO-SUCH-ROLL,AIC,LEARNING',
      '',
      `${a.rollNo},BCC,LEARNING`,
    ].join('\r\n');

    const preview = await importCsv(t.app, admissions, statusImport, file, 'preview');
    expect(preview.status).toBe(200);
    const previewed = importAnswerSchema.parse(preview.body);
    expect(previewed).toMatchObject({ mode: 'preview', changes: 1, unchanged: 1, refused: 2 });
    expect(previewed.rows).toEqual([
      { line: 2, rollNo: a.rollNo, outcome: 'change', detail: 'APPLIED -> ENTRYTESTPASSED' },
      { line: 3, rollNo: b.rollNo, outcome: 'unchanged', detail: 'already ENTRYTESTPASSED' },
      { line: 4, rollNo: 'NO-SUCH-ROLL', outcome: 'refused', detail: messages.rollNoUnknown },
      { line: 6, rollNo: a.rollNo, outcome: 'refused', detail: 'No registration in BCC' },
    ]);
    expect(await statusOf(t, a.enrolmentId)).toBe('APPLIED');
    expect(await auditOf(t, a.studentId)).toEqual([]);

    const applied = importAnswerSchema.parse(
      (await importCsv(t.app, admissions, statusImport, file, 'apply')).body,
    );
    expect(applied).toMatchObject({ mode: 'apply', changes: 1, unchanged: 1, refused: 2 });
    expect(applied.rows.map((row) => row.outcome)).toEqual(previewed.rows.map((row) => row.outcome));
    expect(await statusOf(t, a.enrolmentId)).toBe('ENTRYTESTPASSED');
    expect(await auditOf(t, a.studentId)).toMatchObject([
      { action: 'enrolment.status', actor: admissions.email, after: { status: 'ENTRYTESTPASSED' } },
    ]);
  });

  it('refuses a repeated roll number and course after its first line', async () => {
    const a = await registered(t);
    const answer = await importCsv(
      t.app,
      admissions,
      statusImport,
      `rollNo,course,status\n${a.rollNo},AIC,LEARNING\n${a.rollNo},AIC,DROPOUT\n`,
      'apply',
    );
    expect(answer.body.rows).toEqual([
      { line: 2, rollNo: a.rollNo, outcome: 'change', detail: 'APPLIED -> LEARNING' },
      { line: 3, rollNo: a.rollNo, outcome: 'refused', detail: messages.rowRepeated },
    ]);
    expect(await statusOf(t, a.enrolmentId)).toBe('LEARNING');
  });

  it('refuses a malformed file naming the line, keeps nothing of it, and changes nothing', async () => {
    const a = await registered(t);
    const kept = await keptImportsOf(admissions.id);
    const good = `${a.rollNo},AIC,LEARNING`;
    const cases: [string, number, RegExp][] = [
      [`rollNo,course,status\n${good},extra`, 2, /same number of columns/],
      [`rollNo,course,state\n${good}`, 1, /unknown column "state"/],
      [`rollNo,course\n${a.rollNo},AIC`, 1, /missing column status/],
      [`rollNo,course,status\n${good}\n${a.rollNo},AIC,"LEARN"ING`, 3, /quote/],
      [`rollNo,course,status\n${good}\n"${a.rollNo},AIC,LEARNING`, 3, /quoted cell is not closed/],
    ];
    for (const [file, line, problem] of cases) {
      const answer = await importCsv(t.app, admissions, statusImport, file, 'apply');
      expect(answer.status, file).toBe(400);
      expect(answer.body.message, file).toMatch(new RegExp(`^Line ${line}: `));
      expect(answer.body.message, file).toMatch(problem);
    }
    expect(await statusOf(t, a.enrolmentId)).toBe('APPLIED');
    expect(await auditOf(t, a.studentId)).toEqual([]);
    expect(await keptImportsOf(admissions.id)).toBe(kept);
  });

  it('refuses a row whose cell cannot be read, with its line and reason, and applies the other rows', async () => {
    const a = await registered(t);
    const b = await registered(t);
    const file = [
      'rollNo,course,status',
      `${a.rollNo},AIC,ADMITTED`,
      `${b.rollNo},AIC,LEARNING`,
      `${a.rollNo},XYZ,LEARNING`,
      ',AIC,LEARNING',
    ].join('\n');
    const preview = importAnswerSchema.parse((await importCsv(t.app, admissions, statusImport, file)).body);
    expect(preview).toMatchObject({ changes: 1, unchanged: 0, refused: 3 });
    expect(preview.rows).toEqual([
      {
        line: 2,
        rollNo: a.rollNo,
        outcome: 'refused',
        detail: expect.stringMatching(/^status "ADMITTED" is not one of APPLIED/),
      },
      { line: 3, rollNo: b.rollNo, outcome: 'change', detail: 'APPLIED -> LEARNING' },
      {
        line: 4,
        rollNo: a.rollNo,
        outcome: 'refused',
        detail: expect.stringMatching(/^course "XYZ" is not one of/),
      },
      { line: 5, rollNo: '', outcome: 'refused', detail: 'rollNo is empty' },
    ]);
    const applied = importAnswerSchema.parse(
      (await importCsv(t.app, admissions, statusImport, file, 'apply')).body,
    );
    expect(applied).toMatchObject({ mode: 'apply', changes: 1, refused: 3 });
    expect(await statusOf(t, a.enrolmentId)).toBe('APPLIED');
    expect(await statusOf(t, b.enrolmentId)).toBe('LEARNING');
  });

  it('works through a big file in batches: repeats found across them, the first rows of each outcome answered and the rest paged', async () => {
    const students = await Promise.all(Array.from({ length: 5 }, () => registered(t)));
    const [first, second] = students;
    // 2,600 rows: more than one batch (IMPORT_BATCH_ROWS), with repeats of the first batch's rows after it.
    const rows = Array.from({ length: 2_600 }, (_, i) => `UNKNOWN-${i},AIC,LEARNING`);
    rows[0] = `${first!.rollNo},AIC,LEARNING`;
    rows[2_598] = `${first!.rollNo},AIC,DROPOUT`;
    rows[2_599] = `${second!.rollNo},AIC,DROPOUT`;
    rows[150] = `${second!.rollNo},AIC,APPLIED`;
    const file = `rollNo,course,status\n${rows.join('\n')}`;
    const answer = importAnswerSchema.parse(
      (await importCsv(t.app, admissions, statusImport, file, 'apply')).body,
    );
    expect(answer).toMatchObject({ changes: 1, unchanged: 1, refused: 2_598 });
    // At most IMPORT_FIRST_ROWS of each outcome, in the file's order.
    expect(answer.rows).toHaveLength(102);
    expect(answer.rows.slice(0, 2)).toEqual([
      { line: 2, rollNo: first!.rollNo, outcome: 'change', detail: 'APPLIED -> LEARNING' },
      { line: 3, rollNo: 'UNKNOWN-1', outcome: 'refused', detail: messages.rollNoUnknown },
    ]);
    expect(await statusOf(t, first!.enrolmentId)).toBe('LEARNING');
    expect(await statusOf(t, second!.enrolmentId)).toBe('APPLIED');

    const page = async (outcome: string, query: string, caller = admissions) =>
      staffCall(t.app, caller, 'GET', `/staffapi/imports/${answer.importId}/${outcome}${query}`);
    const last = await page('refused', '?page=26&pageSize=100');
    expect(last.status).toBe(200);
    expect(last.body.total).toBe(2_598);
    expect(last.body.data.slice(-2)).toEqual([
      { line: 2_600, rollNo: first!.rollNo, outcome: 'refused', detail: messages.rowRepeated },
      { line: 2_601, rollNo: second!.rollNo, outcome: 'refused', detail: messages.rowRepeated },
    ]);
    expect(last.body.data).toHaveLength(98);
    expect((await page('unchanged', '')).body).toEqual({
      success: true,
      data: [{ line: 152, rollNo: second!.rollNo, outcome: 'unchanged', detail: 'already APPLIED' }],
      total: 1,
    });
    // Another's import is not found; an outcome that is not one is refused.
    const other = await staffCaller(t.app, 'admissions');
    expect((await page('refused', '', other)).status).toBe(404);
    expect((await page('refused', '', other)).body.message).toBe(messages.importNotFound);
    expect((await page('pending', '')).status).toBe(400);
  });

  it('keeps an import a day: housekeeping deletes it after, and a half-read one after an hour', async () => {
    const a = await registered(t);
    const answer = importAnswerSchema.parse(
      (await importCsv(t.app, admissions, statusImport, `rollNo,course,status\n${a.rollNo},AIC,LEARNING`))
        .body,
    );
    const { db } = t.app.services.database;
    await db.execute(sql`insert into import_reports (staff_id, kind, created_at)
      values (${admissions.id}, 'enrolments', now() - interval '2 hours')`);
    const before = await keptImportsOf(admissions.id);
    expect((await runHousekeeping(db, { studentIdleMinutes: 60 }))!.import_reports).toBe(1);
    expect(await keptImportsOf(admissions.id)).toBe(before - 1);
    await db.execute(sql`update import_reports set created_at = now() - interval '25 hours'
      where id = ${answer.importId}`);
    expect((await runHousekeeping(db, { studentIdleMinutes: 60 }))!.import_reports).toBe(1);
    const [rows] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from import_rows where report_id = ${answer.importId}`,
    );
    expect(rows!.n).toBe(0);
  });

  it('refuses an empty file, a file without rows, a missing file and a bad mode with 400, and a body that is not multipart with 415', async () => {
    for (const file of ['', 'rollNo,course,status\n', '\n\n']) {
      const answer = await importCsv(t.app, admissions, statusImport, file, 'apply');
      expect(answer.status, JSON.stringify(file)).toBe(400);
      expect(answer.body.message).toBe(messages.csvEmpty);
    }
    const a = await registered(t);
    const badMode = await importCsv(
      t.app,
      admissions,
      statusImport,
      `rollNo,course,status\n${a.rollNo},AIC,LEARNING`,
      'now',
    );
    expect(badMode.status).toBe(400);
    expect(badMode.body.message).toBe(messages.importModeInvalid);
    expect(await statusOf(t, a.enrolmentId)).toBe('APPLIED');
    const modeOnly = multipart([{ name: 'mode', value: 'apply' }]);
    const noFile = await t.app.inject({
      method: 'POST',
      url: statusImport,
      payload: modeOnly.payload,
      headers: { 'content-type': modeOnly.contentType, cookie: admissions.cookie },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json<{ message: string }>().message).toBe(messages.csvEmpty);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: statusImport,
      payload: { mode: 'apply' },
      headers: { cookie: admissions.cookie },
    });
    expect(notMultipart.statusCode).toBeGreaterThanOrEqual(400);
    expect(notMultipart.statusCode).toBeLessThan(500);
    expect(notMultipart.statusCode).toBe(415);
  });

  it('refuses what is not text (an image renamed .csv, NUL bytes) with 400', async () => {
    const image = await importCsv(t.app, admissions, statusImport, await png(), 'preview', 'list.csv');
    expect(image.status).toBe(400);
    expect(image.body.message).toBe(messages.csvNotText);
    const nul = await importCsv(
      t.app,
      admissions,
      statusImport,
      'rollNo,course,status\nA\u0000,AIC,LEARNING\n',
    );
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe(messages.csvNotText);
    const latin1 = await importCsv(
      t.app,
      admissions,
      statusImport,
      Buffer.from('rollNo,course,status\nJos\xe9,AIC,LEARNING\n', 'latin1'),
    );
    expect(latin1.status).toBe(400);
    expect(latin1.body.message).toBe(messages.csvNotText);
  });

  it('refuses a file over the limit with 413', async () => {
    const header = 'rollNo,course,status\n';
    const big = header + 'X-000001,AIC,LEARNING\n'.repeat(Math.ceil(STAFF_CSV_MAX_BYTES / 22) + 1);
    const answer = await importCsv(t.app, admissions, statusImport, big, 'apply');
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe(messages.csvTooLarge);
  });

  it('is for admissions and admin only', async () => {
    const a = await registered(t);
    for (const role of ['content', 'accounts'] as const) {
      const caller = await staffCaller(t.app, role);
      const answer = await importCsv(
        t.app,
        caller,
        statusImport,
        `rollNo,course,status\n${a.rollNo},AIC,LEARNING`,
        'apply',
      );
      expect(answer.status, role).toBe(403);
    }
    const adminCaller = await staffCaller(t.app, 'admin');
    const answer = await importCsv(
      t.app,
      adminCaller,
      statusImport,
      `rollNo,course,status\n${a.rollNo},AIC,LEARNING`,
      'apply',
    );
    expect(answer.body).toMatchObject({ changes: 1 });
  });

  it('ENTRYTESTPASSED through an import lets the student open the portal', async () => {
    const student = await onboardedStudent(t.app);
    const offer = await ids(t, 'Batch 36', 'Karachi', 'AIC');
    const applied = await post(
      t.app,
      '/studentapi/applyCourse',
      { studentId: student.studentId, ...offer, onsite: false },
      student.token,
    );
    expect(applied.status).toBe(200);
    const [row] = await queryRows<{ roll_no: string }>(
      t.app.services.database.db,
      sql`select roll_no from students where id = ${student.studentId}`,
    );
    // The student side decides from the registration's status: Open Portal, and a voucher may be generated.
    const portal = async () => {
      const mine = await post(
        t.app,
        '/studentapi/getcourse/myCourses',
        { studentId: student.studentId },
        student.token,
      );
      const [registration] = mine.body.data as { courseStatus: EnrolmentStatus }[];
      return enrolmentActions(registration!.courseStatus).openPortal;
    };
    const voucher = () =>
      post(
        t.app,
        '/studentapi/generatevoucher/online',
        { data: { studentId: student.studentId, quarter: 'Q1', ...offer } },
        student.token,
      );
    expect(await portal()).toBe(false);
    expect((await voucher()).status).toBe(403);
    const answer = await importCsv(
      t.app,
      admissions,
      statusImport,
      `roll_no,course,status\n${row!.roll_no},AIC,ENTRYTESTPASSED\n`,
      'apply',
    );
    expect(answer.body).toMatchObject({ changes: 1 });
    expect(await portal()).toBe(true);
    expect((await voucher()).status).toBe(200);
  });
});

describe('results import (CSV)', () => {
  it('previews, then applies; the same file again is unchanged', async () => {
    const a = await registered(t, { status: 'LEARNING' });
    const file = [
      'rollNo,course,quarter,grade,percentile,passed',
      `${a.rollNo},AIC,q1,A+,95,yes`,
      `${a.rollNo},AIC,Q2,F,10,failed`,
      'NO-SUCH-ROLL,AIC,Q1,A,90,1',
    ].join('\n');
    const preview = importAnswerSchema.parse((await importCsv(t.app, admissions, resultsImport, file)).body);
    expect(preview.rows).toEqual([
      { line: 2, rollNo: a.rollNo, outcome: 'change', detail: 'Q1: new A+, 95, passed' },
      { line: 3, rollNo: a.rollNo, outcome: 'change', detail: 'Q2: new F, 10, failed' },
      { line: 4, rollNo: 'NO-SUCH-ROLL', outcome: 'refused', detail: messages.rollNoUnknown },
    ]);
    expect(await auditOf(t, a.studentId)).toEqual([]);

    const applied = importAnswerSchema.parse(
      (await importCsv(t.app, admissions, resultsImport, file, 'apply')).body,
    );
    expect(applied).toMatchObject({ changes: 2, refused: 1 });
    expect((await auditOf(t, a.studentId)).map((entry) => entry.action)).toEqual([
      'result.set',
      'result.set',
    ]);

    const again = importAnswerSchema.parse(
      (await importCsv(t.app, admissions, resultsImport, file, 'apply')).body,
    );
    expect(again).toMatchObject({ changes: 0, unchanged: 2, refused: 1 });
    expect(await auditOf(t, a.studentId)).toHaveLength(2);

    const changed = file.replace('A+,95,yes', 'A,90,true');
    const update = importAnswerSchema.parse(
      (await importCsv(t.app, admissions, resultsImport, changed)).body,
    );
    expect(update.rows[0]).toMatchObject({
      outcome: 'change',
      detail: 'Q1: A+, 95, passed -> A, 90, passed',
    });
  });

  it('refuses a row with a bad value, naming its line and the value, and keeps the others', async () => {
    const header = 'rollNo,course,quarter,grade,percentile,passed';
    for (const [row, problem] of [
      ['R,AIC,Q1,A,95,maybe', /^passed "maybe"/],
      ['R,AIC,Q1,A,195,yes', /^percentile "195"/],
      ['R,AIC,Q1,G,95,yes', /^grade "G"/],
      ['R,AIC,Q7,A,95,yes', /^quarter "Q7"/],
    ] as const) {
      const answer = await importCsv(
        t.app,
        admissions,
        resultsImport,
        `${header}\nR,AIC,Q1,A,90,no\n${row}\n`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.rows).toEqual([
        { line: 2, rollNo: 'R', outcome: 'refused', detail: messages.rollNoUnknown },
        { line: 3, rollNo: 'R', outcome: 'refused', detail: expect.stringMatching(problem) },
      ]);
    }
  });
});

describe('neutralise', () => {
  it('prefixes what a spreadsheet would run as a formula, and leaves the rest', () => {
    expect(['=1+1', '+92300', '-5', '@SUM(A1)', '\tx', '\rx'].map(neutralise)).toEqual([
      "'=1+1",
      "'+92300",
      "'-5",
      "'@SUM(A1)",
      "'\tx",
      "'\rx",
    ]);
    expect(['Ayesha', 'PIAIC-000001', '', 'a=b'].map(neutralise)).toEqual([
      'Ayesha',
      'PIAIC-000001',
      '',
      'a=b',
    ]);
    expect(neutralise(null)).toBe('');
  });
});
