import { sql } from 'drizzle-orm';
import type { VoucherStatus } from '@portal/shared/schemas/staff-money';
import { asDate, queryRows, type Executor } from '../../db/client';
import { statusOf } from './repository';

/*
 * Reconciliation: the lookups of a settlement file (a batch of consumer numbers per query, never one per
 * row), the kept reports and their entries, and the collections summary. Days are UTC calendar days, as the
 * biller's `YYYYMMDD` dates are (kuickpay.ts).
 */

// Reconciliation

/** A voucher as a settlement row meets it, with its payment in the portal (if any). */
export interface SettledVoucher {
  voucherNo: string;
  id: string;
  rollNo: string | null;
  status: VoucherStatus;
  feeAmount: number;
  payment: { tranAuthId: string; amountMinor: number; tranDate: string; bank: string } | null;
}

/** The vouchers of a batch of voucher numbers, with their payments: one query for the whole batch. */
export async function findSettledVouchers(
  ex: Executor,
  voucherNos: string[],
): Promise<Map<string, SettledVoucher>> {
  const found = new Map<string, SettledVoucher>();
  if (voucherNos.length === 0) return found;
  const rows = await queryRows<
    Omit<SettledVoucher, 'payment'> & {
      tranAuthId: string | null;
      amountMinor: string | number | null;
      tranDate: string | null;
      bank: string | null;
    }
  >(
    ex,
    sql`select v.voucher_no as "voucherNo", v.id, s.roll_no as "rollNo", ${statusOf} as status,
               v.fee_amount as "feeAmount", p.tran_auth_id as "tranAuthId", p.amount_minor as "amountMinor",
               p.tran_date as "tranDate", p.bank_mnemonic as bank
        from jsonb_array_elements_text(${JSON.stringify(voucherNos)}::jsonb) as r(no)
        join vouchers v on v.voucher_no = r.no
        join students s on s.id = v.student_id
        left join lateral (
          select tran_auth_id, amount_minor, tran_date, bank_mnemonic from payments
          where voucher_id = v.id order by created_at limit 1
        ) p on true`,
  );
  for (const { tranAuthId, amountMinor, tranDate, bank, ...voucher } of rows)
    found.set(voucher.voucherNo, {
      ...voucher,
      payment:
        tranAuthId === null
          ? null
          : { tranAuthId, amountMinor: Number(amountMinor), tranDate: tranDate!, bank: bank! },
    });
  return found;
}

export interface PortalPaymentRow {
  consumerNumber: string;
  voucherId: string;
  rollNo: string | null;
  feeAmount: number;
  tranAuthId: string;
  amountMinor: number;
  tranDate: string;
  bank: string;
}

/** Where a page of `paymentsBetween` ends: the next page starts after it. */
export interface PaymentCursor {
  tranDate: string;
  consumerNumber: string;
  id: string;
}

/**
 * One page of the payments the portal recorded dated within [from, to] (`YYYYMMDD`) that a report's settlement
 * rows do not hold, in the order of their date and consumer number (through the date's index); the next page
 * starts after `after`.
 */
export async function paymentsNotInReport(
  ex: Executor,
  reportId: string,
  range: { from: string; to: string },
  after: PaymentCursor | undefined,
  limit: number,
): Promise<(PortalPaymentRow & { cursor: PaymentCursor })[]> {
  const rows = await queryRows<
    Omit<PortalPaymentRow, 'amountMinor'> & { id: string; amountMinor: string | number }
  >(
    ex,
    sql`select p.id, p.consumer_number as "consumerNumber", p.voucher_id as "voucherId", s.roll_no as "rollNo",
               v.fee_amount as "feeAmount", p.tran_auth_id as "tranAuthId", p.amount_minor as "amountMinor",
               p.tran_date as "tranDate", p.bank_mnemonic as bank
        from payments p
        join vouchers v on v.id = p.voucher_id
        join students s on s.id = v.student_id
        where p.tran_date between ${range.from} and ${range.to}
          and not exists (
            select 1 from reconciliation_entries e
            where e.report_id = ${reportId} and e.settlement_key = p.consumer_number || '|' || p.tran_auth_id
          )
          ${after ? sql`and (p.tran_date, p.consumer_number, p.id) > (${after.tranDate}, ${after.consumerNumber}, ${after.id}::uuid)` : sql``}
        order by p.tran_date, p.consumer_number, p.id
        limit ${limit}`,
  );
  return rows.map(({ id, ...payment }) => ({
    ...payment,
    amountMinor: Number(payment.amountMinor),
    cursor: { tranDate: payment.tranDate, consumerNumber: payment.consumerNumber, id },
  }));
}

