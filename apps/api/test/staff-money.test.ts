import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_FORMATS, csvTemplate } from '@portal/shared/constants/csv-formats';
import { formatMessage, messages } from '@portal/shared/messages';
import { RECONCILIATION_FIRST_ROWS, SETTLEMENT_MAX_BYTES } from '@portal/shared/schemas/staff-money';
import { queryRows } from '../src/db/client';
import { admitted, bill, paymentOf } from './enrolment';
import { createTestApp, multipart, post, type TestApp } from './helpers';
import { staffCall, staffCaller, type StaffCaller } from './staff';
import { auditOf, registered } from './staff-data';

let t: TestApp;
let accounts: StaffCaller;
let prefix: string;
beforeAll(async () => {
  t = await createTestApp({
    CAPTCHA_MAX_NUMBER: '2000',
    KUICKPAY_USERNAME: 'aggregator',
    KUICKPAY_PASSWORD: 'biller-secret-1',
  });
  accounts = await staffCaller(t.app, 'accounts');
  prefix = t.config.kuickpay.prefix;
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);
const compact = (day: string) => day.replaceAll('-', '');
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const tranAuthId = () => String(randomInt(100_000, 1_000_000));

interface MadeVoucher {
  id: string;
  voucherNo: string;
  consumerNumber: string;
  studentId: string;
  rollNo: string;
  cnic: string;
  fee: number;
  slotId: string | null;
}

/** A slot of the demo catalogue (AIC, Batch 36 Karachi, Q1) with its seats set as told. */
async function slot(seats: { total: number; booked: number }): Promise<string> {
  const { db } = t.app.services.database;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select t.id from time_slots t join batches b on b.id = t.batch_id join courses c on c.id = t.course_id
        where b.name = 'Batch 36' and b.city = 'Karachi' and c.code = 'AIC' and t.quarter = 'Q1'
        order by t.id limit 1`,
  );
  // A slot of its own, so that tests do not share seat counters.
  const [copy] = await queryRows<{ id: string }>(
    db,
    sql`insert into time_slots (batch_id, course_id, quarter, gender, name, campus, city, day, time, location,
                                quarter_fee, year, total_seats, booked_seats)
        select batch_id, course_id, quarter, gender, name, ${`Campus ${randomInt(1e9)}`}, city, day, time,
               location, quarter_fee, year, ${seats.total}, ${seats.booked}
        from time_slots where id = ${row!.id}
        returning id`,
  );
  return copy!.id;
}

/** A voucher made directly in the database (the student calls that make them have their own tests). */
async function voucher(
  options: {
    state?: 'UNPAID' | 'PAID' | 'CANCELLED' | 'EXPIRED';
    fee?: number;
    /** Days until the deadline (negative: past). */
    dueInDays?: number;
    quarter?: string;
    slotId?: string | null;
    fullName?: string;
    createdDaysAgo?: number;
  } = {},
): Promise<MadeVoucher> {
  const { db } = t.app.services.database;
  const student = await registered(t, { status: 'LEARNING', fullName: options.fullName ?? 'Ayesha Khan' });
  const [info] = await queryRows<{ cnic: string }>(
    db,
    sql`select cnic from students where id = ${student.studentId}`,
  );
  const voucherNo = String(randomInt(10_000_000, 100_000_000));
  const fee = options.fee ?? 1500;
  const slotId = options.slotId ?? null;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into vouchers (voucher_no, student_id, enrolment_id, quarter, time_slot_id, fee_amount, state,
                              payment_deadline, created_at, closed_at)
        values (${voucherNo}, ${student.studentId}, ${student.enrolmentId}, ${options.quarter ?? 'Q1'}, ${slotId},
                ${fee}, ${options.state ?? 'UNPAID'},
                now() + make_interval(days => ${options.dueInDays ?? 7}),
                now() - make_interval(days => ${options.createdDaysAgo ?? 0}),
                ${options.state === 'CANCELLED' || options.state === 'EXPIRED' ? sql`now()` : null})
        returning id`,
  );
  return {
    id: row!.id,
    voucherNo,
    consumerNumber: `${prefix}${voucherNo}`,
    studentId: student.studentId,
    rollNo: student.rollNo,
    cnic: info!.cnic,
    fee,
    slotId,
  };
}

async function stateOf(voucherId: string) {
  const [row] = await queryRows<{ state: string; paid_at: Date | null; payments: number }>(
    t.app.services.database.db,
    sql`select state, paid_at, (select count(*)::int from payments p where p.voucher_id = v.id) as payments
        from vouchers v where id = ${voucherId}`,
  );
  return row!;
}

async function seatsOf(slotId: string) {
  const [row] = await queryRows<{ booked_seats: number }>(
    t.app.services.database.db,
    sql`select booked_seats from time_slots where id = ${slotId}`,
  );
  return row!.booked_seats;
}

async function payByBiller(made: MadeVoucher, tranId = tranAuthId(), amount = made.fee) {
  const answer = await bill(t, 'BillPayment', { ...paymentOf(made.consumerNumber, amount, tranId) });
  return { code: answer.body.response_Code, tranId };
}

async function upload(
  file: string | Buffer,
  caller: StaffCaller | undefined = accounts,
  filename = 'settlement.csv',
) {
  const body = multipart([{ name: 'file', value: file, filename, contentType: 'text/csv' }]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/staffapi/reconciliation',
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(caller ? { cookie: caller.cookie } : {}) },
  });
  return { status: response.statusCode, body: response.json<Record<string, any>>() };
}

