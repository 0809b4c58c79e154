import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareSelect, preparedPer } from '../src/db/prepared';
import { batches, enrolments, onlineFees, payments, sessions, students, vouchers } from '../src/db/schema';
import { findLiveSession } from '../src/modules/accounts/sessions-repository';
import {
  enrolmentQuery,
  findEnrolment,
  findOffer,
  listEnrolments,
  listOffersOfBatches,
  listOpenOffers,
} from '../src/modules/enrolments/repository';
import {
  findIdentityTaken,
  findLoginAccount,
  findStudentById,
  markDocumentsUploaded,
  studentColumns,
} from '../src/modules/students/repository';
import {
  findOnlineFee,
  findPayment,
  findVoucher,
  findVoucherByNumber,
  listVouchers,
  lockVoucher,
  voucherQuery,
} from '../src/modules/vouchers/repository';
import { applied, biller, paidStudent } from './enrolment';
import { createTestApp, signedInStudent, type TestApp } from './helpers';

/**
 * The hottest reads map their rows with a mapper built once (db/prepared.ts) instead of Drizzle's generic
 * mapping: the rows must be the same, value for value and key for key, as Drizzle's own for the same select.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ KUICKPAY_USERNAME: biller.username, KUICKPAY_PASSWORD: biller.password });
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

describe("the journey's other prepared reads", () => {
  it("answer a student's registrations, vouchers and payment as the same selects unprepared do", async () => {
    const student = await paidStudent(t);
    const other = await applied(t); // another student's registration, with no voucher

    const registrations = await listEnrolments(db(), student.studentId);
    expect(registrations).toHaveLength(1);
    for (const registration of registrations) {
      const [drizzles] = await enrolmentQuery(db()).where(eq(enrolments.id, registration.id));
      expectSameRow(registration, drizzles);
      expectSameRow(await findEnrolment(db(), registration.id), drizzles);
    }

    const all = await listVouchers(db(), student.studentId);
    const ofEnrolment = await listVouchers(db(), student.studentId, registrations[0]!.id);
    expect(all).toHaveLength(1);
    expectSameRow(ofEnrolment, all);
    expect(all[0]!.state).toBe('PAID');
    expect(all[0]!.tranAuthId).toMatch(/^\d{6}$/);
    expect(all[0]!.centerName).toBeNull(); // online: the outer join's side is missing
    expect(all[0]!.paidAt).toBeInstanceOf(Date);
    const [drizzles] = await voucherQuery(db()).where(eq(vouchers.id, all[0]!.id));
    expectSameRow(all[0], drizzles);
    expectSameRow(await findVoucher(db(), all[0]!.id), drizzles);
    expectSameRow(await findVoucherByNumber(db(), all[0]!.voucherNo), drizzles);
    expect(await listVouchers(db(), other.studentId)).toEqual([]);
    expect(await listEnrolments(db(), other.studentId)).toHaveLength(1);

    const [stored] = await db().select().from(vouchers).where(eq(vouchers.id, all[0]!.id));
    const locked = await db().transaction((tx) => lockVoucher(tx, all[0]!.id));
    expectSameRow(locked, {
      id: stored!.id,
      state: stored!.state,
      paymentDeadline: stored!.paymentDeadline,
      feeAmount: stored!.feeAmount,
      timeSlotId: stored!.timeSlotId,
    });
    expect(
      await db().transaction((tx) => lockVoucher(tx, '00000000-0000-4000-8000-000000000000')),
    ).toBeUndefined();

    const [payment] = await db().select().from(payments).where(eq(payments.voucherId, all[0]!.id));
    const key = {
      consumerNumber: payment!.consumerNumber,
      tranAuthId: payment!.tranAuthId,
      tranDate: payment!.tranDate,
      bankMnemonic: payment!.bankMnemonic,
    };
    expect(await findPayment(db(), key)).toEqual({ id: payment!.id });
    expect(await findPayment(db(), { ...key, bankMnemonic: 'OTHER' })).toBeUndefined();

    const [fee] = await db()
      .select()
      .from(onlineFees)
      .where(and(eq(onlineFees.batchId, student.batchId), eq(onlineFees.courseId, student.courseId)));
    expect(await findOnlineFee(db(), fee!.batchId, fee!.courseId, fee!.quarter)).toBe(fee!.fee);
    expect(await findOnlineFee(db(), fee!.batchId, fee!.courseId, 'Q9')).toBeUndefined();
  });

  it("answer the open offers as Drizzle's own select of the same batches does", async () => {
    const open = await listOpenOffers(db());
    expect(open.length).toBeGreaterThan(1);
    const same = await listOffersOfBatches(db(), [...new Set(open.map((offer) => offer.batchId))]);
    for (const offer of open) {
      const drizzles = same.find(
        (other) => other.batchId === offer.batchId && other.course.id === offer.course.id,
      );
      expectSameRow(offer, drizzles);
      expectSameRow(await findOffer(db(), offer.batchId, offer.course.id), drizzles);
    }
    // Ordered by city, then the newest batch, then the course code.
    const order = open.map((o) => [o.city, -o.batchNumber, o.course.code].join('|'));
    expect(order).toEqual(
      [...open]
        .sort((a, b) =>
          a.city !== b.city
            ? a.city < b.city
              ? -1
              : 1
            : a.batchNumber !== b.batchNumber
              ? b.batchNumber - a.batchNumber
              : a.course.code < b.course.code
                ? -1
                : a.course.code > b.course.code
                  ? 1
                  : 0,
        )
        .map((o) => [o.city, -o.batchNumber, o.course.code].join('|')),
    );
  });

  it("finds a sign-up's taken e-mail and CNIC", async () => {
    const student = await signedInStudent(t.app);
    const [row] = await db().select().from(students).where(eq(students.id, student.studentId));
    const both = await findIdentityTaken(db(), row!.cnic, row!.email);
    expect(both.email).toEqual({ cnic: row!.cnic, email: row!.email, emailVerifiedAt: row!.emailVerifiedAt });
    expect(both.cnic).toBe(both.email);
    const byCnic = await findIdentityTaken(db(), row!.cnic, 'nobody@example.com');
    expect(byCnic).toEqual({ email: undefined, cnic: both.cnic });
    expect(await findIdentityTaken(db(), '00000-0000000-0', 'nobody@example.com')).toEqual({
      email: undefined,
      cnic: undefined,
    });
  });
});
