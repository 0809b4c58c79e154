import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMessage, messages } from '@portal/shared/messages';
import { queryRows } from '../src/db/client';
import { createTestApp, post, type TestApp } from './helpers';
import { admin, admitted } from './enrolment';
import { staffCall, staffCaller, type StaffCaller } from './staff';
import { registered } from './staff-data';

let t: TestApp;
let content: StaffCaller;
beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_MAX_NUMBER: '2000' });
  content = await staffCaller(t.app, 'content');
});
afterAll(() => t.close());

const db = () => t.app.services.database.db;
const call = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  staffCall(t.app, content, method, url, body);

interface AuditRow {
  actor: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

async function auditEntries(subjectId: string, action: string) {
  return queryRows<AuditRow>(
    db(),
    sql`select actor, before, after from audit_log where subject_id = ${subjectId} and action = ${action} order by id`,
  );
}

async function countOf(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(db(), query);
  return row!.n;
}

/** A batch of its own for each test (AIC runs in batch 37), so tests never share holdings. */
async function newBatch(courses = [{ course: 'AIC', mode: 'both' }], number = 37, city = 'Karachi') {
  const name = `Batch T${randomBytes(3).toString('hex')}`;
  const response = await call('POST', '/staffapi/catalogue/batches', {
    name,
    number,
    city,
    isOpen: true,
    restricted: false,
    courses,
  });
  expect(response.status).toBe(200);
  return response.body.data as { _id: string; name: string; city: string };
}

function slotBody(batchId: string, changes: Record<string, unknown> = {}) {
  return {
    batchId,
    course: 'AIC',
    quarter: 'Q1',
    gender: 'both',
    name: 'NED University',
    campus: 'City Campus',
    city: 'Karachi',
    day: 'Wednesday',
    time: '18:00 - 21:00',
    location: 'https://maps.google.com/?q=NED',
    quarterFee: 2500,
    year: 2026,
    totalSeats: 30,
    ...changes,
  };
}

async function newSlot(batchId: string, changes: Record<string, unknown> = {}) {
  const response = await call('POST', '/staffapi/catalogue/time-slots', slotBody(batchId, changes));
  expect(response.status).toBe(200);
  return response.body.data as { _id: string; totalSeats: number; bookedSeats: number; quarterFee: number };
}

async function slotRow(id: string) {
  const [row] = await queryRows<{ total_seats: number; booked_seats: number; quarter_fee: number }>(
    db(),
    sql`select total_seats, booked_seats, quarter_fee from time_slots where id = ${id}`,
  );
  return row;
}

/** A voucher made directly (the student calls have their own tests); an onsite one books its seat. */
async function voucher(
  holder: { studentId: string; enrolmentId: string },
  options: { slotId?: string; quarter?: string; fee?: number; state?: string; overdue?: boolean } = {},
) {
  const { slotId = null, quarter = 'Q1', fee = 2500, state = 'UNPAID', overdue = false } = options;
  const deadline = new Date(Date.now() + (overdue ? -1 : 1) * 86_400_000);
  await db().execute(
    sql`insert into vouchers (voucher_no, student_id, enrolment_id, quarter, time_slot_id, fee_amount, state, payment_deadline)
        values (${String(randomInt(10_000_000, 100_000_000))}, ${holder.studentId}, ${holder.enrolmentId},
                ${quarter}, ${slotId}, ${fee}, ${state}, ${deadline})`,
  );
  if (slotId && (state === 'UNPAID' || state === 'PAID'))
    await db().execute(sql`update time_slots set booked_seats = booked_seats + 1 where id = ${slotId}`);
}

describe('courses', () => {
  it('lists, edits with an audit entry, and refuses a bad colour, an unknown id and a taken code', async () => {
    const list = await call('GET', '/staffapi/catalogue/courses');
    expect(list.status).toBe(200);
    const aic = list.body.data.find((c: { code: string }) => c.code === 'AIC');
    expect(aic).toMatchObject({ name: expect.any(String), courseColor: expect.stringMatching(/^#/) });

    const edited = await call('POST', `/staffapi/catalogue/courses/${aic._id}`, {
      name: 'Artificial Intelligence and Computing',
      shortDescription: 'Changed',
      courseColor: '#123456',
    });
    expect(edited).toMatchObject({ status: 200, body: { data: { code: 'AIC', courseColor: '#123456' } } });
    const [entry] = await auditEntries(aic._id, 'course.update');
    expect(entry).toMatchObject({
      actor: content.email,
      before: { name: aic.name, courseColor: aic.courseColor },
      after: { name: 'Artificial Intelligence and Computing', courseColor: '#123456' },
    });

    const bad = await call('POST', `/staffapi/catalogue/courses/${aic._id}`, {
      name: 'X',
      courseColor: 'blue',
    });
    expect(bad.status).toBe(400);
    const unknown = await call('POST', '/staffapi/catalogue/courses/00000000-0000-4000-8000-000000000000', {
      name: 'X',
      courseColor: '#000000',
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: messages.catalogueCourseNotFound } });
    const taken = await call('POST', '/staffapi/catalogue/courses', {
      code: 'AIC',
      name: 'Again',
      courseColor: '#000000',
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { message: formatMessage(messages.catalogueCourseExists, { code: 'AIC' }) },
    });
    const after = (await call('GET', '/staffapi/catalogue/courses')).body.data;
    expect(after.find((c: { code: string }) => c.code === 'AIC').name).toBe(
      'Artificial Intelligence and Computing',
    );
  });

  it('creates a course whose code is free, audited', async () => {
    await db().execute(sql`delete from courses where code = 'CAE'`);
    const created = await call('POST', '/staffapi/catalogue/courses', {
      code: 'cae',
      name: 'Cloud Applied Engineering',
      shortDescription: 'New',
      courseColor: '#0b5394',
    });
    expect(created).toMatchObject({ status: 200, body: { data: { code: 'CAE' } } });
    expect(await auditEntries(created.body.data._id, 'course.create')).toHaveLength(1);
  });
});

describe('batches', () => {
  it('creates, lists with counts, edits and deletes an empty batch, each audited', async () => {
    const batch = await newBatch([
      { course: 'AIC', mode: 'both' },
      { course: 'BCC', mode: 'onsite' },
    ]);
    const list = await call('GET', '/staffapi/catalogue/batches');
    expect(list.body.data.find((b: { _id: string }) => b._id === batch._id)).toMatchObject({
      number: 37,
      isOpen: true,
      courses: [
        { course: 'AIC', mode: 'both' },
        { course: 'BCC', mode: 'onsite' },
      ],
      registrations: 0,
      vouchers: 0,
      timeSlots: 0,
    });
    expect(await auditEntries(batch._id, 'batch.create')).toHaveLength(1);

    const closed = await call('POST', `/staffapi/catalogue/batches/${batch._id}`, {
      name: batch.name,
      number: 37,
      city: 'Karachi',
      isOpen: false,
      restricted: true,
    });
    expect(closed).toMatchObject({ status: 200, body: { data: { isOpen: false, restricted: true } } });
    const [update] = await auditEntries(batch._id, 'batch.update');
    expect(update).toMatchObject({ before: { isOpen: true, restricted: false }, after: { isOpen: false } });

    // The issue-11 list every role reads still shows it.
    const shared = await call('GET', '/staffapi/batches');
    expect(shared.body.data.find((b: { _id: string }) => b._id === batch._id)).toMatchObject({
      isOpen: false,
    });

    await newSlot(batch._id);
    const deleted = await call('POST', `/staffapi/catalogue/batches/${batch._id}/delete`);
    expect(deleted).toMatchObject({ status: 200, body: { message: messages.catalogueBatchDeleted } });
    expect(await countOf(sql`select count(*)::int as n from batches where id = ${batch._id}`)).toBe(0);
    const [gone] = await auditEntries(batch._id, 'batch.delete');
    expect(gone!.before).toMatchObject({ name: batch.name, timeSlots: 1 });
  });

  it('refuses a taken name, a number its courses do not run in, no course, and bad input, changing nothing', async () => {
    const batch = await newBatch();
    const before = await countOf(sql`select count(*)::int as n from batches`);
    const taken = await call('POST', '/staffapi/catalogue/batches', {
      name: batch.name,
      number: 37,
      city: 'Karachi',
      isOpen: true,
      restricted: false,
      courses: [{ course: 'AIC', mode: 'both' }],
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { message: formatMessage(messages.catalogueBatchExists, { city: 'Karachi' }) },
    });
    const wrongNumber = await call('POST', '/staffapi/catalogue/batches', {
      name: `${batch.name}x`,
      number: 38,
      city: 'Karachi',
      isOpen: true,
      restricted: false,
      courses: [{ course: 'AIC', mode: 'both' }],
    });
    expect(wrongNumber).toMatchObject({
      status: 400,
      body: { message: formatMessage(messages.catalogueBatchCourseNumber, { course: 'AIC', number: 38 }) },
    });
    const editNumber = await call('POST', `/staffapi/catalogue/batches/${batch._id}`, {
      name: batch.name,
      number: 5,
      city: 'Karachi',
      isOpen: true,
      restricted: false,
    });
    expect(editNumber.status).toBe(400);
    const noCourse = await call('POST', `/staffapi/catalogue/batches/${batch._id}/courses`, { courses: [] });
    expect(noCourse.status).toBe(400);
    const badMode = await call('POST', `/staffapi/catalogue/batches/${batch._id}/courses`, {
      courses: [{ course: 'AIC', mode: 'sometimes' }],
    });
    expect(badMode.status).toBe(400);
    const unknown = await call(
      'POST',
      '/staffapi/catalogue/batches/00000000-0000-4000-8000-000000000000/delete',
    );
    expect(unknown).toMatchObject({ status: 404, body: { message: messages.catalogueBatchNotFound } });
    expect(await countOf(sql`select count(*)::int as n from batches`)).toBe(before);
    const [row] = await queryRows<{ number: number }>(
      db(),
      sql`select number from batches where id = ${batch._id}`,
    );
    expect(row!.number).toBe(37);
  });

  it('refuses to delete a batch with registrations or vouchers, and to drop a course students are registered in', async () => {
    const batch = await newBatch([
      { course: 'AIC', mode: 'both' },
      { course: 'BCC', mode: 'both' },
    ]);
    const student = await registered(t, { batch: batch.name, course: 'AIC' });
    await voucher(student, { quarter: 'Q1' });

    const deleted = await call('POST', `/staffapi/catalogue/batches/${batch._id}/delete`);
    expect(deleted).toMatchObject({
      status: 409,
      body: { message: formatMessage(messages.catalogueBatchHasHoldings, { registrations: 1, vouchers: 1 }) },
    });
    expect(await countOf(sql`select count(*)::int as n from batches where id = ${batch._id}`)).toBe(1);

    const dropped = await call('POST', `/staffapi/catalogue/batches/${batch._id}/courses`, {
      courses: [{ course: 'BCC', mode: 'both' }],
    });
    expect(dropped).toMatchObject({
      status: 409,
      body: {
        message: formatMessage(messages.catalogueBatchCourseHasRegistrations, { course: 'AIC', count: 1 }),
      },
    });
    // Dropping the course nobody is registered in, and changing a mode, is allowed.
    const changed = await call('POST', `/staffapi/catalogue/batches/${batch._id}/courses`, {
      courses: [{ course: 'AIC', mode: 'online' }],
    });
    expect(changed).toMatchObject({
      status: 200,
      body: { data: { courses: [{ course: 'AIC', mode: 'online' }] } },
    });
    const [entry] = await auditEntries(batch._id, 'batch.courses');
    expect(entry).toMatchObject({
      before: { courses: [{ course: 'AIC' }, { course: 'BCC' }] },
      after: { courses: [{ course: 'AIC', mode: 'online' }] },
    });
    expect(await auditEntries(batch._id, 'batch.delete')).toHaveLength(0);
  });
});

describe('time slots', () => {
  it('creates a slot with every field, lists it by batch, course and quarter with booked and total seats', async () => {
    const batch = await newBatch();
    const slot = await newSlot(batch._id, { gender: 'female', totalSeats: 2 });
    const list = await call(
      'GET',
      `/staffapi/catalogue/time-slots?batchId=${batch._id}&course=AIC&quarter=Q1`,
    );
    expect(list.body.data).toEqual([
      {
        _id: slot._id,
        batchId: batch._id,
        batchName: batch.name,
        course: 'AIC',
        quarter: 'Q1',
        gender: 'female',
        name: 'NED University',
        campus: 'City Campus',
        city: 'Karachi',
        day: 'Wednesday',
        time: '18:00 - 21:00',
        location: 'https://maps.google.com/?q=NED',
        quarterFee: 2500,
        year: 2026,
        totalSeats: 2,
        bookedSeats: 0,
      },
    ]);
    expect(
      (await call('GET', `/staffapi/catalogue/time-slots?batchId=${batch._id}&quarter=Q2`)).body.data,
    ).toEqual([]);
    const [entry] = await auditEntries(slot._id, 'slot.create');
    expect(entry!.after).toMatchObject({ totalSeats: 2, quarterFee: 2500 });
  });

  it('refuses a duplicate, another city, a course the batch does not offer, a quarter the course lacks and bad input', async () => {
    const batch = await newBatch();
    await newSlot(batch._id);
    const before = await countOf(
      sql`select count(*)::int as n from time_slots where batch_id = ${batch._id}`,
    );
    const cases: [Record<string, unknown>, number, string?][] = [
      [{}, 409, messages.catalogueSlotExists],
      [{ city: 'Lahore' }, 400, formatMessage(messages.catalogueSlotCity, { city: 'Karachi' })],
      [{ course: 'BCC' }, 400, formatMessage(messages.catalogueCourseNotInBatch, { course: 'BCC' })],
      [
        { quarter: 'Q5', day: 'Friday' },
        400,
        formatMessage(messages.catalogueCourseNoQuarter, { course: 'AIC', quarter: 'Q5' }),
      ],
      [{ totalSeats: 0, day: 'Friday' }, 400],
      [{ quarterFee: -5, day: 'Friday' }, 400],
      [{ location: 'javascript:alert(1)', day: 'Friday' }, 400],
      [{ gender: 'other', day: 'Friday' }, 400],
      [
        { batchId: '00000000-0000-4000-8000-000000000000', day: 'Friday' },
        404,
        messages.catalogueBatchNotFound,
      ],
    ];
    for (const [changes, status, message] of cases) {
      const response = await call('POST', '/staffapi/catalogue/time-slots', slotBody(batch._id, changes));
      expect(response.status, JSON.stringify(changes)).toBe(status);
      if (message) expect(response.body.message).toBe(message);
    }
    expect(await countOf(sql`select count(*)::int as n from time_slots where batch_id = ${batch._id}`)).toBe(
      before,
    );
  });

  it('never sets the seats below those booked: 409 naming the booked count, nothing changed', async () => {
    const batch = await newBatch();
    const slot = await newSlot(batch._id, { totalSeats: 3 });
    for (let i = 0; i < 2; i++) {
      const student = await registered(t, { batch: batch.name, course: 'AIC', status: 'ENTRYTESTPASSED' });
      await voucher(student, { slotId: slot._id });
    }
    const refused = await call(
      'POST',
      `/staffapi/catalogue/time-slots/${slot._id}`,
      slotBody(batch._id, { totalSeats: 1 }),
    );
    expect(refused).toMatchObject({
      status: 409,
      body: { message: formatMessage(messages.catalogueSeatsBelowBooked, { booked: 2 }), bookedSeats: 2 },
    });
    expect(refused.body.message).toBe('Seats cannot go below the 2 already booked in this time slot');
    expect(await slotRow(slot._id)).toMatchObject({ total_seats: 3, booked_seats: 2 });
    expect(await auditEntries(slot._id, 'slot.update')).toHaveLength(0);

    const fits = await call(
      'POST',
      `/staffapi/catalogue/time-slots/${slot._id}`,
      slotBody(batch._id, { totalSeats: 2, day: 'Thursday' }),
    );
    expect(fits).toMatchObject({
      status: 200,
      body: { data: { totalSeats: 2, bookedSeats: 2, day: 'Thursday' } },
    });
    const [entry] = await auditEntries(slot._id, 'slot.update');
    expect(entry).toMatchObject({
      before: { totalSeats: 3, day: 'Wednesday' },
      after: { totalSeats: 2, day: 'Thursday' },
    });
  });

  it('counts an overdue unpaid voucher as no longer holding its seat', async () => {
    const batch = await newBatch();
    const slot = await newSlot(batch._id, { totalSeats: 2 });
    const student = await registered(t, { batch: batch.name, course: 'AIC', status: 'ENTRYTESTPASSED' });
    await voucher(student, { slotId: slot._id, overdue: true });
    expect(await slotRow(slot._id)).toMatchObject({ booked_seats: 1 });
    const edited = await call(
      'POST',
      `/staffapi/catalogue/time-slots/${slot._id}`,
      slotBody(batch._id, { totalSeats: 1, quarterFee: 3000 }),
    );
    expect(edited).toMatchObject({
      status: 200,
      body: { data: { totalSeats: 1, bookedSeats: 0, quarterFee: 3000 } },
    });
  });

  it('refuses a fee change while unpaid vouchers issued on the slot are outstanding; paid ones keep their fee', async () => {
    const batch = await newBatch();
    const slot = await newSlot(batch._id);
    const paid = await registered(t, { batch: batch.name, course: 'AIC', status: 'LEARNING' });
    await voucher(paid, { slotId: slot._id, state: 'PAID' });
    const changedWithPaid = await call(
      'POST',
      `/staffapi/catalogue/time-slots/${slot._id}`,
      slotBody(batch._id, { quarterFee: 2600 }),
    );
    expect(changedWithPaid).toMatchObject({ status: 200, body: { data: { quarterFee: 2600 } } });

    const unpaid = await registered(t, { batch: batch.name, course: 'AIC', status: 'ENTRYTESTPASSED' });
    await voucher(unpaid, { slotId: slot._id, fee: 2600 });
    const refused = await call(
      'POST',
      `/staffapi/catalogue/time-slots/${slot._id}`,
      slotBody(batch._id, { quarterFee: 3000 }),
    );
    expect(refused).toMatchObject({
      status: 409,
      body: { message: formatMessage(messages.catalogueFeeHasVouchers, { count: 1, fee: 2600 }) },
    });
    expect(await slotRow(slot._id)).toMatchObject({ quarter_fee: 2600 });
    // The same fee with other changes is fine.
    const seats = await call(
      'POST',
      `/staffapi/catalogue/time-slots/${slot._id}`,
      slotBody(batch._id, { quarterFee: 2600, totalSeats: 40 }),
    );
    expect(seats.status).toBe(200);
    const fees = await queryRows<{ fee_amount: number }>(
      db(),
      sql`select fee_amount from vouchers where time_slot_id = ${slot._id} order by fee_amount`,
    );
    expect(fees.map((v) => v.fee_amount)).toEqual([2500, 2600]);
  });

  it('refuses to delete a slot with vouchers (even cancelled), deletes an empty one, audited', async () => {
    const batch = await newBatch();
    const held = await newSlot(batch._id);
    const student = await registered(t, { batch: batch.name, course: 'AIC', status: 'ENTRYTESTPASSED' });
    await voucher(student, { slotId: held._id, state: 'CANCELLED' });
    const refused = await call('POST', `/staffapi/catalogue/time-slots/${held._id}/delete`);
    expect(refused).toMatchObject({
      status: 409,
      body: { message: formatMessage(messages.catalogueSlotHasHoldings, { vouchers: 1, booked: 0 }) },
    });
    expect(await slotRow(held._id)).toBeDefined();

    const empty = await newSlot(batch._id, { day: 'Sunday' });
    const deleted = await call('POST', `/staffapi/catalogue/time-slots/${empty._id}/delete`);
    expect(deleted).toMatchObject({ status: 200, body: { message: messages.catalogueSlotDeleted } });
    expect(await slotRow(empty._id)).toBeUndefined();
    const [entry] = await auditEntries(empty._id, 'slot.delete');
    expect(entry!.before).toMatchObject({ day: 'Sunday' });
    const again = await call('POST', `/staffapi/catalogue/time-slots/${empty._id}/delete`);
    expect(again).toMatchObject({ status: 404, body: { message: messages.catalogueSlotNotFound } });
  });
});

describe('seats under concurrency', () => {
  async function bookOnsite(student: Awaited<ReturnType<typeof admitted>>, timeslotId: string) {
    return post(
      t.app,
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
  async function students(n: number) {
    const list = await Promise.all(Array.from({ length: n }, () => admitted(t)));
    for (const s of list) await admin(t, ['student:allow-onsite', s.email]);
    return list;
  }
  const batch36 = async () =>
    (await call('GET', '/staffapi/catalogue/batches')).body.data.find(
      (b: { name: string; city: string }) => b.name === 'Batch 36' && b.city === 'Karachi',
    ) as { _id: string };

  it('two take a 2-seat slot, a third finds it full, and setting the seats to 1 is refused', async () => {
    const { _id: batchId } = await batch36();
    const name = `Journey ${randomBytes(3).toString('hex')}`;
    const slot = await newSlot(batchId, { name, totalSeats: 2 });
    const [a, b, c] = await students(3);
    expect((await bookOnsite(a!, slot._id)).status).toBe(200);
    expect((await bookOnsite(b!, slot._id)).status).toBe(200);
    expect(await bookOnsite(c!, slot._id)).toMatchObject({
      status: 409,
      body: { message: messages.noSeatsRemaining },
    });
    const list = await call('GET', `/staffapi/catalogue/time-slots?batchId=${batchId}&course=AIC&quarter=Q1`);
    const own = list.body.data.find((s: { _id: string }) => s._id === slot._id);
    expect(own).toMatchObject({ totalSeats: 2, bookedSeats: 2 });
    const edit = await call(
      'POST',
      `/staffapi/catalogue/time-slots/${slot._id}`,
      slotBody(batchId, { name, totalSeats: 1 }),
    );
    expect(edit).toMatchObject({
      status: 409,
      body: { message: 'Seats cannot go below the 2 already booked in this time slot' },
    });
    expect(await slotRow(slot._id)).toMatchObject({ total_seats: 2, booked_seats: 2 });
  });

  it('an edit racing bookings never leaves more seats booked than the slot has, and answers 200 or 409', async () => {
    const { _id: batchId } = await batch36();
    const name = `Race ${randomBytes(3).toString('hex')}`;
    const slot = await newSlot(batchId, { name, totalSeats: 4 });
    const racers = await students(4);
    const [edit, ...bookings] = await Promise.all([
      call('POST', `/staffapi/catalogue/time-slots/${slot._id}`, slotBody(batchId, { name, totalSeats: 2 })),
      ...racers.map((s) => bookOnsite(s, slot._id)),
    ]);
    const row = (await slotRow(slot._id))!;
    const vouchers = await countOf(
      sql`select count(*)::int as n from vouchers where time_slot_id = ${slot._id} and state = 'UNPAID'`,
    );
    const booked = bookings.filter((r) => r.status === 200).length;
    expect(
      bookings.every(
        (r) => r.status === 200 || (r.status === 409 && r.body.message === messages.noSeatsRemaining),
      ),
    ).toBe(true);
    expect(row.booked_seats).toBe(booked);
    expect(row.booked_seats).toBe(vouchers);
    expect(row.booked_seats).toBeLessThanOrEqual(row.total_seats);
    if (edit.status === 200) {
      expect(row.total_seats).toBe(2);
      expect(booked).toBeLessThanOrEqual(2);
    } else {
      expect(edit.status).toBe(409);
      expect(edit.body.message).toMatch(/^Seats cannot go below the [34] already booked in this time slot$/);
      expect(row.total_seats).toBe(4);
    }
  });
});

describe('online fees', () => {
  it('sets, changes and deletes a fee, audited; refuses both while online vouchers are outstanding', async () => {
    const batch = await newBatch([{ course: 'AIC', mode: 'online' }]);
    const key = { batchId: batch._id, course: 'AIC', quarter: 'Q1' };
    expect((await call('POST', '/staffapi/catalogue/online-fees', { ...key, fee: 1500 })).status).toBe(200);
    expect((await call('POST', '/staffapi/catalogue/online-fees', { ...key, fee: 1600 })).status).toBe(200);
    const list = await call('GET', `/staffapi/catalogue/online-fees?batchId=${batch._id}`);
    expect(list.body.data).toEqual([
      { batchId: batch._id, batchName: batch.name, city: 'Karachi', course: 'AIC', quarter: 'Q1', fee: 1600 },
    ]);
    const entries = await auditEntries(batch._id, 'fee.set');
    expect(entries.map((e) => [e.before, e.after])).toEqual([
      [null, { course: 'AIC', quarter: 'Q1', fee: 1500 }],
      [
        { course: 'AIC', quarter: 'Q1', fee: 1500 },
        { course: 'AIC', quarter: 'Q1', fee: 1600 },
      ],
    ]);

    const student = await registered(t, {
      batch: batch.name,
      course: 'AIC',
      status: 'ENTRYTESTPASSED',
      onsite: false,
    });
    await voucher(student, { fee: 1600 });
    const refused = await call('POST', '/staffapi/catalogue/online-fees', { ...key, fee: 1700 });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: formatMessage(messages.catalogueFeeHasVouchers, { count: 1, fee: 1600 }) },
    });
    const refusedDelete = await call('POST', '/staffapi/catalogue/online-fees/delete', key);
    expect(refusedDelete.status).toBe(409);
    // Another quarter is free to change.
    expect(
      (await call('POST', '/staffapi/catalogue/online-fees', { ...key, quarter: 'Q2', fee: 2000 })).status,
    ).toBe(200);
    expect(
      (await call('GET', `/staffapi/catalogue/online-fees?batchId=${batch._id}&quarter=Q1`)).body.data[0].fee,
    ).toBe(1600);

    await db().execute(sql`update vouchers set state = 'PAID' where enrolment_id = ${student.enrolmentId}`);
    const deleted = await call('POST', '/staffapi/catalogue/online-fees/delete', key);
    expect(deleted).toMatchObject({ status: 200, body: { message: messages.catalogueFeeDeleted } });
    expect(await auditEntries(batch._id, 'fee.delete')).toHaveLength(1);
    const missing = await call('POST', '/staffapi/catalogue/online-fees/delete', key);
    expect(missing).toMatchObject({ status: 404, body: { message: messages.catalogueFeeNotFound } });
  });

  it('refuses a course the batch does not offer, a quarter it lacks and a bad fee', async () => {
    const batch = await newBatch();
    for (const [body, status] of [
      [{ course: 'BCC', quarter: 'Q1', fee: 100 }, 400],
      [{ course: 'AIC', quarter: 'Q5', fee: 100 }, 400],
      [{ course: 'AIC', quarter: 'Q1', fee: 0 }, 400],
      [{ course: 'AIC', quarter: 'Q1', fee: 12.5 }, 400],
    ] as const) {
      expect(
        (await call('POST', '/staffapi/catalogue/online-fees', { batchId: batch._id, ...body })).status,
      ).toBe(status);
    }
    expect((await call('GET', `/staffapi/catalogue/online-fees?batchId=${batch._id}`)).body.data).toEqual([]);
  });
});

describe('payment branches', () => {
  it('creates, edits and deletes a branch, audited; refuses a taken name in the city', async () => {
    const body = {
      branchName: `HBL ${randomBytes(3).toString('hex')}`,
      contactNo: '021-111',
      branchAddress: 'Clifton',
      city: 'Karachi',
      location: 'https://maps.google.com/?q=HBL',
    };
    const created = await call('POST', '/staffapi/catalogue/branches', body);
    expect(created).toMatchObject({ status: 200, body: { data: body } });
    const id = created.body.data._id as string;
    expect((await call('POST', '/staffapi/catalogue/branches', body)).status).toBe(409);
    const edited = await call('POST', `/staffapi/catalogue/branches/${id}`, {
      ...body,
      contactNo: '021-222',
    });
    expect(edited.body.data.contactNo).toBe('021-222');
    const list = await call('GET', '/staffapi/catalogue/branches');
    expect(list.body.data.find((b: { _id: string }) => b._id === id).contactNo).toBe('021-222');
    expect(
      (await call('POST', `/staffapi/catalogue/branches/${id}`, { ...body, branchName: '' })).status,
    ).toBe(400);
    expect((await call('POST', `/staffapi/catalogue/branches/${id}/delete`)).status).toBe(200);
    expect((await call('POST', `/staffapi/catalogue/branches/${id}/delete`)).status).toBe(404);
    expect((await auditEntries(id, 'branch.create')).length).toBe(1);
    expect((await auditEntries(id, 'branch.update'))[0]).toMatchObject({
      before: { contactNo: '021-111' },
      after: { contactNo: '021-222' },
    });
    expect((await auditEntries(id, 'branch.delete')).length).toBe(1);
  });
});

describe('the catalogue file', () => {
  const importCall = (mode: string, catalogue: unknown) =>
    call('POST', '/staffapi/catalogue/import', { mode, catalogue });
  const importAudits = () =>
    countOf(sql`select count(*)::int as n from audit_log where action = 'catalogue.import'`);

  it('exports what the importer reads; importing the export changes nothing', async () => {
    const exported = await call('GET', '/staffapi/catalogue/export');
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/attachment; filename="catalogue-.*\.json"/);
    const file = exported.body;
    expect(file).toMatchObject({ version: 1, courses: expect.any(Array), timeSlots: expect.any(Array) });
    expect(file.timeSlots[0]).toEqual(
      expect.objectContaining({
        batch: expect.any(String),
        fee: expect.any(Number),
        seats: expect.any(Number),
      }),
    );
    const preview = await importCall('preview', file);
    expect(preview.status).toBe(200);
    for (const [kind, entry] of Object.entries(preview.body.changes as Record<string, any>)) {
      expect([kind, entry.added, entry.changed]).toEqual([kind, [], []]);
    }
    expect(preview.body.changes.timeSlots.unchanged).toBe(file.timeSlots.length);
  });

  it('previews what a file adds and changes without changing anything, then applies it, audited', async () => {
    const batch = await newBatch();
    const slot = await newSlot(batch._id, { totalSeats: 5 });
    const file = (await call('GET', '/staffapi/catalogue/export')).body;
    const own = file.timeSlots.find((s: { batch: string }) => s.batch === batch.name);
    own.seats = 9;
    file.branches.push({
      branchName: 'Imported Branch',
      contactNo: '1',
      branchAddress: 'Here',
      city: 'Karachi',
      location: '',
    });
    const audits = await importAudits();
    const preview = await importCall('preview', file);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      mode: 'preview',
      refused: [],
      changes: {
        timeSlots: {
          added: [],
          changed: [
            `${batch.name} (Karachi) AIC Q1 both: NED University, City Campus, Wednesday 18:00 - 21:00`,
          ],
        },
        branches: { added: ['Imported Branch (Karachi)'], changed: [] },
      },
    });
    expect(preview.body.message).toBe(
      formatMessage(messages.catalogueImportPreviewed, { added: 1, changed: 1 }),
    );
    expect(await slotRow(slot._id)).toMatchObject({ total_seats: 5 });
    expect(
      await countOf(
        sql`select count(*)::int as n from payment_branches where branch_name = 'Imported Branch'`,
      ),
    ).toBe(0);
    expect(await importAudits()).toBe(audits);

    const applied = await importCall('apply', file);
    expect(applied).toMatchObject({ status: 200, body: { mode: 'apply', refused: [] } });
    expect(await slotRow(slot._id)).toMatchObject({ total_seats: 9 });
    expect(
      await countOf(
        sql`select count(*)::int as n from payment_branches where branch_name = 'Imported Branch'`,
      ),
    ).toBe(1);
    const [entry] = await queryRows<{ actor: string; after: any }>(
      db(),
      sql`select actor, after from audit_log where action = 'catalogue.import' order by id desc limit 1`,
    );
    expect(entry).toMatchObject({
      actor: content.email,
      after: { changes: { branches: { added: ['Imported Branch (Karachi)'] } } },
    });
  });