const header = 'consumer_number,tran_auth_id,amount,tran_date,bank';

describe('GET /staffapi/vouchers', () => {
  it('finds a voucher by consumer number, voucher number, roll number or CNIC', async () => {
    const made = await voucher();
    for (const q of [made.consumerNumber, made.voucherNo, made.rollNo, made.cnic]) {
      const answer = await staffCall(t.app, accounts, 'GET', `/staffapi/vouchers?q=${q}`);
      expect(answer.status).toBe(200);
      expect(answer.body.total).toBe(1);
      expect(answer.body.data[0]).toMatchObject({
        _id: made.id,
        consumerNumber: made.consumerNumber,
        rollNo: made.rollNo,
        amount: 1500,
        status: 'PENDING',
        platform: 'online',
        paymentSource: null,
      });
    }
  });

  it('names states as students read them: PENDING, PAID, EXPIRED (also unpaid past the deadline), CANCELLED', async () => {
    const pending = await voucher();
    const overdue = await voucher({ dueInDays: -1 });
    const expired = await voucher({ state: 'EXPIRED', dueInDays: -3 });
    const cancelled = await voucher({ state: 'CANCELLED' });
    const paid = await voucher();
    expect((await payByBiller(paid)).code).toBe('00');
    const of = async (status: string) => {
      const answer = await staffCall(
        t.app,
        accounts,
        'GET',
        `/staffapi/vouchers?status=${status}&pageSize=100`,
      );
      expect(answer.status).toBe(200);
      return (answer.body.data as { _id: string; status: string }[]).map((row) => row._id);
    };
    expect(await of('PENDING')).toContain(pending.id);
    expect(await of('PENDING')).not.toContain(overdue.id);
    expect(await of('EXPIRED')).toEqual(expect.arrayContaining([overdue.id, expired.id]));
    expect(await of('CANCELLED')).toContain(cancelled.id);
    expect(await of('PAID')).toContain(paid.id);
    expect(await of('PAID')).not.toContain(pending.id);
    const one = await staffCall(t.app, accounts, 'GET', `/staffapi/vouchers?q=${paid.voucherNo}`);
    expect(one.body.data[0]).toMatchObject({ status: 'PAID', paymentSource: 'biller' });
  });

  it('filters by course, quarter and the day issued', async () => {
    const old = await voucher({ quarter: 'Q2', createdDaysAgo: 10 });
    const q = `q=${old.rollNo}`;
    const count = async (filters: string) =>
      (await staffCall(t.app, accounts, 'GET', `/staffapi/vouchers?${q}&${filters}`)).body.total as number;
    expect(await count('quarter=Q2')).toBe(1);
    expect(await count('quarter=Q1')).toBe(0);
    expect(await count('course=aic')).toBe(1);
    expect(await count('course=BCC')).toBe(0);
    expect(await count(`from=${daysAgo(11)}&to=${daysAgo(9)}`)).toBe(1);
    expect(await count(`from=${daysAgo(9)}`)).toBe(0);
    expect(await count(`to=${daysAgo(11)}`)).toBe(0);
  });

  it('refuses bad filters with 400', async () => {
    for (const query of ['status=UNPAID', 'from=2026-13-01', 'from=2026-05-02&to=2026-05-01', 'quarter=Q9']) {
      const answer = await staffCall(t.app, accounts, 'GET', `/staffapi/vouchers?${query}`);
      expect(answer.status, query).toBe(400);
    }
  });

  it('exports CSV with formula cells neutralised', async () => {
    const made = await voucher({ fullName: '=HYPERLINK("http://evil.example") x' });
    const answer = await staffCall(t.app, accounts, 'GET', `/staffapi/vouchers?format=csv&q=${made.rollNo}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    expect(answer.headers['content-disposition']).toMatch(/attachment; filename="vouchers-/);
    const lines = answer.text.trim().split('\n');
    expect(lines[0]).toContain('Consumer number,Voucher number,Roll number,Name,CNIC');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(made.consumerNumber);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"") x"`);
  });
});