export interface ReportLists<List> {
  matched: List;
  paidOnlyInSettlement: List;
  paidOnlyInPortal: List;
  amountMismatch: List;
  /** The file's rows refused one by one (a bad value, a repeat), with their reasons. */
  refused: List;
}

export interface ReportHead {
  id: string;
  fileName: string;
  createdAt: Date;
  rows: number;
  counts: ReportLists<number>;
}

/** Starts a report: unfinished (and so not found) until `finishReport`, its entries written meanwhile. */
export async function startReport(
  ex: Executor,
  report: { staffId: string | null; staffLabel: string; fileName: string },
): Promise<{ id: string; createdAt: Date }> {
  const [row] = await queryRows<{ id: string; created_at: Date | string }>(
    ex,
    sql`insert into reconciliation_reports (staff_id, staff_label, file_name, rows)
        values (${report.staffId}, ${report.staffLabel}, ${report.fileName}, 0)
        returning id, created_at`,
  );
  return { id: row!.id, createdAt: asDate(row!.created_at) };
}

/** One entry of a list at its position; `entry` is its JSON text. */
export interface ReportEntryRow {
  list: string;
  position: number;
  /** A settlement row's `consumer number|tran_auth_id`; null for a payment only the portal has. */
  settlementKey: string | null;
  entry: string;
}

/** Writes a batch of a report's entries in one statement (their JSON texts in one parameter). */
export async function insertReportEntries(
  ex: Executor,
  reportId: string,
  entries: ReportEntryRow[],
): Promise<void> {
  if (entries.length === 0) return;
  const batch = `[${entries
    .map(
      (row) =>
        `{"l":"${row.list}","p":${row.position},"k":${JSON.stringify(row.settlementKey)},"e":${row.entry}}`,
    )
    .join(',')}]`;
  await ex.execute(
    sql`insert into reconciliation_entries (report_id, list, position, settlement_key, entry)
        select ${reportId}::uuid, e.l, e.p, e.k, e.e
        from json_to_recordset(${batch}::json) as e(l text, p integer, k text, e json)`,
  );
}

/** Which of these settlement keys a report already holds, with the file's line that gave each. */
export async function settlementKeysInReport(
  ex: Executor,
  reportId: string,
  keys: string[],
): Promise<Map<string, number>> {
  if (keys.length === 0) return new Map();
  const rows = await queryRows<{ settlement_key: string; line: number }>(
    ex,
    sql`select e.settlement_key, (e.entry ->> 'line')::int as line
        from reconciliation_entries e
        where e.report_id = ${reportId}
          and e.settlement_key in (select jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb))`,
  );
  return new Map(rows.map((row) => [row.settlement_key, row.line]));
}

/** Records a report's totals and marks it finished: from now on it is found. */
export async function finishReport(
  ex: Executor,
  reportId: string,
  rows: number,
  counts: ReportLists<number>,
): Promise<void> {
  await ex.execute(
    sql`update reconciliation_reports
        set rows = ${rows}, matched = ${counts.matched},
            paid_only_in_settlement = ${counts.paidOnlyInSettlement},
            paid_only_in_portal = ${counts.paidOnlyInPortal}, amount_mismatch = ${counts.amountMismatch},
            refused = ${counts.refused}, finished_at = now()
        where id = ${reportId}`,
  );
}

/** Deletes a report and its entries (a refused file's, or one a crash left unfinished). */
export async function deleteReport(ex: Executor, reportId: string): Promise<void> {
  await ex.execute(sql`delete from reconciliation_reports where id = ${reportId}`);
}

/**
 * A finished report's head and counts. A report the release before this one wrote during a rolling upgrade
 * (its lists as one JSON text, decision 0038) is adopted first: its lists copied into entries, as
 * migration 0009 did for the reports before it.
 */
export async function findReport(ex: Executor, id: string): Promise<ReportHead | undefined> {
  const [row] = await queryRows<
    Omit<ReportHead, 'createdAt' | 'counts'> &
      ReportLists<number> & { createdAt: Date | string; finished: boolean }
  >(
    ex,
    sql`select id, file_name as "fileName", created_at as "createdAt", rows, matched,
               paid_only_in_settlement as "paidOnlyInSettlement", paid_only_in_portal as "paidOnlyInPortal",
               amount_mismatch as "amountMismatch", refused, finished_at is not null as finished
        from reconciliation_reports
        where id = ${id} and (finished_at is not null or lists is not null)`,
  );
  if (!row) return undefined;
  if (!row.finished) {
    await adoptListsReport(ex, id);
    return findReport(ex, id);
  }
  const { matched, paidOnlyInSettlement, paidOnlyInPortal, amountMismatch, refused } = row;
  return {
    id: row.id,
    fileName: row.fileName,
    createdAt: asDate(row.createdAt),
    rows: row.rows,
    counts: { matched, paidOnlyInSettlement, paidOnlyInPortal, amountMismatch, refused },
  };
}