  it('refuses a file that would break holdings: the preview lists each refusal, apply is 409, nothing changes', async () => {
    const batch = await newBatch([
      { course: 'AIC', mode: 'both' },
      { course: 'BCC', mode: 'both' },
    ]);
    const slot = await newSlot(batch._id, { totalSeats: 3 });
    const student = await registered(t, { batch: batch.name, course: 'BCC', status: 'ENTRYTESTPASSED' });
    const other = await registered(t, { batch: batch.name, course: 'AIC', status: 'ENTRYTESTPASSED' });
    await voucher(other, { slotId: slot._id });
    await voucher(student, { quarter: 'Q1', fee: 1000 });
    const file = (await call('GET', '/staffapi/catalogue/export')).body;
    const own = file.timeSlots.find((s: { batch: string }) => s.batch === batch.name);
    own.fee = 9999;
    const ownBatch = file.batches.find((b: { name: string }) => b.name === batch.name);
    ownBatch.courses = [{ code: 'AIC', mode: 'both' }];
    const audits = await importAudits();

    const preview = await importCall('preview', file);
    expect(preview.status).toBe(200);
    expect(preview.body.refused).toEqual([
      `Batch ${batch.name} (Karachi): ${formatMessage(messages.catalogueBatchCourseHasRegistrations, { course: 'BCC', count: 1 })}`,
      expect.stringContaining(formatMessage(messages.catalogueFeeHasVouchers, { count: 1, fee: 2500 })),
    ]);
    const applied = await importCall('apply', file);
    expect(applied.status).toBe(409);
    expect(applied.body.refused).toHaveLength(2);
    expect(await slotRow(slot._id)).toMatchObject({ quarter_fee: 2500, total_seats: 3 });
    const list = await call('GET', '/staffapi/catalogue/batches');
    expect(list.body.data.find((b: { _id: string }) => b._id === batch._id).courses).toHaveLength(2);
    expect(await importAudits()).toBe(audits);
  });

