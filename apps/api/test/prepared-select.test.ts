import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSelect, preparedPer } from '../src/db/prepared';
import { batches, enrolments, sessions, students } from '../src/db/schema';
import { findLiveSession } from '../src/modules/accounts/sessions-repository';
import {
  findLoginAccount,
  findStudentById,
  markDocumentsUploaded,
  studentColumns,
} from '../src/modules/students/repository';
import { applied } from './enrolment';
import { createTestApp, signedInStudent, type TestApp } from './helpers';

/**
 * The hottest reads map their rows with a mapper built once (db/prepared.ts) instead of Drizzle's generic
 * mapping: the rows must be the same, value for value and key for key, as Drizzle's own for the same select.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.services.database.db;

/** Equal values, of the same types (Dates stay Dates), with the keys in the same order. */
function expectSameRow(mine: unknown, drizzles: unknown) {
  expect(mine).toStrictEqual(drizzles);
  expect(JSON.stringify(mine)).toBe(JSON.stringify(drizzles));
}

describe('prepareSelect', () => {
  it('reads an applied student with documents and a registration as Drizzle does', async () => {
    const student = await applied(t);
    const mine = await findStudentById(db(), student.studentId);
    const [drizzles] = await db()
      .select(studentColumns)
      .from(students)
      .where(eq(students.id, student.studentId));
    expect(mine?.documents).toHaveLength(3);
    expect(mine?.currentEnrolment).toMatchObject({ batch: 'Batch 36', city: 'Karachi', course: 'AIC' });
    expect(mine?.createdAt).toBeInstanceOf(Date);
    expectSameRow(mine, drizzles);

    const account = await findLoginAccount(db(), mine!.email);
    const [drizzlesAccount] = await db()
      .select({ ...studentColumns, passwordHash: students.passwordHash })
      .from(students)
      .where(eq(students.email, mine!.email));
    expectSameRow(account, drizzlesAccount);
  });

  it('reads a session and its student, nested, as Drizzle does (nulls included)', async () => {
    const student = await signedInStudent(t.app);
    const [session] = await db().select().from(sessions).where(eq(sessions.studentId, student.studentId));
    const mine = await findLiveSession(db(), session!.tokenHash, new Date(Date.now() - 60_000));
    const [drizzles] = await db()
      .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, student: studentColumns })
      .from(sessions)
      .innerJoin(students, eq(students.id, sessions.studentId))
      .where(eq(sessions.tokenHash, session!.tokenHash));
    expect(mine?.student.currentEnrolment).toBeNull();
    expect(mine?.student.fullName).toBeNull();
    expect(mine?.lastSeenAt).toBeInstanceOf(Date);
    expectSameRow(mine, drizzles);
  });

  it('finds nothing when nothing matches', async () => {
    expect(await findLiveSession(db(), 'no such hash', new Date())).toBeUndefined();
  });

  it('refuses an outer join, whose missing side it could not null as Drizzle does', () => {
    const select = db()
      .select({ id: students.id, batch: batches.name })
      .from(students)
      .leftJoin(enrolments, eq(enrolments.studentId, students.id))
      .innerJoin(batches, and(eq(batches.id, enrolments.batchId), sql`true`));
    expect(() => prepareSelect(db(), 'outer', select)).toThrow(/left join/);
  });
});

describe('preparedPer', () => {
  it('builds a statement once per connection, for every transaction on it', async () => {
    let builds = 0;
    const statement = preparedPer((ex) => {
      builds++;
      return prepareSelect(
        ex,
        'test_student_email',
        ex
          .select({ email: students.email })
          .from(students)
          .where(eq(students.id, sql.placeholder('id'))),
      );
    });
    const student = await signedInStudent(t.app);
    for (let i = 0; i < 3; i++) {
      const rows = await db().transaction((tx) => statement(tx).execute({ id: student.studentId }));
      expect(rows).toEqual([{ email: student.email }]);
    }
    // One after another, the transactions take the pool's most recently released connection; PGlite's
    // transactions are each a client of their own.
    expect(builds).toBe(t.app.services.database.kind === 'postgres' ? 1 : 3);
  });

  it("answers a profile or document update with the row a read after it finds, as Drizzle's own mapping", async () => {
    const student = await applied(t);
    const updated = await db().transaction((tx) => markDocumentsUploaded(tx, student.studentId));
    expect(updated?.documents).toHaveLength(3);
    expectSameRow(updated, await findStudentById(db(), student.studentId));
  });
});
