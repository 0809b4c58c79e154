import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { parseAdminArgs, runAdminCommand } from '../src/admin/commands';
import { queryRows } from '../src/db/client';
import { onboardedStudent, post, type TestApp } from './helpers';

/** Admitted students and biller calls, for the tests of what follows admission (fees, learning). */

export const admin = (app: TestApp, argv: string[]) =>
  runAdminCommand(app.app.services.database.db, parseAdminArgs(argv), app.app.services.passwords);

export async function ids(app: TestApp, batch: string, city: string, course: string) {
  const [row] = await queryRows<{ batch_id: string; course_id: string }>(
    app.app.services.database.db,
    sql`select b.id as batch_id, c.id as course_id from batches b, courses c where b.name = ${batch} and b.city = ${city} and c.code = ${course}`,
  );
  return { batchId: row!.batch_id, courseId: row!.course_id };
}

type Offer = { batch?: string; city?: string; course?: string; onsite?: boolean };

/** A student who has applied (APPLIED) to a course of a batch, through the real calls. */
export async function applied(app: TestApp, options: Offer = {}) {
  const { batch = 'Batch 36', city = 'Karachi', course = 'AIC', onsite = true } = options;
  const student = await onboardedStudent(app.app);
  const offer = await ids(app, batch, city, course);
  const answer = await post(
    app.app,
    '/studentapi/applyCourse',
    { studentId: student.studentId, ...offer, onsite },
    student.token,
  );
  expect(answer.status).toBe(200);
  return { ...student, ...offer };
}

/** A student admitted (entry test passed) to a course of a batch, through the real calls and staff commands. */
export async function admitted(app: TestApp, options: Offer = {}) {
  const student = await applied(app, options);
  await admin(app, ['enrolment:set-status', student.email, options.course ?? 'AIC', 'ENTRYTESTPASSED']);
  return student;
}

export const biller = { username: 'aggregator', password: 'biller-secret-1' };
export async function bill(
  app: TestApp,
  path: 'BillInquiry' | 'BillPayment',
  body: Record<string, string>,
  headers: Record<string, string> = biller,
) {
  const response = await app.app.inject({
    method: 'POST',
    url: `/billpayment/kuickpay/${path}`,
    payload: body,
    headers,
  });
  return { status: response.statusCode, body: response.json<Record<string, string>>() };
}

export function paymentOf(consumer: string, amountRupees: number, tranAuthId = '123456') {
  return {
    consumer_number: consumer,
    tran_auth_id: tranAuthId,
    transaction_amount: String(amountRupees * 100).padStart(12, '0'),
    tran_date: new Date().toISOString().slice(0, 10).replaceAll('-', ''),
    tran_time: '101530',
    bank_mnemonic: 'MEEZAN',
    reserved: '',
  };
}

/** The student's online voucher for a quarter (Q1 unless told), as the voucher page asks for it. */
export function onlineVoucherOf(app: TestApp, student: Awaited<ReturnType<typeof admitted>>, quarter = 'Q1') {
  const { studentId, batchId, courseId } = student;
  return post(
    app.app,
    '/studentapi/generatevoucher/online',
    { data: { studentId, quarter, batchId, courseId } },
    student.token,
  );
}

/**
 * An admitted student (AIC, Batch 36 Karachi unless told) whose online Q1 voucher is paid through the biller
 * (the app must be built with the biller credentials of `biller`).
 */
export async function paidStudent(app: TestApp, options: Parameters<typeof admitted>[1] = {}) {
  const student = await admitted(app, { onsite: false, ...options });
  const voucher = await onlineVoucherOf(app, student);
  expect(voucher.status).toBe(200);
  const { consumerNumber, feeAmount } = voucher.body.data as { consumerNumber: string; feeAmount: number };
  const paid = await bill(
    app,
    'BillPayment',
    paymentOf(consumerNumber, feeAmount, String(Date.now() % 1e6).padStart(6, '0')),
  );
  expect(paid.body.response_Code).toBe('00');
  return student;
}
