import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@portal/shared/messages';
import { voucherSchema } from '@portal/shared/schemas/fees';
import { queryRows } from '../src/db/client';
import { createTestApp, post, type TestApp } from './helpers';
import { admin, admitted, applied, bill, onlineVoucherOf, paymentOf } from './enrolment';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    CAPTCHA_MAX_NUMBER: '2000',
    KUICKPAY_USERNAME: 'aggregator',
    KUICKPAY_PASSWORD: 'biller-secret-1',
  });
});
afterAll(() => t.close());

async function slotsFor(app: TestApp, student: Awaited<ReturnType<typeof admitted>>, quarter: string) {
  const response = await post(
    app.app,
    '/studentapi/getcenterandtime/bydata',
    { data: { course: 'AIC', batch: 'Batch 36', cityOfStudy: 'Karachi', gender: 'female', quarter } },
    student.token,
  );
  return response.body.data as {
    _id: string;
    name: string;
    totalSeats: number;
    bookedSeats: number;
    quarterFee: number;
  }[];
}

async function generateOnsite(
  app: TestApp,
  student: Awaited<ReturnType<typeof admitted>>,
  timeslotId: string,
) {
  return post(
    app.app,
    '/studentapi/generatevoucher/onSite',
    {
      data: {
        studentId: student.studentId,
        timeslotId,
        batchId: student.batchId,
        courseId: student.courseId,
      },
    },
    student.token,
  );
}

async function seatsOf(app: TestApp, slotId: string) {
  const [row] = await queryRows<{ booked_seats: number; vouchers: number }>(
    app.app.services.database.db,
    sql`select booked_seats, (select count(*)::int from vouchers v where v.time_slot_id = t.id and v.state in ('UNPAID','PAID')) as vouchers from time_slots t where id = ${slotId}`,
  );
  return row!;
}

