import { sql, type SQL } from 'drizzle-orm';
import type { VoucherStatus } from '@portal/shared/schemas/staff-money';
import { asDate, queryRows, type Executor } from '../../db/client';
import { outstanding } from './repository';

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
const voucherColumns = sql`v.id, v.voucher_no as "voucherNo", v.student_id as "studentId", s.roll_no as "rollNo",
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
      sql`select ${voucherColumns} ${vouchersFrom} where ${condition}
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
    sql`select ${voucherColumns} ${vouchersFrom} where ${where(filter, consumerPrefix)} and ${after}
        order by v.id limit ${limit}`,
  );
  return rows.map(toVoucher);
}

export async function findMoneyVoucher(ex: Executor, id: string): Promise<MoneyVoucherRow | undefined> {
  const [row] = await queryRows<VoucherSqlRow>(
    ex,
    sql`select ${voucherColumns} ${vouchersFrom} where v.id = ${id}`,
  );
  return row ? toVoucher(row) : undefined;
}