describe('GET /staffapi/biller/notifications', () => {
  it('lists every inquiry and payment with the answer given, newest first, and never the credentials', async () => {
    const made = await voucher();
    await bill(t, 'BillInquiry', {
      consumer_number: made.consumerNumber,
      bank_mnemonic: 'MEEZAN',
      reserved: '',
    });
    await payByBiller(made, '654321');
    await payByBiller(made, '654321'); // the replay: 03
    const answer = await staffCall(
      t.app,
      accounts,
      'GET',
      `/staffapi/biller/notifications?consumerNumber=${made.consumerNumber}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(3);
    const rows = answer.body.data as { kind: string; responseCode: string; request: any; response: any }[];
    expect(rows.map((row) => [row.kind, row.responseCode])).toEqual([
      ['payment', '03'],
      ['payment', '00'],
      ['inquiry', '00'],
    ]);
    expect(rows[1]!.request).toMatchObject({ consumer_number: made.consumerNumber, tran_auth_id: '654321' });
    expect(rows[2]!.response).toMatchObject({ bill_status: 'U', amount_within_dueDate: '+0000000150000' });
    expect(answer.text).not.toContain('biller-secret-1');
    expect(answer.text).not.toContain('aggregator');
    const [stored] = await queryRows<{ n: number }>(
      t.app.services.database.db,
      sql`select count(*)::int as n from biller_notifications
          where request::text like '%biller-secret-1%' or response::text like '%biller-secret-1%'`,
    );
    expect(stored!.n).toBe(0);
  });

  it('refuses a consumer number that is not digits', async () => {
    const answer = await staffCall(
      t.app,
      accounts,
      'GET',
      '/staffapi/biller/notifications?consumerNumber=abc',
    );
    expect(answer.status).toBe(400);
  });
});

describe('POST /staffapi/reconciliation', () => {
  it('reads the template the console offers (issue 25, item 3)', async () => {
    const answer = await upload(csvTemplate(CSV_FORMATS.settlement));
    expect(answer.status).toBe(200);
    expect(answer.body.data.rows).toBe(CSV_FORMATS.settlement.examples.length);
  });

  it('sorts a settlement file into the four lists, changes nothing, and keeps a report to download', async () => {
    const matched = await voucher();
    const { tranId: matchedTran } = await payByBiller(matched);
    const onlyInSettlement = await voucher();
    const onlyInPortal = await voucher();
    const { tranId: portalTran } = await payByBiller(onlyInPortal);
    const mismatch = await voucher();
    const paidByAnother = await voucher();
    const { tranId: otherTran } = await payByBiller(paidByAnother);
    const unknown = `${prefix}00000001`;
    const day = compact(today());
    const file = [
      header,
      `${matched.consumerNumber},${matchedTran},${String(150000).padStart(12, '0')},${day},MEEZAN`,
      `${onlyInSettlement.consumerNumber},111111,1500.00,${today()},HBL`,
      `${mismatch.consumerNumber},222222,1400,${day},UBL`,
      `${unknown},333333,1500,${day},UBL`,
      `${paidByAnother.consumerNumber},444444,1500,${day},UBL`,
    ].join('\r\n');
    const before = await stateOf(onlyInSettlement.id);

    const answer = await upload(file);
    expect(answer.status).toBe(200);
    const data = answer.body.data as Record<string, any>;
    expect(data.rows).toBe(5);
    const numbers = (list: string) =>
      (data[list] as { consumerNumber: string }[]).map((e) => e.consumerNumber);
    expect(numbers('matched')).toEqual([matched.consumerNumber]);
    expect(numbers('amountMismatch')).toEqual([mismatch.consumerNumber]);
    expect(numbers('paidOnlyInSettlement')).toEqual([
      onlyInSettlement.consumerNumber,
      unknown,
      paidByAnother.consumerNumber,
    ]);
    // Other tests' payments of today are in the portal too; ours must be among them, the matched one not.
    expect(numbers('paidOnlyInPortal')).toContain(onlyInPortal.consumerNumber);
    expect(numbers('paidOnlyInPortal')).toContain(paidByAnother.consumerNumber);
    expect(numbers('paidOnlyInPortal')).not.toContain(matched.consumerNumber);

    const settlementOnly = data.paidOnlyInSettlement[0];
    expect(settlementOnly).toMatchObject({
      line: 3,
      voucherId: onlyInSettlement.id,
      voucherStatus: 'PENDING',
      tranAuthId: '111111',
      tranDate: today(),
      bank: 'HBL',
      settlementAmount: 1500,
      fee: 1500,
    });
    expect(data.paidOnlyInSettlement[1]).toMatchObject({
      voucherId: null,
      detail: messages.reconUnknownConsumer,
    });
    expect(data.paidOnlyInSettlement[2].detail).toBe(
      formatMessage(messages.reconPaidByOther, { tranAuthId: otherTran }),
    );
    expect(data.amountMismatch[0]).toMatchObject({ settlementAmount: 1400, fee: 1500 });
    const portalEntry = (data.paidOnlyInPortal as any[]).find(
      (e) => e.consumerNumber === onlyInPortal.consumerNumber,
    );
    expect(portalEntry).toMatchObject({ line: null, portalTranAuthId: portalTran, portalAmount: 1500 });

    // Nothing changed.
    expect(await stateOf(onlyInSettlement.id)).toEqual(before);

    // The report is kept, audited, and downloads as CSV.
    const kept = await staffCall(t.app, accounts, 'GET', `/staffapi/reconciliation/${data.reportId}`);
    expect(kept.status).toBe(200);
    expect(kept.body.data.matched).toEqual(data.matched);
    const csv = await staffCall(
      t.app,
      accounts,
      'GET',
      `/staffapi/reconciliation/${data.reportId}?format=csv`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.text).toContain('List,Consumer number,Line');
    expect(csv.text).toContain(`paidOnlyInSettlement,${onlyInSettlement.consumerNumber},3`);
    expect(csv.text).toContain(`matched,${matched.consumerNumber},2`);
    const [entry] = await queryRows<{ actor: string; after: Record<string, unknown> }>(
      t.app.services.database.db,
      sql`select actor, after from audit_log where action = 'reconciliation.report' and subject_id = ${data.reportId}`,
    );
    expect(entry).toMatchObject({ actor: accounts.email, after: { rows: 5, matched: 1, amountMismatch: 1 } });
  });

  it('answers the counts and the first rows of each list; the lists page exactly from the kept report', async () => {
    // 250 consumer numbers the portal never issued: all paid only in the settlement, in the file's order.
    const rows = 250;
    const day = compact(today());
    const file = [header];
    for (let n = 1; n <= rows; n++)
      file.push(`9${String(n).padStart(12, '0')},${String(n).padStart(6, '0')},1500,${day},HBL`);
    const answer = await upload(file.join('\n'));
    expect(answer.status).toBe(200);
    const data = answer.body.data as Record<string, any>;
    expect(data.rows).toBe(rows);
    expect(data.counts.paidOnlyInSettlement).toBe(rows);
    expect(data.paidOnlyInSettlement).toHaveLength(RECONCILIATION_FIRST_ROWS);
    expect(answer.body.message).toBe(formatMessage(messages.reconciliationDone, { rows, ...data.counts }));

    const lines: number[] = [];
    for (let page = 1; page <= 4; page++) {
      const got = await staffCall(
        t.app,
        accounts,
        'GET',
        `/staffapi/reconciliation/${data.reportId}/paidOnlyInSettlement?page=${page}&pageSize=100`,
      );
      expect(got.status).toBe(200);
      expect(got.body.total).toBe(rows);
      expect(got.body.data).toHaveLength([100, 100, 50, 0][page - 1]!);
      lines.push(...(got.body.data as { line: number }[]).map((entry) => entry.line));
    }
    // Every row once, in the file's order (its lines 2…251).
    expect(lines).toEqual(Array.from({ length: rows }, (_, i) => i + 2));
    expect(
      (await staffCall(t.app, accounts, 'GET', `/staffapi/reconciliation/${data.reportId}`)).body.data
        .paidOnlyInSettlement,
    ).toEqual(data.paidOnlyInSettlement);
    const csv = await staffCall(
      t.app,
      accounts,
      'GET',
      `/staffapi/reconciliation/${data.reportId}?format=csv`,
    );
    expect(csv.text.split('\n').filter((line) => line.startsWith('paidOnlyInSettlement,'))).toHaveLength(
      rows,
    );

    const missing = await staffCall(
      t.app,
      accounts,
      'GET',
      '/staffapi/reconciliation/00000000-0000-4000-8000-000000000000/matched',
    );
    expect(missing).toMatchObject({ status: 404, body: { message: messages.reconciliationNotFound } });
    const badList = await staffCall(t.app, accounts, 'GET', `/staffapi/reconciliation/${data.reportId}/all`);
    expect(badList.status).toBe(400);
    const bigPage = await staffCall(
      t.app,
      accounts,
      'GET',
      `/staffapi/reconciliation/${data.reportId}/matched?pageSize=100000`,
    );
    expect(bigPage.status).toBe(400);
  });

  it('adopts a report the release before wrote during a rolling upgrade (its lists as one JSON text)', async () => {
    const entry = (consumerNumber: string, line: number | null) => ({
      consumerNumber,
      line,
      voucherId: null,
      rollNo: null,
      voucherStatus: null,
      fee: null,
      settlementAmount: 1500,
      portalAmount: null,
      tranAuthId: '123456',
      portalTranAuthId: null,
      tranDate: '2026-11-20',
      bank: 'HBL',
      detail: messages.reconUnknownConsumer,
    });
    const lists = {
      matched: [],
      paidOnlyInSettlement: [entry('9100000000001', 2), entry('9100000000002', 3)],
      paidOnlyInPortal: [],
      amountMismatch: [],
    };
    const [{ id }] = (await queryRows<{ id: string }>(
      t.app.services.database.db,
      sql`insert into reconciliation_reports (staff_label, file_name, rows, lists)
          values ('release before', 'old.csv', 2, ${JSON.stringify(lists)}) returning id`,
    )) as [{ id: string }];
    const kept = await staffCall(t.app, accounts, 'GET', `/staffapi/reconciliation/${id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({
      rows: 2,
      counts: { matched: 0, paidOnlyInSettlement: 2, paidOnlyInPortal: 0, amountMismatch: 0 },
      paidOnlyInSettlement: lists.paidOnlyInSettlement,
    });
    const page = await staffCall(
      t.app,
      accounts,
      'GET',
      `/staffapi/reconciliation/${id}/paidOnlyInSettlement?page=2&pageSize=1`,
    );
    expect(page.body).toMatchObject({ total: 2, data: [lists.paidOnlyInSettlement[1]] });
  });

  it('a report that does not exist is 404', async () => {
    const answer = await staffCall(
      t.app,
      accounts,
      'GET',
      '/staffapi/reconciliation/00000000-0000-4000-8000-000000000000',
    );
    expect(answer).toMatchObject({ status: 404, body: { message: messages.reconciliationNotFound } });
  });

  it('refuses each bad row with its line and reason, and reconciles the others (issue 25, item 3)', async () => {
    const made = await voucher();
    const good = `${made.consumerNumber},123456,1500,${compact(today())},MEEZAN`;
    const cases: [string, Record<string, unknown>][] = [
      [
        `${header}\n${good}\nabc,123456,1500,20260101,HBL`,
        { line: 3, consumerNumber: 'abc', tranDate: '20260101', detail: messages.settlementBadConsumer },
      ],
      [
        `${header}\n${good}\n${prefix}12345678,12345,1500,20260101,HBL`,
        { line: 3, tranAuthId: '12345', settlementAmount: 1500, detail: messages.settlementBadTranAuthId },
      ],
      [
        `${header}\n${prefix}12345678,123456,15.001,20260101,HBL\n${good}`,
        { line: 2, settlementAmount: null, detail: messages.settlementBadAmount },
      ],
      [
        `${header}\n${prefix}12345678,123456,1500,20260230,HBL\n${good}`,
        { line: 2, tranDate: '20260230', detail: messages.settlementBadDate },
      ],
      [
        `${header}\n${prefix}12345678,123456,1500,20260101,H B L\n${good}`,
        { line: 2, bank: 'H B L', detail: messages.settlementBadBank },
      ],
      [
        `${header}\n${good}\n\n${good}`,
        {
          line: 4,
          consumerNumber: made.consumerNumber,
          voucherId: null,
          detail: formatMessage(messages.settlementRepeated, { first: 2 }),
        },
      ],
      // A cell longer than 40 characters is shown cut, so that a bad file cannot swell the answer.
      [
        `${header}\n${good}\n${'7'.repeat(5_000)},123456,1500,20260101,HBL`,
        { line: 3, consumerNumber: `${'7'.repeat(39)}…`, detail: messages.settlementBadConsumer },
      ],
      // …and never in the middle of a character of two UTF-16 units (an emoji at the cut).
      [
        `${header}\n${good}\n${'7'.repeat(38)}😀${'7'.repeat(10)},123456,1500,20260101,HBL`,
        { line: 3, consumerNumber: `${'7'.repeat(38)}…`, detail: messages.settlementBadConsumer },
      ],
    ];
    for (const [file, refused] of cases) {
      const answer = await upload(file);
      expect(answer.status, file).toBe(200);
      const data = answer.body.data as Record<string, any>;
      expect(data.rows, file).toBe(2);
      expect(data.counts, file).toEqual({
        matched: 0,
        paidOnlyInSettlement: 1,
        paidOnlyInPortal: data.counts.paidOnlyInPortal,
        amountMismatch: 0,
        refused: 1,
      });
      expect(data.refused, file).toEqual([expect.objectContaining(refused)]);
      // The good row is reconciled as it would be alone.
      expect(data.paidOnlyInSettlement, file).toEqual([
        expect.objectContaining({
          consumerNumber: made.consumerNumber,
          voucherId: made.id,
          tranAuthId: '123456',
        }),
      ]);
      expect(answer.body.message, file).toBe(
        formatMessage(messages.reconciliationDone, { rows: 2, ...data.counts }),
      );
    }
  });

  it('finds a repeat in a later batch than the row it repeats, and keeps refused rows in the report', async () => {
    const made = await voucher();
    const good = `${made.consumerNumber},123456,1500,${compact(today())},MEEZAN`;
    // SETTLEMENT_BATCH_ROWS is 2,000: the repeat at line 2,103 is two batches after line 2.
    const file = [
      header,
      good,
      ...Array.from({ length: 2_100 }, (_, i) => `9${String(i).padStart(12, '0')},123456,1500,20260101,HBL`),
      good,
    ].join('\n');
    const answer = await upload(file);
    expect(answer.status).toBe(200);
    const data = answer.body.data as Record<string, any>;
    expect(data.rows).toBe(2_102);
    expect(data.counts).toMatchObject({ paidOnlyInSettlement: 2_101, refused: 1 });
    expect(data.refused).toEqual([
      expect.objectContaining({
        line: 2_103,
        detail: formatMessage(messages.settlementRepeated, { first: 2 }),
      }),
    ]);
    const page = await staffCall(
      t.app,
      accounts,
      'GET',
      `/staffapi/reconciliation/${data.reportId}/refused?page=1&pageSize=10`,
    );
    expect(page.body).toMatchObject({ total: 1, data: data.refused });
    const csv = await staffCall(
      t.app,
      accounts,
      'GET',
      `/staffapi/reconciliation/${data.reportId}?format=csv`,
    );
    expect(csv.text).toContain(`refused,${made.consumerNumber},2103,`);
    const [entry] = await queryRows<{ after: Record<string, unknown> }>(
      t.app.services.database.db,
      sql`select after from audit_log where action = 'reconciliation.report' and subject_id = ${data.reportId}`,
    );
    expect(entry?.after).toMatchObject({ rows: 2_102, paidOnlyInSettlement: 2_101, refused: 1 });
  });

  it('takes the days of the portal’s payments from the rows it reconciled, not from refused ones', async () => {
    const paid = await voucher();
    expect((await payByBiller(paid)).code).toBe('00');
    const file = [
      header,
      `${prefix}99999999,123456,1500,${compact(daysAgo(30))},HBL`,
      `${prefix}99999998,123456,1500,${compact(today())},H B L`,
    ].join('\n');
    const answer = await upload(file);
    expect(answer.status).toBe(200);
    const data = answer.body.data as Record<string, any>;
    expect(data.counts).toMatchObject({ paidOnlyInSettlement: 1, refused: 1 });
    // Today's payments are not "paid only in the portal": today's only row was refused.
    expect(data.paidOnlyInPortal.map((e: { consumerNumber: string }) => e.consumerNumber)).not.toContain(
      paid.consumerNumber,
    );
    // A file of refused rows only is reconciled too: every row refused, nothing else listed.
    const none = await upload(`${header}\nabc,123456,1500,20260101,HBL\n${prefix}1,1,1,1,1`);
    expect(none.status).toBe(200);
    expect(none.body.data.counts).toEqual({
      matched: 0,
      paidOnlyInSettlement: 0,
      paidOnlyInPortal: 0,
      amountMismatch: 0,
      refused: 2,
    });
  });

  it('refuses a malformed file whole, naming its line, and nothing is kept', async () => {
    const made = await voucher();
    const good = `${made.consumerNumber},123456,1500,${compact(today())},MEEZAN`;
    const cases = [
      `consumer_number,tran_auth_id,amount,tran_date\n${good}`,
      `${header}\n${made.consumerNumber},123456,1500`,
      `${header}\n${good}\n"${prefix}1,123456,1500,20260101,HBL`,
    ];
    const [{ n: reportsBefore }] = (await queryRows<{ n: number }>(
      t.app.services.database.db,
      sql`select count(*)::int as n from reconciliation_reports`,
    )) as [{ n: number }];
    for (const file of cases) {
      const answer = await upload(file);
      expect(answer.status, file).toBe(400);
      expect(answer.body.message, file).toMatch(/^Line \d+: /);
    }
    const [{ n: reportsAfter }] = (await queryRows<{ n: number }>(
      t.app.services.database.db,
      sql`select count(*)::int as n from reconciliation_reports`,
    )) as [{ n: number }];
    expect(reportsAfter).toBe(reportsBefore);
  });

  it('refuses an empty file, NUL bytes and bytes that are not UTF-8 (400), and an oversized file (413)', async () => {
    expect((await upload(`${header}\n`)).body.message).toBe(messages.csvEmpty);
    const nul = await upload(Buffer.concat([Buffer.from(`${header}\n`), Buffer.from([0x00, 0x01])]));
    expect(nul).toMatchObject({ status: 400, body: { message: messages.csvNotText } });
    const latin1 = await upload(Buffer.concat([Buffer.from(`${header}\n`), Buffer.from([0xe9, 0x0a])]));
    expect(latin1).toMatchObject({ status: 400, body: { message: messages.csvNotText } });
    const row = `${prefix}12345678,123456,1500,20260101,HBL\n`;
    const big = header + '\n' + row.repeat(Math.ceil(SETTLEMENT_MAX_BYTES / row.length) + 1);
    const tooLarge = await upload(big);
    expect(tooLarge).toMatchObject({ status: 413, body: { message: messages.csvTooLarge } });
  });

  it('takes the largest file the limit names: 50,000 rows fit', () => {
    const row = `${prefix}12345678,123456,000000150000,20260101,MEEZAN\r\n`;
    expect(header.length + 2 + row.length * 50_000).toBeLessThan(SETTLEMENT_MAX_BYTES);
  });
});

describe('POST /staffapi/vouchers/:id/mark-paid', () => {
  it('pays the voucher once, from staff, audited; a second mark-paid and a later BillPayment are duplicates', async () => {
    const slotId = await slot({ total: 5, booked: 1 });
    const made = await voucher({ slotId });
    const body = {
      tranAuthId: '765432',
      paidDate: today(),
      reason: 'Settlement of today proves it; no notification',
    };
    const answer = await staffCall(t.app, accounts, 'POST', `/staffapi/vouchers/${made.id}/mark-paid`, body);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      message: messages.voucherMarkedPaid,
      data: { _id: made.id, status: 'PAID', tranAuthId: '765432', paymentSource: 'staff' },
    });
    const [payment] = await queryRows<Record<string, unknown>>(
      t.app.services.database.db,
      sql`select consumer_number, tran_auth_id, tran_date, bank_mnemonic, amount_minor, source from payments
          where voucher_id = ${made.id}`,
    );
    expect(payment).toMatchObject({
      consumer_number: made.consumerNumber,
      tran_auth_id: '765432',
      tran_date: compact(today()),
      bank_mnemonic: 'STAFF',
      source: 'staff',
    });
    expect(Number(payment!.amount_minor)).toBe(150000);
    expect(await seatsOf(slotId)).toBe(1); // the seat it held stays taken
    const [entry] = await auditOf(t, made.studentId, 'voucher.markPaid');
    expect(entry).toMatchObject({
      actor: accounts.email,
      role: 'accounts',
      before: { voucherId: made.id, status: 'PENDING', paidAt: null },
      after: {
        voucherId: made.id,
        status: 'PAID',
        tranAuthId: '765432',
        reason: body.reason,
        paidDate: today(),
      },
    });

    const again = await staffCall(t.app, accounts, 'POST', `/staffapi/vouchers/${made.id}/mark-paid`, body);
    expect(again).toMatchObject({ status: 409, body: { message: messages.voucherAlreadyPaid } });
    expect((await payByBiller(made, '765432')).code).toBe('03');
    expect((await payByBiller(made, '111222')).code).toBe('03');
    expect((await stateOf(made.id)).payments).toBe(1);
    expect(await auditOf(t, made.studentId, 'voucher.markPaid')).toHaveLength(1);
  });

  it('the student sees the voucher PAID', async () => {
    const student = await admitted(t, { onsite: false });
    const generated = await post(
      t.app,
      '/studentapi/generatevoucher/online',
      {
        data: {
          studentId: student.studentId,
          quarter: 'Q1',
          batchId: student.batchId,
          courseId: student.courseId,
        },
      },
      student.token,
    );
    expect(generated.status).toBe(200);
    const id = (generated.body.data as { _id: string })._id;
    const marked = await staffCall(t.app, accounts, 'POST', `/staffapi/vouchers/${id}/mark-paid`, {
      tranAuthId: '246810',
      paidDate: today(),
      reason: 'Paid at the bank; the notification never came',
    });
    expect(marked.status).toBe(200);
    const paid = await post(
      t.app,
      '/studentapi/studentVoucher/getpaidvouchers',
      { data: { studentId: student.studentId } },
      student.token,
    );
    expect(paid.body.data).toEqual([expect.objectContaining({ _id: id, paid: true, valid: true })]);
  });

  it('refuses without a reason, with a bad body, a future date or one before the voucher; changes nothing', async () => {
    const made = await voucher({ createdDaysAgo: 2 });
    const url = `/staffapi/vouchers/${made.id}/mark-paid`;
    const good = { tranAuthId: '135790', paidDate: today(), reason: 'Settlement proves it' };
    const cases: [unknown, number, string?][] = [
      [{ tranAuthId: '135790', paidDate: today() }, 400],
      [{ ...good, reason: '  ' }, 400],
      [{ ...good, tranAuthId: '12345' }, 400],
      [{ ...good, paidDate: '2026-02-30' }, 400],
      [{ ...good, extra: 1 }, 400],
      [{ ...good, paidDate: '2999-01-01' }, 400, messages.voucherPaidInFuture],
      [{ ...good, paidDate: daysAgo(5) }, 400, messages.voucherPaidBeforeIssue],
    ];
    for (const [body, status, message] of cases) {
      const answer = await staffCall(t.app, accounts, 'POST', url, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      if (message) expect(answer.body.message).toBe(message);
    }
    const missing = await staffCall(
      t.app,
      accounts,
      'POST',
      '/staffapi/vouchers/00000000-0000-4000-8000-000000000000/mark-paid',
      good,
    );
    expect(missing).toMatchObject({ status: 404, body: { message: messages.voucherNotFound } });
    expect(await stateOf(made.id)).toMatchObject({ state: 'UNPAID', payments: 0 });
    expect(await auditOf(t, made.studentId, 'voucher.markPaid')).toEqual([]);
  });

  it('refuses a cancelled voucher, and a payment dated after the deadline (409)', async () => {
    const cancelled = await voucher({ state: 'CANCELLED' });
    const one = await staffCall(t.app, accounts, 'POST', `/staffapi/vouchers/${cancelled.id}/mark-paid`, {
      tranAuthId: '100200',
      paidDate: today(),
      reason: 'Settlement',
    });
    expect(one).toMatchObject({ status: 409, body: { message: messages.voucherCancelledCannotPay } });
    const late = await voucher({ state: 'EXPIRED', dueInDays: -3, createdDaysAgo: 10 });
    const two = await staffCall(t.app, accounts, 'POST', `/staffapi/vouchers/${late.id}/mark-paid`, {
      tranAuthId: '100201',
      paidDate: today(),
      reason: 'Settlement',
    });
    expect(two).toMatchObject({ status: 409, body: { message: messages.voucherPaidAfterDeadline } });
    expect(await stateOf(late.id)).toMatchObject({ state: 'EXPIRED', payments: 0 });
  });

  it('pays an expired voucher paid before its deadline, taking its seat back; refuses when no seat is left', async () => {
    const slotId = await slot({ total: 2, booked: 0 });
    const expired = await voucher({ state: 'EXPIRED', slotId, dueInDays: -1, createdDaysAgo: 8 });
    const body = { tranAuthId: '300400', paidDate: daysAgo(3), reason: 'Paid in time; notification lost' };
    const answer = await staffCall(
      t.app,
      accounts,
      'POST',
      `/staffapi/vouchers/${expired.id}/mark-paid`,
      body,
    );
    expect(answer.status).toBe(200);
    expect(await seatsOf(slotId)).toBe(1);
    expect((await stateOf(expired.id)).state).toBe('PAID');

    const fullSlot = await slot({ total: 1, booked: 1 });
    const noSeat = await voucher({ state: 'EXPIRED', slotId: fullSlot, dueInDays: -1, createdDaysAgo: 8 });
    const refused = await staffCall(
      t.app,
      accounts,
      'POST',
      `/staffapi/vouchers/${noSeat.id}/mark-paid`,
      body,
    );
    expect(refused).toMatchObject({ status: 409, body: { message: messages.voucherMarkPaidNoSeat } });
    expect(await seatsOf(fullSlot)).toBe(1);
    expect(await stateOf(noSeat.id)).toMatchObject({ state: 'EXPIRED', payments: 0 });
  });

  it('mark-paid and BillPayment at once: exactly one pays', async () => {
    for (let round = 0; round < 3; round++) {
      const made = await voucher();
      const [marked, billed] = await Promise.all([
        staffCall(t.app, accounts, 'POST', `/staffapi/vouchers/${made.id}/mark-paid`, {
          tranAuthId: '505050',
          paidDate: today(),
          reason: 'Race test',
        }),
        payByBiller(made, '505050'),
      ]);
      const successes = [marked.status === 200, billed.code === '00'].filter(Boolean);
      expect(successes).toHaveLength(1);
      if (marked.status !== 200) expect(marked.status).toBe(409);
      else expect(billed.code).toBe('03');
      expect(await stateOf(made.id)).toMatchObject({ state: 'PAID', payments: 1 });
    }
  });
});

describe('POST /staffapi/vouchers/:id/cancel', () => {
  it('cancels an unpaid voucher, releasing its seat, audited', async () => {
    const slotId = await slot({ total: 3, booked: 1 });
    const made = await voucher({ slotId });
    const answer = await staffCall(t.app, accounts, 'POST', `/staffapi/vouchers/${made.id}/cancel`, {
      reason: 'The student asked by phone',
    });
    expect(answer).toMatchObject({
      status: 200,
      body: { message: messages.voucherCancelledByStaff, data: { status: 'CANCELLED' } },
    });
    expect(await seatsOf(slotId)).toBe(0);
    const [entry] = await auditOf(t, made.studentId, 'voucher.cancel');
    expect(entry).toMatchObject({
      before: { voucherId: made.id, status: 'PENDING' },
      after: {
        voucherId: made.id,
        status: 'CANCELLED',
        reason: 'The student asked by phone',
        seatReleased: true,
      },
    });
    const again = await staffCall(t.app, accounts, 'POST', `/staffapi/vouchers/${made.id}/cancel`, {
      reason: 'Twice',
    });
    expect(again).toMatchObject({
      status: 409,
      body: { message: formatMessage(messages.voucherNotCancellable, { state: 'CANCELLED' }) },
    });
    expect(await seatsOf(slotId)).toBe(0);
  });

  it('refuses a paid voucher (409), no reason (400) and an unknown voucher (404); nothing changes', async () => {
    const slotId = await slot({ total: 3, booked: 1 });
    const paid = await voucher({ slotId });
    expect((await payByBiller(paid)).code).toBe('00');
    const refused = await staffCall(t.app, accounts, 'POST', `/staffapi/vouchers/${paid.id}/cancel`, {
      reason: 'Asked',
    });
    expect(refused).toMatchObject({ status: 409, body: { message: messages.voucherPaidCannotCancel } });
    const unpaid = await voucher();
    expect(
      (await staffCall(t.app, accounts, 'POST', `/staffapi/vouchers/${unpaid.id}/cancel`, {})).status,
    ).toBe(400);
    const missing = await staffCall(
      t.app,
      accounts,
      'POST',
      '/staffapi/vouchers/00000000-0000-4000-8000-000000000000/cancel',
      { reason: 'Asked' },
    );
    expect(missing.status).toBe(404);
    expect(await seatsOf(slotId)).toBe(1);
    expect((await stateOf(paid.id)).state).toBe('PAID');
    expect((await stateOf(unpaid.id)).state).toBe('UNPAID');
    expect(await auditOf(t, paid.studentId, 'voucher.cancel')).toEqual([]);
  });
});

describe('GET /staffapi/payments/summary', () => {
  it('counts and sums what was collected per course, batch and quarter over a range, with totals', async () => {
    const day = daysAgo(40);
    const q1 = await voucher({ createdDaysAgo: 41, dueInDays: 1, fee: 2000 });
    const q3 = await voucher({ quarter: 'Q3', createdDaysAgo: 41, dueInDays: 1, fee: 3000 });
    // Paid on a day of their own, through the staff path (the biller dates payments today).
    for (const made of [q1, q3])
      expect(
        (
          await staffCall(t.app, accounts, 'POST', `/staffapi/vouchers/${made.id}/mark-paid`, {
            tranAuthId: tranAuthId(),
            paidDate: day,
            reason: 'Summary test',
          })
        ).status,
      ).toBe(200);
    const all = await staffCall(t.app, accounts, 'GET', `/staffapi/payments/summary?from=${day}&to=${day}`);
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({
      from: day,
      to: day,
      total: { count: 2, amount: 5000 },
    });
    expect(all.body.data.rows).toEqual([
      expect.objectContaining({
        course: 'AIC',
        batchName: 'Batch 36',
        quarter: 'Q1',
        count: 1,
        amount: 2000,
      }),
      expect.objectContaining({
        course: 'AIC',
        batchName: 'Batch 36',
        quarter: 'Q3',
        count: 1,
        amount: 3000,
      }),
    ]);
    const byCourse = await staffCall(
      t.app,
      accounts,
      'GET',
      `/staffapi/payments/summary?from=${daysAgo(41)}&to=${daysAgo(39)}&groupBy=course`,
    );
    expect(byCourse.body.data.rows).toEqual([
      { course: 'AIC', batchId: null, batchName: null, quarter: null, count: 2, amount: 5000 },
    ]);
    const none = await staffCall(
      t.app,
      accounts,
      'GET',
      `/staffapi/payments/summary?from=${daysAgo(39)}&to=${daysAgo(38)}`,
    );
    expect(none.body.data).toMatchObject({ rows: [], total: { count: 0, amount: 0 } });
  });

  it('refuses a missing or reversed range and an unknown grouping (400)', async () => {
    for (const query of [
      '',
      `from=${today()}`,
      `from=${today()}&to=${daysAgo(1)}`,
      `from=${today()}&to=${today()}&groupBy=city`,
    ]) {
      const answer = await staffCall(t.app, accounts, 'GET', `/staffapi/payments/summary?${query}`);
      expect(answer.status, query).toBe(400);
    }
  });
});

describe('roles', () => {
  it('admissions and content are refused every money call (403)', async () => {
    for (const role of ['admissions', 'content'] as const) {
      const caller = await staffCaller(t.app, role);
      expect((await staffCall(t.app, caller, 'GET', '/staffapi/vouchers')).status).toBe(403);
      expect((await upload(`${header}\n`, caller)).status).toBe(403);
    }
    const admin = await staffCaller(t.app, 'admin');
    expect((await staffCall(t.app, admin, 'GET', '/staffapi/vouchers')).status).toBe(200);
  });
});
