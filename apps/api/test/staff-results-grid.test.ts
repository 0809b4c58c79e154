import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatMessage, messages } from '@portal/shared/messages';
import { resultsGridAnswerSchema } from '@portal/shared/schemas/staff';
import { queryRows } from '../src/db/client';
import { ids } from './enrolment';
import { createTestApp, type TestApp } from './helpers';
import { staffCall, staffCaller, type StaffCaller } from './staff';
import { auditOf, registered, type Registered } from './staff-data';

/*
 * Issue 25, item 7: the results grid, `GET /staffapi/results/grid`. Each test has a batch's course of its own
 * (the demo seed registers nobody in them), so the grid's rows are exactly the test's students.
 */

let t: TestApp;
let admissions: StaffCaller;
beforeAll(async () => {
  t = await createTestApp();
  admissions = await staffCaller(t.app, 'admissions');
});
afterAll(() => t.close());

async function gridOf(batch: string, city: string, course: string, quarter: string, more = '') {
  const { batchId } = await ids(t, batch, city, course.toUpperCase());
  return staffCall(
    t.app,
    admissions,
    'GET',
    `/staffapi/results/grid?batchId=${batchId}&course=${course}&quarter=${quarter}${more}`,
  );
}

async function saveResult(
  student: Registered,
  course: string,
  quarter: string,
  grade: string,
  passed = true,
) {
  const answer = await staffCall(t.app, admissions, 'POST', '/staffapi/results', {
    rows: [{ rollNo: student.rollNo, course, quarter, grade, percentile: 70, isPassed: passed }],
  });
  expect(answer.body).toMatchObject({ saved: 1, refused: [] });
}

async function storedResults() {
  const [row] = await queryRows<{ results: number; entries: number }>(
    t.app.services.database.db,
    sql`select (select count(*)::int from quarter_results) as results,
               (select count(*)::int from audit_log) as entries`,
  );
  return row;
}