  it('refuses seats below those booked, in the console and from the command line', async () => {
    const batch = await newBatch();
    const slot = await newSlot(batch._id, { totalSeats: 3 });
    for (let i = 0; i < 2; i++) {
      const student = await registered(t, { batch: batch.name, course: 'AIC', status: 'ENTRYTESTPASSED' });
      await voucher(student, { slotId: slot._id, state: 'PAID' });
    }
    const file = (await call('GET', '/staffapi/catalogue/export')).body;
    file.timeSlots.find((s: { batch: string }) => s.batch === batch.name).seats = 1;
    const preview = await importCall('preview', file);
    expect(preview.body.refused).toEqual([
      expect.stringContaining(formatMessage(messages.catalogueSeatsBelowBooked, { booked: 2 })),
    ]);
    expect((await importCall('apply', file)).status).toBe(409);
    const path = join(await mkdtemp(join(tmpdir(), 'catalogue-')), 'file.json');
    await writeFile(path, JSON.stringify(file));
    await expect(admin(t, ['catalogue:import', path])).rejects.toThrow(
      /Seats cannot go below the 2 already booked/,
    );
    expect(await slotRow(slot._id)).toMatchObject({ total_seats: 3 });
  });

  it('audits a fee and a seat count changed by file with their values before and after', async () => {
    const batch = await newBatch();
    const slot = await newSlot(batch._id, { totalSeats: 5, quarterFee: 2500 });
    const file = (await call('GET', '/staffapi/catalogue/export')).body;
    const own = file.timeSlots.find((s: { batch: string }) => s.batch === batch.name);
    own.seats = 7;
    own.fee = 3000;
    expect((await importCall('apply', file)).status).toBe(200);
    expect(await slotRow(slot._id)).toMatchObject({ total_seats: 7, quarter_fee: 3000 });
    const [entry] = await queryRows<{ before: any; after: any }>(
      db(),
      sql`select before, after from audit_log where action = 'catalogue.import' order by id desc limit 1`,
    );
    const key = `${batch.name} (Karachi) AIC Q1 both: NED University, City Campus, Wednesday 18:00 - 21:00`;
    expect(entry!.before.values).toEqual({
      timeSlots: { [key]: expect.objectContaining({ fee: 2500, seats: 5 }) },
    });
    expect(entry!.after.values).toEqual({
      timeSlots: { [key]: expect.objectContaining({ fee: 3000, seats: 7 }) },
    });
    expect(entry!.after.changes).toEqual({ timeSlots: { added: [], changed: [key] } });
  });