/** Copies a report's lists from its JSON text into entries, and finishes it (migration 0009, for one). */
async function adoptListsReport(ex: Executor, id: string): Promise<void> {
  await ex.transaction(async (tx) => {
    const [report] = await queryRows<{ finished: boolean }>(
      tx,
      sql`select finished_at is not null as finished from reconciliation_reports where id = ${id} for update`,
    );
    if (!report || report.finished) return;
    await tx.execute(
      sql`insert into reconciliation_entries (report_id, list, position, entry)
          select r.id, l.key, e.position::integer, e.value::json
          from reconciliation_reports r
          cross join lateral jsonb_each(r.lists::jsonb) as l(key, value)
          cross join lateral jsonb_array_elements(l.value) with ordinality as e(value, position)
          where r.id = ${id}`,
    );
    await tx.execute(
      sql`update reconciliation_reports r set
            matched = jsonb_array_length(r.lists::jsonb -> 'matched'),
            paid_only_in_settlement = jsonb_array_length(r.lists::jsonb -> 'paidOnlyInSettlement'),
            paid_only_in_portal = jsonb_array_length(r.lists::jsonb -> 'paidOnlyInPortal'),
            amount_mismatch = jsonb_array_length(r.lists::jsonb -> 'amountMismatch'),
            finished_at = r.created_at
          where r.id = ${id}`,
    );
  });
}

/** The first `limit` entries of every list of a report, in one query, each list in its order. */
export async function firstReportEntries<Entry>(
  ex: Executor,
  reportId: string,
  limit: number,
): Promise<{ list: string; entry: Entry }[]> {
  return queryRows<{ list: string; entry: Entry }>(
    ex,
    sql`select list, entry from reconciliation_entries
        where report_id = ${reportId} and position <= ${limit}
        order by list, position`,
  );
}

/** Entries of one list of a report, in its order, from position `after` + 1 (positions start at 1). */
export async function reportEntries<Entry>(
  ex: Executor,
  reportId: string,
  list: string,
  after: number,
  limit: number,
): Promise<{ position: number; entry: Entry }[]> {
  return queryRows<{ position: number; entry: Entry }>(
    ex,
    sql`select position, entry from reconciliation_entries
        where report_id = ${reportId} and list = ${list} and position > ${after}
        order by position limit ${limit}`,
  );
}

// Collections

export interface CollectionRow {
  course: string | null;
  batchId: string | null;
  batchName: string | null;
  quarter: string | null;
  count: number;
  amountMinor: number;
}

/**
 * What was collected between two days (`YYYYMMDD`, the payments' own dates), per course, batch and quarter
 * or per one of them.
 */
export async function collections(
  ex: Executor,
  range: { from: string; to: string },
  groupBy: 'course' | 'batch' | 'quarter' | undefined,
): Promise<CollectionRow[]> {
  const byCourse = groupBy === undefined || groupBy === 'course';
  const byBatch = groupBy === undefined || groupBy === 'batch';
  const byQuarter = groupBy === undefined || groupBy === 'quarter';
  const rows = await queryRows<Omit<CollectionRow, 'amountMinor'> & { amountMinor: string | number }>(
    ex,
    sql`select ${byCourse ? sql`c.code` : sql`null::text`} as course,
               ${byBatch ? sql`b.id` : sql`null::uuid`} as "batchId",
               ${byBatch ? sql`b.name` : sql`null::text`} as "batchName",
               ${byQuarter ? sql`v.quarter` : sql`null::text`} as quarter,
               count(*)::int as count, sum(p.amount_minor)::bigint as "amountMinor"
        from payments p
        join vouchers v on v.id = p.voucher_id
        join enrolments e on e.id = v.enrolment_id
        join batches b on b.id = e.batch_id
        join courses c on c.id = e.course_id
        where p.tran_date between ${range.from} and ${range.to}
        group by 1, 2, 3, 4
        order by 1, 3, 4`,
  );
  return rows.map((row) => ({ ...row, amountMinor: Number(row.amountMinor) }));
}
