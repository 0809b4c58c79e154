import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Executor, asDate } from '../../db/client';
import { preparedPer, preparedRows, preparedSelect } from '../../db/prepared';
import {
  batches,
  billerNotifications,
  courses,
  onlineFees,
  paymentBranches,
  payments,
  students,
  timeSlots,
  vouchers,
} from '../../db/schema';
import type { VoucherStatus } from '@portal/shared/schemas/staff-money';

export type TimeSlotRow = typeof timeSlots.$inferSelect;

export async function findSlots(
  ex: Executor,
  where: { batchId: string; courseId: string; quarter: string; gender: string; city: string },
): Promise<TimeSlotRow[]> {
  return ex
    .select()
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.batchId, where.batchId),
        eq(timeSlots.courseId, where.courseId),
        eq(timeSlots.quarter, where.quarter),
        eq(timeSlots.city, where.city),
        inArray(timeSlots.gender, [where.gender as 'male' | 'female', 'both']),
      ),
    )
    .orderBy(asc(timeSlots.name), asc(timeSlots.campus), asc(timeSlots.day), asc(timeSlots.time));
}

/** Quarters that have at least one slot for this student's batch, course, city and gender. */
export async function quartersWithSlots(
  ex: Executor,
  where: { batchId: string; courseId: string; gender: string; city: string },
) {
  const rows = await ex
    .selectDistinct({ quarter: timeSlots.quarter })
    .from(timeSlots)
    .where(
      and(
        eq(timeSlots.batchId, where.batchId),
        eq(timeSlots.courseId, where.courseId),
        eq(timeSlots.city, where.city),
        inArray(timeSlots.gender, [where.gender as 'male' | 'female', 'both']),
      ),
    );
  return new Set(rows.map((row) => row.quarter));
}

export async function quartersWithOnlineFee(ex: Executor, batchId: string, courseId: string) {
  const rows = await ex
    .select({ quarter: onlineFees.quarter })
    .from(onlineFees)
    .where(and(eq(onlineFees.batchId, batchId), eq(onlineFees.courseId, courseId)));
  return new Set(rows.map((row) => row.quarter));
}

export async function findSlot(ex: Executor, id: string): Promise<TimeSlotRow | undefined> {
  const [row] = await ex.select().from(timeSlots).where(eq(timeSlots.id, id));
  return row;
}

export async function findOnlineFee(ex: Executor, batchId: string, courseId: string, quarter: string) {
  const [row] = await onlineFeeStatement(ex).execute({ batchId, courseId, quarter });
  return row?.fee;
}

const onlineFeeStatement = preparedSelect('find_online_fee', (ex) =>
  ex
    .select({ fee: onlineFees.fee })
    .from(onlineFees)
    .where(
      and(
        eq(onlineFees.batchId, sql.placeholder('batchId')),
        eq(onlineFees.courseId, sql.placeholder('courseId')),
        eq(onlineFees.quarter, sql.placeholder('quarter')),
      ),
    ),
);

/**
 * Vouchers past their deadline and unpaid become EXPIRED and give their seats back, in one statement.
 * Run before a seat is booked (for that slot) and by the sweeper (for all), so no one has to act.
 */
export async function expireOverdue(ex: Executor, slotId?: string): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    ex,
    sql`with expired as (
          update ${vouchers} set state = 'EXPIRED', closed_at = now()
           where state = 'UNPAID' and payment_deadline < now()
             ${slotId ? sql`and time_slot_id = ${slotId}` : sql``}
          returning time_slot_id
        ), released as (
          select time_slot_id, count(*)::int as n from expired where time_slot_id is not null group by time_slot_id
        )
        update ${timeSlots} t set booked_seats = t.booked_seats - r.n
          from released r where t.id = r.time_slot_id
        returning t.id`,
  );
  return rows.length;
}

/** Takes one seat if one is free: the condition and the increment are one statement, so it never oversells. */
export async function bookSeat(ex: Executor, slotId: string): Promise<boolean> {
  const rows = await ex
    .update(timeSlots)
    .set({ bookedSeats: sql`${timeSlots.bookedSeats} + 1` })
    .where(and(eq(timeSlots.id, slotId), sql`${timeSlots.bookedSeats} < ${timeSlots.totalSeats}`))
    .returning({ id: timeSlots.id });
  return rows.length === 1;
}