describe('vouchers', () => {
  it('shows the quarter cards: Q1 pending, later quarters locked until paid, Q5 locked for a four-quarter course', async () => {
    const student = await admitted(t);
    const cards = await post(
      t.app,
      '/studentapi/getcenterandtime/forquarterchecking',
      { data: { batch: 'Batch 36', cityOfStudy: 'Karachi', course: 'AIC', rollNo: 'x' } },
      student.token,
    );
    expect(cards.body.data.map((c: { status: string }) => c.status)).toEqual([
      'Pending',
      'Locked',
      'Locked',
      'Locked',
      'Locked',
    ]);
  });

  it('gives an applicant not admitted yet no quarter to choose: the same 403 a voucher would get (issue 24, point 2)', async () => {
    const student = await applied(t);
    const cards = await post(
      t.app,
      '/studentapi/getcenterandtime/forquarterchecking',
      { data: { batch: 'Batch 36', cityOfStudy: 'Karachi', course: 'AIC', rollNo: 'x' } },
      student.token,
    );
    expect(cards).toMatchObject({ status: 403, body: { message: messages.voucherNotAdmitted } });
  });

  it('refuses onsite without permission, then generates an onsite voucher that takes a seat', async () => {
    const student = await admitted(t);
    const slot = (await slotsFor(t, student, 'Q1')).find((s) => s.name === 'Governor House')!;
    expect((await generateOnsite(t, student, slot._id)).status).toBe(403);
    await admin(t, ['student:allow-onsite', student.email]);
    const before = await seatsOf(t, slot._id);
    const response = await generateOnsite(t, student, slot._id);
    expect(response.status).toBe(200);
    const voucher = voucherSchema.parse(response.body.data);
    expect(voucher.tranAuthId).toBeNull();
    expect(voucher.fee_voucher_no).toMatch(/^[1-9]\d{7}$/);
    expect(voucher.consumerNumber).toBe(`73150${voucher.fee_voucher_no}`);
    expect(voucher).toMatchObject({
      quarter: 'Q1',
      feeAmount: 2500,
      paid: false,
      valid: true,
      distanceLearning: false,
      centerName: 'Governor House',
    });
    expect((await seatsOf(t, slot._id)).booked_seats).toBe(before.booked_seats + 1);

    const again = await generateOnsite(t, student, slot._id);
    expect(again).toMatchObject({ status: 409, body: { message: messages.voucherExists } });
    const q2 = (await slotsFor(t, student, 'Q2'))[0]!;
    expect((await generateOnsite(t, student, q2._id)).body.message).toBe(messages.voucherPreviousUnpaid);
  });

  it('only shows a student the slots of their gender, and an online voucher takes its fee from data', async () => {
    const student = await admitted(t, { onsite: false });
    const names = (await slotsFor(t, student, 'Q1')).map((s) => s.name);
    expect(names).toContain('NED University'); // for both genders
    const online = await onlineVoucherOf(t, student);
    expect(online.body.data).toMatchObject({ feeAmount: 1500, distanceLearning: true, timeslotId: null });
  });

  it("makes the registration's platform the voucher's: an Online voucher for an onsite registration makes it online", async () => {
    const student = await admitted(t, { onsite: true });
    const platform = async () => {
      const [row] = await queryRows<{ currently_onsite: boolean }>(
        t.app.services.database.db,
        sql`select currently_onsite from enrolments where student_id = ${student.studentId}`,
      );
      return row!.currently_onsite;
    };
    expect(await platform()).toBe(true);
    expect((await onlineVoucherOf(t, student)).status).toBe(200);
    expect(await platform()).toBe(false);
  });

  it('cancels an unpaid voucher and gives the seat back at once; refuses a stranger', async () => {
    const student = await admitted(t);
    await admin(t, ['student:allow-onsite', student.email]);
    const slot = (await slotsFor(t, student, 'Q1'))[0]!;
    const before = await seatsOf(t, slot._id);
    const voucher = (await generateOnsite(t, student, slot._id)).body.data as { _id: string };
    const stranger = await admitted(t);
    expect(
      (
        await post(
          t.app,
          '/studentapi/cancelvoucher',
          { studentId: stranger.studentId, voucherId: voucher._id },
          stranger.token,
        )
      ).status,
    ).toBe(403);
    const cancelled = await post(
      t.app,
      '/studentapi/cancelvoucher',
      { studentId: student.studentId, voucherId: voucher._id, timeslotId: slot._id },
      student.token,
    );
    expect(cancelled).toMatchObject({ status: 200, body: { success: true } });
    expect(await seatsOf(t, slot._id)).toEqual(before);
  });

  it('sells exactly the free seats when more students than seats ask at once', async () => {
    const students = await Promise.all([admitted(t), admitted(t), admitted(t), admitted(t)]);
    for (const s of students) await admin(t, ['student:allow-onsite', s.email]);
    // The demo's nearly full slot: two seats.
    const slot = (await slotsFor(t, students[0], 'Q1')).find((s) => s.name === 'NED University')!;
    const free = slot.totalSeats - (await seatsOf(t, slot._id)).booked_seats;
    const answers = await Promise.all(students.map((s) => generateOnsite(t, s, slot._id)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(Math.min(free, students.length));
    expect(
      answers.filter((a) => a.status === 409).every((a) => a.body.message === messages.noSeatsRemaining),
    ).toBe(true);
    const seats = await seatsOf(t, slot._id);
    expect(seats.booked_seats).toBe(seats.vouchers);
    expect(seats.booked_seats).toBeLessThanOrEqual(slot.totalSeats);
  });

  it('gives one voucher when one student sends many requests at once', async () => {
    const student = await admitted(t, { onsite: false });
    const body = {
      data: {
        studentId: student.studentId,
        quarter: 'Q1',
        batchId: student.batchId,
        courseId: student.courseId,
      },
    };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(t.app, '/studentapi/generatevoucher/online', body, student.token)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const vouchers = await post(
      t.app,
      '/studentapi/studentVoucher',
      { data: { rollNo: '', batch: '', course: '' } },
      student.token,
    );
    expect(vouchers.body.data).toHaveLength(1);
  });

  it('an expired voucher is no longer valid, its seat returns without anyone acting, and late payment is refused', async () => {
    const student = await admitted(t);
    await admin(t, ['student:allow-onsite', student.email]);
    const slot = (await slotsFor(t, student, 'Q1'))[0]!;
    const voucher = voucherSchema.parse((await generateOnsite(t, student, slot._id)).body.data);
    const booked = (await seatsOf(t, slot._id)).booked_seats;
    await t.app.services.database.db.execute(
      sql`update vouchers set payment_deadline = now() - interval '1 minute' where id = ${voucher._id}`,
    );
    const history = await post(
      t.app,
      '/studentapi/studentVoucher',
      { data: { rollNo: '', batch: '', course: '' } },
      student.token,
    );
    expect(history.body.data[0]).toMatchObject({ valid: false, paid: false });
    const late = await bill(t, 'BillPayment', paymentOf(voucher.consumerNumber, 2500));
    expect(late.body.response_Code).toBe('02');
    await t.app.services.vouchers.sweep();
    expect((await seatsOf(t, slot._id)).booked_seats).toBe(booked - 1);
    const cards = await post(
      t.app,
      '/studentapi/getcenterandtime/forquarterchecking',
      { data: { batch: '', cityOfStudy: '', course: '', rollNo: '' } },
      student.token,
    );
    expect(cards.body.data[0].status).toBe('Pending');
  });

  it('answers the payment branches of a city', async () => {
    const student = await admitted(t);
    const branches = await post(
      t.app,
      '/studentapi/paymentbranches',
      { data: { city: 'Lahore' } },
      student.token,
    );
    expect(branches.body.data.length).toBeGreaterThan(0);
    expect(branches.body.data.every((b: { city: string }) => b.city === 'Lahore')).toBe(true);
  });
});

describe('Kuickpay biller API', () => {
  async function onlineVoucher() {
    const student = await admitted(t, { onsite: false });
    const response = await onlineVoucherOf(t, student);
    return { student, voucher: voucherSchema.parse(response.body.data) };
  }

  it('refuses wrong credentials with 401 and 04', async () => {
    const answer = await bill(
      t,
      'BillInquiry',
      { consumer_number: '7315000000000' },
      { username: 'aggregator', password: 'wrong' },
    );
    expect(answer).toEqual({ status: 401, body: { response_Code: '04' } });
    expect((await bill(t, 'BillPayment', paymentOf('7315000000000', 1), {})).status).toBe(401);
  });

  it('answers an inquiry with the masked name, the amount formats and no contact details', async () => {
    const { voucher } = await onlineVoucher();
    const answer = await bill(t, 'BillInquiry', {
      consumer_number: voucher.consumerNumber,
      bank_mnemonic: 'MEEZAN',
      reserved: '',
    });
    expect(answer.body).toMatchObject({
      response_Code: '00',
      consumer_Detail: 'AYESHA K****',
      bill_status: 'U',
      amount_within_dueDate: '+0000000150000',
      amount_after_dueDate: '+0000000150000',
      email_address: '',
      contact_number: '',
    });
    expect(answer.body.due_date).toMatch(/^\d{8}$/);
    expect(answer.body.billing_month).toMatch(/^\d{4}$/);
    expect((await bill(t, 'BillInquiry', { consumer_number: '7315099999999' })).body.response_Code).toBe(
      '01',
    );
    expect((await bill(t, 'BillInquiry', { consumer_number: 'abc' })).body.response_Code).toBe('04');
  });

  it('applies a payment once: the student sees PAID at once; replays and other ids answer 03', async () => {
    const { student, voucher } = await onlineVoucher();
    expect((await bill(t, 'BillPayment', paymentOf(voucher.consumerNumber, 1499))).body.response_Code).toBe(
      '04',
    );
    const paid = await bill(t, 'BillPayment', paymentOf(voucher.consumerNumber, 1500));
    expect(paid.body).toEqual({
      response_Code: '00',
      Identification_parameter: voucher.consumerNumber,
      reserved: '',
    });
    expect((await bill(t, 'BillPayment', paymentOf(voucher.consumerNumber, 1500))).body.response_Code).toBe(
      '03',
    );
    expect(
      (await bill(t, 'BillPayment', paymentOf(voucher.consumerNumber, 1500, '654321'))).body.response_Code,
    ).toBe('03');

    const history = await post(
      t.app,
      '/studentapi/studentVoucher/getpaidvouchers',
      { data: { studentId: student.studentId } },
      student.token,
    );
    // The receipt's transaction id is the payment's (issue 24, point 5), not the refused 654321.
    expect(history.body.data[0]).toMatchObject({ paid: true, valid: true, tranAuthId: '123456' });
    expect(history.body.data[0].paidDate).not.toBeNull();
    const inquiry = await bill(t, 'BillInquiry', { consumer_number: voucher.consumerNumber });
    expect(inquiry.body).toMatchObject({
      bill_status: 'P',
      amount_paid: '000000150000',
      tran_auth_Id: '123456',
    });
    const cards = await post(
      t.app,
      '/studentapi/getcenterandtime/forquarterchecking',
      { data: { batch: '', cityOfStudy: '', course: '', rollNo: '' } },
      student.token,
    );
    expect(cards.body.data.slice(0, 2).map((c: { status: string }) => c.status)).toEqual(['Paid', 'Pending']);
    expect(
      (
        await post(
          t.app,
          '/studentapi/cancelvoucher',
          { studentId: student.studentId, voucherId: voucher._id },
          student.token,
        )
      ).status,
    ).toBe(409);
  });

  it('applies concurrent identical notifications once: one 00, the rest 03', async () => {
    const { voucher } = await onlineVoucher();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        bill(t, 'BillPayment', paymentOf(voucher.consumerNumber, 1500, '777777')),
      ),
    );
    const codes = answers.map((a) => a.body.response_Code).sort();
    expect(codes).toEqual(['00', '03', '03', '03', '03', '03', '03', '03']);
    const [count] = await queryRows<{ n: number }>(
      t.app.services.database.db,
      sql`select count(*)::int as n from payments where consumer_number = ${voucher.consumerNumber}`,
    );
    expect(count!.n).toBe(1);
  });

  it('refuses a cancelled voucher with 02 and malformed data with 04, changing nothing; records every call', async () => {
    const { student, voucher } = await onlineVoucher();
    await post(
      t.app,
      '/studentapi/cancelvoucher',
      { studentId: student.studentId, voucherId: voucher._id },
      student.token,
    );
    expect((await bill(t, 'BillPayment', paymentOf(voucher.consumerNumber, 1500))).body.response_Code).toBe(
      '02',
    );
    for (const bad of [
      { tran_auth_id: '12' },
      { tran_date: '20261340' },
      { tran_time: '256000' },
      { transaction_amount: '1.5' },
    ]) {
      expect(
        (await bill(t, 'BillPayment', { ...paymentOf(voucher.consumerNumber, 1500), ...bad })).body
          .response_Code,
      ).toBe('04');
    }
    expect((await bill(t, 'BillPayment', { consumer_number: 'x' })).body.response_Code).toBe('04');
    const [audit] = await queryRows<{ n: number }>(
      t.app.services.database.db,
      sql`select count(*)::int as n from biller_notifications where consumer_number = ${voucher.consumerNumber}`,
    );
    expect(audit!.n).toBe(5);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL database', () => {
  it('never oversell a slot raced from both', async () => {
    const second = await createTestApp({ SEED: 'none', CAPTCHA_MAX_NUMBER: '2000' }, { shareWith: t });
    try {
      const students = await Promise.all(Array.from({ length: 6 }, () => admitted(t)));
      for (const s of students) await admin(t, ['student:allow-onsite', s.email]);
      const slot = (await slotsFor(t, students[0]!, 'Q1')).find((s) => s.name === 'Governor House')!;
      await t.app.services.database.db.execute(
        sql`update time_slots set total_seats = booked_seats + 3 where id = ${slot._id}`,
      );
      const answers = await Promise.all(
        students.map((s, i) => generateOnsite(i % 2 === 0 ? t : second, s, slot._id)),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
      const seats = await seatsOf(t, slot._id);
      expect(seats.booked_seats).toBe(seats.vouchers);
    } finally {
      await second.close();
    }
  });
});
