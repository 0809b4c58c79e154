import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { resultsAnswerSchema } from '@portal/shared/schemas/staff';
import { createTestApp, type TestApp } from './helpers';
import { staffCall, staffCaller, type StaffCaller } from './staff';
import { auditOf, registered } from './staff-data';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';

let t: TestApp;
let admissions: StaffCaller;
beforeAll(async () => {
  t = await createTestApp();
  admissions = await staffCaller(t.app, 'admissions');
});
afterAll(() => t.close());

async function resultsOf(enrolmentId: string) {
  return queryRows<{ quarter: string; grade: string; percentile: number; is_passed: boolean }>(
    t.app.services.database.db,
    sql`select quarter, grade, percentile, is_passed from quarter_results where enrolment_id = ${enrolmentId} order by quarter`,
  );
}

describe('POST /staffapi/results', () => {
  it('saves each row or refuses it; the same row twice changes nothing the second time', async () => {
    const a = await registered(t, { status: 'LEARNING' });
    const b = await registered(t, { status: 'LEARNING' });
    const rows = [
      { rollNo: a.rollNo, course: 'AIC', quarter: 'Q1', grade: 'a', percentile: 91, isPassed: true },
      { rollNo: b.rollNo, course: 'AIC', quarter: 'Q1', grade: 'C+', percentile: 40, isPassed: false },
      { rollNo: 'NO-SUCH-ROLL', course: 'AIC', quarter: 'Q1', grade: 'B', percentile: 50, isPassed: true },
      { rollNo: b.rollNo, course: 'CNC', quarter: 'Q1', grade: 'B', percentile: 50, isPassed: true },
    ];
    const first = await staffCall(t.app, admissions, 'POST', '/staffapi/results', { rows });
    expect(first.status).toBe(200);
    expect(resultsAnswerSchema.parse(first.body)).toMatchObject({
      saved: 2,
      refused: [
        { rollNo: 'NO-SUCH-ROLL', message: messages.rollNoUnknown },
        { rollNo: b.rollNo, message: 'No registration in CNC' },
      ],
    });
    expect(await resultsOf(a.enrolmentId)).toEqual([
      { quarter: 'Q1', grade: 'A', percentile: 91, is_passed: true },
    ]);
    expect(await auditOf(t, a.studentId)).toEqual([
      {
        actor: admissions.email,
        role: 'admissions',
        action: 'result.set',
        subject_id: a.studentId,
        before: null,
        after: {
          enrolmentId: a.enrolmentId,
          course: 'AIC',
          quarter: 'Q1',
          grade: 'A',
          percentile: 91,
          isPassed: true,
        },
      },
    ]);

    const second = await staffCall(t.app, admissions, 'POST', '/staffapi/results', {
      rows: rows.slice(0, 2),
    });
    expect(second.body).toMatchObject({ saved: 0, refused: [] });
    expect(await auditOf(t, a.studentId)).toHaveLength(1);

    const changed = await staffCall(t.app, admissions, 'POST', '/staffapi/results', {
      rows: [{ ...rows[0]!, grade: 'B', percentile: 80 }],
    });
    expect(changed.body).toMatchObject({ saved: 1 });
    const entries = await auditOf(t, a.studentId);
    expect(entries).toHaveLength(2);
    expect(entries[1]).toMatchObject({
      before: { grade: 'A', percentile: 91, isPassed: true },
      after: { grade: 'B', percentile: 80, isPassed: true },
    });
  });

  it('takes one row per roll number, course and quarter: a repeat is refused, not applied twice', async () => {
    const a = await registered(t);
    const row = {
      rollNo: a.rollNo,
      course: 'AIC',
      quarter: 'Q2',
      grade: 'A',
      percentile: 91,
      isPassed: true,
    };
    const answer = await staffCall(t.app, admissions, 'POST', '/staffapi/results', {
      rows: [row, { ...row, grade: 'F', isPassed: false }],
    });
    expect(answer.body).toMatchObject({
      saved: 1,
      refused: [{ rollNo: a.rollNo, message: messages.rowRepeated }],
    });
    expect(await resultsOf(a.enrolmentId)).toEqual([
      { quarter: 'Q2', grade: 'A', percentile: 91, is_passed: true },
    ]);
  });

  it('refuses a bad row with 400 and other roles with 403, saving nothing', async () => {
    const a = await registered(t);
    const row = {
      rollNo: a.rollNo,
      course: 'AIC',
      quarter: 'Q1',
      grade: 'A',
      percentile: 91,
      isPassed: true,
    };
    for (const bad of [{ grade: 'Z' }, { percentile: 101 }, { quarter: 'Q9' }, { isPassed: 'yes' }]) {
      const answer = await staffCall(t.app, admissions, 'POST', '/staffapi/results', {
        rows: [{ ...row, ...bad }],
      });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
    }
    for (const role of ['content', 'accounts'] as const) {
      const caller = await staffCaller(t.app, role);
      expect((await staffCall(t.app, caller, 'POST', '/staffapi/results', { rows: [row] })).status).toBe(403);
    }
    expect(await resultsOf(a.enrolmentId)).toEqual([]);
    expect(await auditOf(t, a.studentId)).toEqual([]);
  });
});