export async function releaseSeat(ex: Executor, slotId: string): Promise<void> {
  await ex
    .update(timeSlots)
    .set({ bookedSeats: sql`${timeSlots.bookedSeats} - 1` })
    .where(and(eq(timeSlots.id, slotId), sql`${timeSlots.bookedSeats} > 0`));
}

const voucherColumns = {
  id: vouchers.id,
  voucherNo: vouchers.voucherNo,
  studentId: vouchers.studentId,
  enrolmentId: vouchers.enrolmentId,
  quarter: vouchers.quarter,
  timeSlotId: vouchers.timeSlotId,
  feeAmount: vouchers.feeAmount,
  state: vouchers.state,
  createdAt: vouchers.createdAt,
  paymentDeadline: vouchers.paymentDeadline,
  paidAt: vouchers.paidAt,
  // The payment that paid it (the first recorded, should the bank have sent another).
  tranAuthId: sql<string | null>`(select p.tran_auth_id from payments p
    where p.voucher_id = ${vouchers.id} order by p.created_at limit 1)`,
  centerName: timeSlots.name,
  centerCampus: timeSlots.campus,
  rollNo: students.rollNo,
  fullName: students.fullName,
  batchName: batches.name,
  courseCode: courses.code,
};
export interface VoucherRow {
  id: string;
  voucherNo: string;
  studentId: string;
  enrolmentId: string;
  quarter: string;
  timeSlotId: string | null;
  feeAmount: number;
  state: 'UNPAID' | 'PAID' | 'CANCELLED' | 'EXPIRED';
  createdAt: Date;
  paymentDeadline: Date;
  paidAt: Date | null;
  tranAuthId: string | null;
  centerName: string | null;
  centerCampus: string | null;
  rollNo: string | null;
  fullName: string | null;
  batchName: string;
  courseCode: string;
}

/** The select every read of vouchers starts from (exported for the tests of its prepared forms). */
export function voucherQuery(ex: Executor) {
  return ex
    .select(voucherColumns)
    .from(vouchers)
    .innerJoin(students, eq(students.id, vouchers.studentId))
    .innerJoin(sql`enrolments e`, sql`e.id = ${vouchers.enrolmentId}`)
    .innerJoin(batches, sql`${batches.id} = e.batch_id`)
    .innerJoin(courses, sql`${courses.id} = e.course_id`)
    .leftJoin(timeSlots, eq(timeSlots.id, vouchers.timeSlotId));
}

/**
 * The student's vouchers, or those of one registration, by quarter (prepared statements: four times a
 * journey). Drizzle's own mapping, not prepareSelect's: the centre's columns come from an outer join.
 */
export async function listVouchers(
  ex: Executor,
  studentId: string,
  enrolmentId?: string,
): Promise<VoucherRow[]> {
  return enrolmentId
    ? vouchersOfEnrolmentStatement(ex).execute({ studentId, enrolmentId })
    : vouchersOfStudentStatement(ex).execute({ studentId });
}

const vouchersOfStudentStatement = preparedPer((ex) =>
  voucherQuery(ex)
    .where(eq(vouchers.studentId, sql.placeholder('studentId')))
    .orderBy(asc(vouchers.quarter), asc(vouchers.createdAt))
    .prepare('list_vouchers_of_student'),
);

const vouchersOfEnrolmentStatement = preparedPer((ex) =>
  voucherQuery(ex)
    .where(
      and(
        eq(vouchers.studentId, sql.placeholder('studentId')),
        eq(vouchers.enrolmentId, sql.placeholder('enrolmentId')),
      ),
    )
    .orderBy(asc(vouchers.quarter), asc(vouchers.createdAt))
    .prepare('list_vouchers_of_enrolment'),
);

export async function findVoucher(ex: Executor, id: string): Promise<VoucherRow | undefined> {
  const [row] = await voucherByIdStatement(ex).execute({ id });
  return row;
}

export async function findVoucherByNumber(ex: Executor, voucherNo: string): Promise<VoucherRow | undefined> {
  const [row] = await voucherByNumberStatement(ex).execute({ voucherNo });
  return row;
}

// A new voucher's answer and every biller call: prepared.
const voucherByIdStatement = preparedPer((ex) =>
  voucherQuery(ex)
    .where(eq(vouchers.id, sql.placeholder('id')))
    .prepare('find_voucher'),
);
const voucherByNumberStatement = preparedPer((ex) =>
  voucherQuery(ex)
    .where(eq(vouchers.voucherNo, sql.placeholder('voucherNo')))
    .prepare('find_voucher_by_number'),
);