describe('GET /staffapi/results/grid', () => {
  it("lists the batch's students in the course by roll number, with the quarter's result or none", async () => {
    const place = { batch: 'Batch 36', city: 'Islamabad', course: 'CNC' };
    const [a, b, c] = [
      await registered(t, { ...place, status: 'LEARNING', fullName: 'Ayesha Khan' }),
      await registered(t, { ...place, status: 'ENTRYTESTPASSED', fullName: 'Bilal Ahmed' }),
      await registered(t, { ...place, status: 'CANCELLED', fullName: 'Sana Baloch' }),
    ];
    // Neither another city's batch of the same name nor another course of this batch is listed.
    await registered(t, { batch: 'Batch 36', city: 'Lahore', course: 'CNC' });
    await registered(t, { batch: 'Batch 36', city: 'Islamabad', course: 'IOT' });
    await saveResult(a, 'CNC', 'Q2', 'B+');
    await saveResult(b, 'CNC', 'Q1', 'C');

    const answer = await gridOf('Batch 36', 'Islamabad', 'cnc', 'Q2');
    expect(answer.status).toBe(200);
    const grid = resultsGridAnswerSchema.parse(answer.body);
    expect(grid.total).toBe(3);
    const byRoll = [a, b, c].sort((x, y) => (x.rollNo < y.rollNo ? -1 : 1));
    expect(grid.data.map((row) => row.rollNo)).toEqual(byRoll.map((student) => student.rollNo));
    const rowOf = (student: Registered) => grid.data.find((row) => row.rollNo === student.rollNo)!;
    expect(rowOf(a)).toMatchObject({
      studentId: a.studentId,
      fullName: 'Ayesha Khan',
      enrolmentStatus: 'LEARNING',
      result: { grade: 'B+', percentile: 70, isPassed: true },
      savesTo: null,
    });
    expect(new Date(rowOf(a).result!.updatedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    // B's result is of another quarter: none in Q2.
    expect(rowOf(b)).toMatchObject({ enrolmentStatus: 'ENTRYTESTPASSED', result: null, savesTo: null });
    expect(rowOf(c)).toMatchObject({ enrolmentStatus: 'CANCELLED', result: null });

    // Paged like the other staff lists: the total stays, the page moves on.
    const second = resultsGridAnswerSchema.parse(
      (await gridOf('Batch 36', 'Islamabad', 'CNC', 'Q2', '&page=2&pageSize=2')).body,
    );
    expect(second).toMatchObject({ total: 3, data: [{ rollNo: byRoll[2]!.rollNo }] });
  });

  it("names the other batch where a save would go, when the student's registration there is the one meant", async () => {
    const student = await registered(t, {
      batch: 'Batch 36',
      city: 'Lahore',
      course: 'BCC',
      status: 'CANCELLED',
    });
    const other = await ids(t, 'Batch 36', 'Karachi', 'BCC');
    // Re-registered in Karachi later: the results call saves a BCC result there.
    await t.app.services.database.db.execute(
      sql`insert into enrolments (student_id, batch_id, course_id, currently_onsite, status, created_at)
          values (${student.studentId}, ${other.batchId}, ${other.courseId}, false, 'LEARNING',
                  now() + interval '1 minute')`,
    );
    const grid = resultsGridAnswerSchema.parse((await gridOf('Batch 36', 'Lahore', 'BCC', 'Q1')).body);
    expect(grid.data.find((row) => row.rollNo === student.rollNo)?.savesTo).toEqual({
      batchId: other.batchId,
      batchName: 'Batch 36',
      city: 'Karachi',
    });
  });

  it('refuses a bad query with a message, and a role outside admissions and admin with 403, changing nothing', async () => {
    const student = await registered(t, { batch: 'Batch 70', city: 'Lahore', course: 'WMD' });
    const before = await storedResults();
    const { batchId } = await ids(t, 'Batch 70', 'Lahore', 'WMD');
    const grid = (query: string, caller = admissions) =>
      staffCall(t.app, caller, 'GET', `/staffapi/results/grid?${query}`);

    const unknown = await grid(`batchId=00000000-0000-4000-8000-000000000000&course=WMD&quarter=Q1`);
    expect(unknown).toMatchObject({ status: 404, body: { success: false, message: messages.batchNotFound } });
    const notOffered = await grid(`batchId=${batchId}&course=AIC&quarter=Q1`);
    expect(notOffered).toMatchObject({
      status: 400,
      body: { message: formatMessage(messages.catalogueCourseNotInBatch, { course: 'AIC' }) },
    });
    const notRun = await gridOf('Batch 36', 'Karachi', 'AIC', 'Q5');
    expect(notRun).toMatchObject({
      status: 400,
      body: { message: formatMessage(messages.catalogueCourseNoQuarter, { course: 'AIC', quarter: 'Q5' }) },
    });
    for (const bad of [
      `batchId=not-a-batch&course=WMD&quarter=Q1`,
      `batchId=${batchId}&course=XYZ&quarter=Q1`,
      `batchId=${batchId}&course=WMD&quarter=Q9`,
      `batchId=${batchId}&course=WMD`,
      `batchId=${batchId}&course=WMD&quarter=Q1&pageSize=101`,
    ]) {
      const answer = await grid(bad);
      expect(answer.status, bad).toBe(400);
      expect(answer.body.message, bad).toEqual(expect.any(String));
    }

    for (const role of ['content', 'accounts'] as const) {
      const caller = await staffCaller(t.app, role);
      expect((await grid(`batchId=${batchId}&course=WMD&quarter=Q1`, caller)).status).toBe(403);
    }
    const admin = await staffCaller(t.app, 'admin');
    const asAdmin = await grid(`batchId=${batchId}&course=WMD&quarter=Q1`, admin);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.data).toMatchObject([{ rollNo: student.rollNo, result: null }]);
    expect(await storedResults()).toEqual(before);
  });

  it('saves a correction made in the grid through the results call: the grid shows it, the audit keeps it', async () => {
    const student = await registered(t, {
      batch: 'Batch 70',
      city: 'Islamabad',
      course: 'CAE',
      status: 'LEARNING',
    });
    await saveResult(student, 'CAE', 'Q3', 'C', false);
    const [row] = resultsGridAnswerSchema.parse(
      (await gridOf('Batch 70', 'Islamabad', 'CAE', 'Q3')).body,
    ).data;
    expect(row).toMatchObject({
      rollNo: student.rollNo,
      result: { grade: 'C', percentile: 70, isPassed: false },
    });

    // What the console sends for a row edited in place: the row's roll number, the grid's course and quarter.
    const saved = await staffCall(t.app, admissions, 'POST', '/staffapi/results', {
      rows: [
        { rollNo: row!.rollNo, course: 'CAE', quarter: 'Q3', grade: 'B', percentile: 74, isPassed: true },
      ],
    });
    expect(saved.body).toMatchObject({ saved: 1, refused: [] });
    const [after] = resultsGridAnswerSchema.parse(
      (await gridOf('Batch 70', 'Islamabad', 'CAE', 'Q3')).body,
    ).data;
    expect(after?.result).toMatchObject({ grade: 'B', percentile: 74, isPassed: true });
    const entries = await auditOf(t, student.studentId, 'result.set');
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      actor: admissions.email,
      role: 'admissions',
      before: { course: 'CAE', quarter: 'Q3', grade: 'C', percentile: 70, isPassed: false },
      after: { course: 'CAE', quarter: 'Q3', grade: 'B', percentile: 74, isPassed: true },
    });
  });
});