  it('refuses what the creating calls refuse (javascript: links), naming each entity and field, and changes nothing', async () => {
    const batch = await newBatch();
    await newSlot(batch._id);
    const file = (await call('GET', '/staffapi/catalogue/export')).body;
    const slotIndex = file.timeSlots.findIndex((s: { batch: string }) => s.batch === batch.name);
    file.timeSlots[slotIndex].location = 'javascript:alert(document.cookie)';
    const configIndex = file.batchConfigs.findIndex((c: { batch: string }) => c.batch === 'Batch 36');
    file.batchConfigs[configIndex].telegramLinks.androidLink = 'javascript:alert(1)';
    file.branches[0].location = 'javascript:alert(2)';
    const before = (await call('GET', '/staffapi/catalogue/export')).body;
    const audits = await importAudits();
    for (const mode of ['preview', 'apply']) {
      const refused = await importCall(mode, file);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({
        [`batchConfigs.${configIndex}.telegramLinks.androidLink`]: messages.httpsLinkRequired,
        [`timeSlots.${slotIndex}.location`]: 'Must be an http(s) address',
        'branches.0.location': 'Must be an http(s) address',
      });
      expect(refused.body.message).toContain(`timeSlots.${slotIndex}.location: Must be an http(s) address`);
    }
    expect((await call('GET', '/staffapi/catalogue/export')).body).toEqual(before);
    expect(await importAudits()).toBe(audits);

    // The command line has the file's text: it names the line too.
    const text = JSON.stringify(file, null, 2);
    const line = text.split('\n').findIndex((l) => l.includes('javascript:alert(document.cookie)')) + 1;
    const path = join(await mkdtemp(join(tmpdir(), 'catalogue-')), 'file.json');
    await writeFile(path, text);
    await expect(admin(t, ['catalogue:import', path])).rejects.toThrow(
      `line ${line}, timeSlots.${slotIndex}.location: Must be an http(s) address`,
    );
  });