/** Locks a voucher's row for the rest of the transaction (payments and cancellations of one voucher queue). */
export async function lockVoucher(ex: Executor, id: string) {
  const [row] = await lockVoucherStatement(ex).execute({ id });
  return row;
}

const lockVoucherStatement = preparedSelect('lock_voucher', (ex) =>
  ex
    .select({
      id: vouchers.id,
      state: vouchers.state,
      paymentDeadline: vouchers.paymentDeadline,
      feeAmount: vouchers.feeAmount,
      timeSlotId: vouchers.timeSlotId,
    })
    .from(vouchers)
    .where(eq(vouchers.id, sql.placeholder('id')))
    .for('update'),
);

/** A new voucher under a fresh random 8-digit number (drawn again on the rare collision). */
export async function insertVoucher(
  ex: Executor,
  values: {
    studentId: string;
    enrolmentId: string;
    quarter: string;
    timeSlotId: string | null;
    feeAmount: number;
    paymentDeadline: Date;
  },
): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const voucherNo = String(randomInt(10_000_000, 100_000_000));
    const [row] = await insertVoucherStatement(ex).execute({ ...values, voucherNo });
    if (row) return row.id;
  }
  throw new Error('could not draw a free voucher number');
}

// Every voucher: prepared.
const insertVoucherStatement = preparedPer((ex) =>
  ex
    .insert(vouchers)
    .values({
      voucherNo: sql.placeholder('voucherNo'),
      studentId: sql.placeholder('studentId'),
      enrolmentId: sql.placeholder('enrolmentId'),
      quarter: sql.placeholder('quarter'),
      timeSlotId: sql.placeholder('timeSlotId'),
      feeAmount: sql.placeholder('feeAmount'),
      paymentDeadline: sql.placeholder('paymentDeadline'),
    })
    .onConflictDoNothing({ target: vouchers.voucherNo })
    .returning({ id: vouchers.id })
    .prepare('insert_voucher'),
);

/**
 * A voucher's mode is the registration's platform from then on (issue 24): an Online voucher for a
 * registration made onsite makes it online, so the course card and the voucher say the same.
 */
export async function setRegistrationPlatform(ex: Executor, enrolmentId: string, onsite: boolean) {
  await registrationPlatformStatement(ex, { enrolmentId, onsite });
}

// Every voucher sets it: prepared.
const registrationPlatformStatement = preparedRows(
  'set_registration_platform',
  sql`update enrolments set currently_onsite = ${sql.placeholder('onsite')}
      where id = ${sql.placeholder('enrolmentId')} and currently_onsite <> ${sql.placeholder('onsite')}`,
);

export async function setVoucherState(
  ex: Executor,
  id: string,
  state: 'PAID' | 'CANCELLED',
  at?: Date,
): Promise<void> {
  const when = at ?? sql`now()`;
  await ex
    .update(vouchers)
    .set(state === 'PAID' ? { state, paidAt: when, closedAt: null } : { state, closedAt: when })
    .where(eq(vouchers.id, id));
}

export async function insertPayment(
  ex: Executor,
  payment: {
    voucherId: string;
    consumerNumber: string;
    tranAuthId: string;
    tranDate: string;
    tranTime: string;
    bankMnemonic: string;
    amountMinor: number;
    source?: 'biller' | 'staff';
  },
): Promise<boolean> {
  const rows = await ex.insert(payments).values(payment).onConflictDoNothing().returning({ id: payments.id });
  return rows.length === 1;
}

export async function findPayment(
  ex: Executor,
  key: { consumerNumber: string; tranAuthId: string; tranDate: string; bankMnemonic: string },
) {
  const [row] = await paymentByKeyStatement(ex).execute(key);
  return row;
}

const paymentByKeyStatement = preparedSelect('find_payment_by_key', (ex) =>
  ex
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.consumerNumber, sql.placeholder('consumerNumber')),
        eq(payments.tranAuthId, sql.placeholder('tranAuthId')),
        eq(payments.tranDate, sql.placeholder('tranDate')),
        eq(payments.bankMnemonic, sql.placeholder('bankMnemonic')),
      ),
    ),
);

export async function findPaymentOfVoucher(ex: Executor, voucherId: string) {
  const [row] = await ex
    .select({
      tranAuthId: payments.tranAuthId,
      amountMinor: payments.amountMinor,
      tranDate: payments.tranDate,
    })
    .from(payments)
    .where(eq(payments.voucherId, voucherId))
    .limit(1);
  return row;
}

/** A call of the biller and what it was answered, as the biller log keeps it. */
export interface NotificationRow {
  id: string;
  kind: 'inquiry' | 'payment';
  consumerNumber: string | null;
  request: unknown;
  responseCode: string;
  response: unknown;
  receivedAt: Date;
}

export async function recordNotification(ex: Executor, entry: Omit<NotificationRow, 'id'>): Promise<void> {
  await ex.insert(billerNotifications).values(entry);
}

const { answeredAt: _answeredAt, ...notificationColumns } = getTableColumns(billerNotifications);

/** One page of the biller log, newest first (of one consumer number, when named), and how many in all. */
export async function listNotifications(
  ex: Executor,
  filter: { consumerNumber?: string | undefined },
  page: { limit: number; offset: number },
): Promise<{ rows: NotificationRow[]; total: number }> {
  const condition =
    filter.consumerNumber === undefined
      ? undefined
      : eq(billerNotifications.consumerNumber, filter.consumerNumber);
  const [rows, [counted]] = await Promise.all([
    ex
      .select(notificationColumns)
      .from(billerNotifications)
      .where(condition)
      .orderBy(desc(billerNotifications.receivedAt), asc(billerNotifications.id))
      .limit(page.limit)
      .offset(page.offset),
    ex.select({ total: count() }).from(billerNotifications).where(condition),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function listBranches(ex: Executor, city: string) {
  return ex
    .select({
      branchName: paymentBranches.branchName,
      contactNo: paymentBranches.contactNo,
      branchAddress: paymentBranches.branchAddress,
      city: paymentBranches.city,
      location: paymentBranches.location,
    })
    .from(paymentBranches)
    .where(eq(paymentBranches.city, city))
    .orderBy(asc(paymentBranches.branchName));
}

/**
 * Adds a slot or updates it by its natural key. The update happens only while the booked seats fit the new
 * total (one statement, so a racing booking cannot slip under it): false when it was refused.
 */
export async function upsertTimeSlot(
  ex: Executor,
  slot: Omit<typeof timeSlots.$inferInsert, 'id' | 'bookedSeats'>,
): Promise<boolean> {
  const rows = await ex
    .insert(timeSlots)
    .values(slot)
    .onConflictDoUpdate({
      target: [
        timeSlots.batchId,
        timeSlots.courseId,
        timeSlots.quarter,
        timeSlots.gender,
        timeSlots.name,
        timeSlots.campus,
        timeSlots.day,
        timeSlots.time,
      ],
      set: {
        location: slot.location,
        quarterFee: slot.quarterFee,
        year: slot.year,
        totalSeats: slot.totalSeats,
      },
      setWhere: sql`${timeSlots.bookedSeats} <= ${slot.totalSeats}`,
    })
    .returning({ id: timeSlots.id });
  return rows.length === 1;
}

export async function upsertOnlineFee(ex: Executor, fee: typeof onlineFees.$inferInsert): Promise<void> {
  await ex
    .insert(onlineFees)
    .values(fee)
    .onConflictDoUpdate({
      target: [onlineFees.batchId, onlineFees.courseId, onlineFees.quarter],
      set: { fee: fee.fee },
    });
}

export async function upsertBranch(
  ex: Executor,
  branch: Omit<typeof paymentBranches.$inferInsert, 'id'>,
): Promise<void> {
  await ex
    .insert(paymentBranches)
    .values(branch)
    .onConflictDoUpdate({
      target: [paymentBranches.branchName, paymentBranches.city],
      set: { contactNo: branch.contactNo, branchAddress: branch.branchAddress, location: branch.location },
    });
}

// What the other subjects ask of the vouchers: their SQL stays here, as fragments their queries embed or as
// calls of their own, so that this folder is the only one that names the table (issue 23).

/**
 * An "outstanding" voucher (`v`) is unpaid and its deadline has not passed: a student may still pay it
 * (decision 0023); the accounts desk calls it PENDING.
 */
export const outstanding = sql`v.state = 'UNPAID' and v.payment_deadline > now()`;

/** The quarters paid for on the registration `enrolmentId` (a column of the outer query), as a JSON array. */
export const paidQuartersJson = (enrolmentId: SQL) =>
  sql`coalesce((select json_agg(distinct v.quarter) from vouchers v
                    where v.enrolment_id = ${enrolmentId} and v.state = 'PAID'), '[]'::json)`;

/**
 * The quarters paid for on a registration, in order, as an array: through vouchers_student_idx (student_id
 * first), then narrowed to the registration (columns of the outer query).
 */
export const paidQuartersArray = (studentId: SQL, enrolmentId: SQL) =>
  sql`array(select distinct v.quarter from vouchers v
        where v.student_id = ${studentId} and v.enrolment_id = ${enrolmentId} and v.state = 'PAID'
        order by v.quarter)`;

/** How many vouchers the registrations of the batch `batchId` (a column of the outer query) have. */
export const voucherCountOfBatch = (batchId: SQL) =>
  sql`(select count(*)::int from vouchers v join enrolments e on e.id = v.enrolment_id
                 where e.batch_id = ${batchId})`;

/** True while no voucher names the time slot `slotId` (a column of the outer query). */
export const noVoucherNamesSlot = (slotId: SQL) =>
  sql`not exists (select 1 from vouchers v where v.time_slot_id = ${slotId})`;

/** The vouchers of a time slot: all of them, and those a student may still pay. */
export async function slotVoucherCounts(ex: Executor, slotId: string) {
  const [row] = await queryRows<{ all: number; outstanding: number }>(
    ex,
    sql`select count(*)::int as all, (count(*) filter (where ${outstanding}))::int as outstanding
          from vouchers v where v.time_slot_id = ${slotId}`,
  );
  return row!;
}

/** Outstanding online vouchers (no slot) of a batch, course and quarter. */
export async function outstandingOnlineVouchers(
  ex: Executor,
  key: { batchId: string; courseId: string; quarter: string },
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from vouchers v join enrolments e on e.id = v.enrolment_id
         where v.time_slot_id is null and e.batch_id = ${key.batchId} and e.course_id = ${key.courseId}
           and v.quarter = ${key.quarter} and ${outstanding}`,
  );
  return row!.n;
}

/*
 * Vouchers as staff search them (the list, its CSV export, one voucher with its student and payment). Days
 * are UTC calendar days, as the biller's `YYYYMMDD` dates are (kuickpay.ts).
 */

export interface MoneyVoucherFilter {
  /** A consumer number, voucher number, roll number or CNIC. */
  q?: string | undefined;
  status?: VoucherStatus | undefined;
  course?: string | undefined;
  batchId?: string | undefined;
  quarter?: string | undefined;
  /** Issued on or after this day (`YYYY-MM-DD`). */
  from?: string | undefined;
  /** Issued on or before this day. */
  to?: string | undefined;
}

export interface MoneyVoucherRow {
  id: string;
  voucherNo: string;
  studentId: string;
  rollNo: string | null;
  fullName: string | null;
  cnic: string;
  course: string;
  batchId: string;
  batchName: string;
  quarter: string;
  feeAmount: number;
  status: VoucherStatus;
  timeSlotId: string | null;
  centre: string | null;
  createdAt: Date;
  paymentDeadline: Date;
  paidAt: Date | null;
  tranAuthId: string | null;
  paymentSource: 'biller' | 'staff' | null;
}

/** A voucher row as the query reads it: its timestamps may come as text (`asDate`). */
type VoucherSqlRow = Omit<MoneyVoucherRow, 'createdAt' | 'paymentDeadline' | 'paidAt'> & {
  createdAt: Date | string;
  paymentDeadline: Date | string;
  paidAt: Date | string | null;
};

function toVoucher(row: VoucherSqlRow): MoneyVoucherRow {
  return {
    ...row,
    createdAt: asDate(row.createdAt),
    paymentDeadline: asDate(row.paymentDeadline),
    paidAt: row.paidAt === null ? null : asDate(row.paidAt),
  };
}

/** The student side's names (spec: PAID, PENDING, EXPIRED): unpaid past its deadline is EXPIRED already. */
export const statusOf = sql`case
  when v.state = 'PAID' then 'PAID'
  when v.state = 'CANCELLED' then 'CANCELLED'
  when ${outstanding} then 'PENDING'
  else 'EXPIRED' end`;

/** A MoneyVoucherRow, named in the query itself. */
const moneyVoucherColumns = sql`v.id, v.voucher_no as "voucherNo", v.student_id as "studentId", s.roll_no as "rollNo",
  s.full_name as "fullName", s.cnic, c.code as course, b.id as "batchId", b.name as "batchName", v.quarter,
  v.fee_amount as "feeAmount", ${statusOf} as status, v.time_slot_id as "timeSlotId",
  case when t.id is null then null else t.name || ' ' || t.campus end as centre,
  v.created_at as "createdAt", v.payment_deadline as "paymentDeadline", v.paid_at as "paidAt",
  (select p.tran_auth_id from payments p where p.voucher_id = v.id order by p.created_at limit 1) as "tranAuthId",
  (select p.source from payments p where p.voucher_id = v.id order by p.created_at limit 1) as "paymentSource"`;

const vouchersFrom = sql`from vouchers v
  join students s on s.id = v.student_id
  join enrolments e on e.id = v.enrolment_id
  join batches b on b.id = e.batch_id
  join courses c on c.id = e.course_id
  left join time_slots t on t.id = v.time_slot_id`;

/** The start of a UTC day, as a timestamp. */
const dayStart = (day: string) => sql`(${day}::date)::timestamp at time zone 'UTC'`;

function where(filter: MoneyVoucherFilter, consumerPrefix: string): SQL {
  const conditions: SQL[] = [sql`true`];
  const q = filter.q?.trim();
  if (q) {
    const digits = q.replace(/-/g, '');
    const voucherNo =
      q.startsWith(consumerPrefix) && q.length === consumerPrefix.length + 8
        ? q.slice(consumerPrefix.length)
        : q;
    conditions.push(sql`(v.voucher_no = ${voucherNo} or s.roll_no = ${q} or s.cnic = ${digits})`);
  }
  if (filter.status === 'PAID') conditions.push(sql`v.state = 'PAID'`);
  if (filter.status === 'CANCELLED') conditions.push(sql`v.state = 'CANCELLED'`);
  if (filter.status === 'PENDING') conditions.push(outstanding);
  if (filter.status === 'EXPIRED')
    conditions.push(sql`(v.state = 'EXPIRED' or (v.state = 'UNPAID' and v.payment_deadline <= now()))`);
  if (filter.course !== undefined) conditions.push(sql`c.code = ${filter.course}`);
  if (filter.batchId !== undefined) conditions.push(sql`e.batch_id = ${filter.batchId}`);
  if (filter.quarter !== undefined) conditions.push(sql`v.quarter = ${filter.quarter}`);
  if (filter.from !== undefined) conditions.push(sql`v.created_at >= ${dayStart(filter.from)}`);
  if (filter.to !== undefined) conditions.push(sql`v.created_at < ${dayStart(filter.to)} + interval '1 day'`);
  return sql.join(conditions, sql` and `);
}

/** One page of the matching vouchers, newest first, and how many match in all. */
export async function listMoneyVouchers(
  ex: Executor,
  filter: MoneyVoucherFilter,
  consumerPrefix: string,
  page: { limit: number; offset: number },
): Promise<{ rows: MoneyVoucherRow[]; total: number }> {
  const condition = where(filter, consumerPrefix);
  const [rows, [counted]] = await Promise.all([
    queryRows<VoucherSqlRow>(
      ex,
      sql`select ${moneyVoucherColumns} ${vouchersFrom} where ${condition}
          order by v.created_at desc, v.id limit ${page.limit} offset ${page.offset}`,
    ),
    queryRows<{ total: number }>(ex, sql`select count(*)::int as total ${vouchersFrom} where ${condition}`),
  ]);
  return { rows: rows.map(toVoucher), total: counted?.total ?? 0 };
}

/** The matching vouchers after `afterId` in primary-key order: a keyset page of an export. */
export async function pageMoneyVouchersAfter(
  ex: Executor,
  filter: MoneyVoucherFilter,
  consumerPrefix: string,
  afterId: string | undefined,
  limit: number,
): Promise<MoneyVoucherRow[]> {
  const after = afterId === undefined ? sql`true` : sql`v.id > ${afterId}::uuid`;
  const rows = await queryRows<VoucherSqlRow>(
    ex,
    sql`select ${moneyVoucherColumns} ${vouchersFrom} where ${where(filter, consumerPrefix)} and ${after}
        order by v.id limit ${limit}`,
  );
  return rows.map(toVoucher);
}

export async function findMoneyVoucher(ex: Executor, id: string): Promise<MoneyVoucherRow | undefined> {
  const [row] = await queryRows<VoucherSqlRow>(
    ex,
    sql`select ${moneyVoucherColumns} ${vouchersFrom} where v.id = ${id}`,
  );
  return row ? toVoucher(row) : undefined;
}