  it('answers 400 for a file that is not a catalogue, naming the problem, and changes nothing', async () => {
    const bad = await importCall('preview', { version: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^The catalogue is not valid: version/);
    const unknownBatch = await importCall('apply', {
      version: 1,
      onlineFees: [{ batch: 'No Such Batch', city: 'Karachi', course: 'AIC', quarter: 'Q1', fee: 10 }],
    });
    expect(unknownBatch).toMatchObject({
      status: 400,
      body: { message: 'No batch No Such Batch in Karachi; nothing was changed' },
    });
    expect((await call('POST', '/staffapi/catalogue/import', { mode: 'later', catalogue: {} })).status).toBe(
      400,
    );
  });
});

describe('roles', () => {
  it('lets content and admin in, and refuses admissions and accounts with 403', async () => {
    const adminCaller = await staffCaller(t.app, 'admin');
    expect((await staffCall(t.app, adminCaller, 'GET', '/staffapi/catalogue/time-slots')).status).toBe(200);
    for (const role of ['admissions', 'accounts'] as const) {
      const caller = await staffCaller(t.app, role);
      const response = await staffCall(t.app, caller, 'POST', '/staffapi/catalogue/branches', {
        branchName: 'X',
        contactNo: '1',
        branchAddress: 'Y',
        city: 'Karachi',
      });
      expect(response.status).toBe(403);
    }
  });
});
