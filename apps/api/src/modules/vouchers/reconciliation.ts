import type { Readable } from 'node:stream';
import { CSV_FORMATS, type CsvKey } from '@portal/shared/constants/csv-formats';
import { formatMessage, messages } from '@portal/shared/messages';
import {
  RECONCILIATION_FIRST_ROWS,
  type PaymentsSummaryRow,
  type ReconciliationEntry,
  type ReconciliationList,
  type ReconciliationReport,
} from '@portal/shared/schemas/staff-money';
import type { Db } from '../../db/client';
import {
  collections,
  deleteReport,
  findReport,
  findSettledVouchers,
  finishReport,
  firstReportEntries,
  insertReportEntries,
  paymentsNotInReport,
  reportEntries,
  settlementKeysInReport,
  startReport,
  type PaymentCursor,
  type ReportLists,
  type SettledVoucher,
} from './reconciliation-repository';
import { csvStream, type CsvColumn, type CsvRecord } from '../../lib/csv';
import { notFound } from '../../lib/http-error';
import { storableText } from '../../lib/text';
import { audit, type Actor } from '../audit/audit';

/*
 * Reconciliation of the aggregator's settlement file with the portal's vouchers and payments (API.md
 * "Accounts"; decision 0026): the file parsed and matched a batch at a time, the kept reports and their CSV,
 * and the collections summary. It changes no voucher: marking one paid is vouchers.ts.
 */

// Reconciliation

export type SettlementKey = CsvKey<'settlement'>;

export const settlementColumns: readonly CsvColumn<SettlementKey>[] = CSV_FORMATS.settlement.columns;

interface SettlementRow {
  line: number;
  consumerNumber: string;
  tranAuthId: string;
  amountMinor: number;
  /** `YYYYMMDD` */
  tranDate: string;
  bank: string;
}

/**
 * A settlement amount in minor units: exactly 12 digits is the biller's own form (the last two minor units,
 * `000000150000`); otherwise rupees, with at most two decimals (`1500`, `1500.00`).
 */
export function settlementAmountMinor(text: string): number | undefined {
  if (/^\d{12}$/.test(text)) return Number(text);
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** `YYYYMMDD` of a `YYYYMMDD` or `YYYY-MM-DD` date that exists. */
function settlementDate(text: string): string | undefined {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
  if (!match) return undefined;
  const iso = `${match[1]}-${match[2]}-${match[3]}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(iso)) return undefined;
  return `${match[1]}${match[2]}${match[3]}`;
}

/**
 * A row the checks refuse: the reason, and its cells as the file has them. It is listed in the report's
 * `refused` list with its line (issue 25, item 3), and the file's other rows are reconciled.
 */
interface RefusedSettlementRow {
  line: number;
  cells: Record<SettlementKey, string>;
  problem: string;
}

function checkedSettlementRow(record: CsvRecord<SettlementKey>): SettlementRow | RefusedSettlementRow {
  const { cells, line } = record;
  const refuse = (problem: string): RefusedSettlementRow => ({ line, cells, problem });
  if (!/^\d{1,20}$/.test(cells.consumerNumber)) return refuse(messages.settlementBadConsumer);
  if (!/^\d{6}$/.test(cells.tranAuthId)) return refuse(messages.settlementBadTranAuthId);
  const amountMinor = settlementAmountMinor(cells.amount);
  if (amountMinor === undefined || amountMinor === 0) return refuse(messages.settlementBadAmount);
  const tranDate = settlementDate(cells.tranDate);
  if (!tranDate) return refuse(messages.settlementBadDate);
  if (!/^[A-Za-z0-9_-]{1,20}$/.test(cells.bank)) return refuse(messages.settlementBadBank);
  return {
    line,
    consumerNumber: cells.consumerNumber,
    tranAuthId: cells.tranAuthId,
    amountMinor,
    tranDate,
    bank: cells.bank,
  };
}

const isRefused = (row: SettlementRow | RefusedSettlementRow): row is RefusedSettlementRow =>
  'problem' in row;

/** Settlement rows looked up per query: 2,000 voucher numbers are one small JSON parameter. */
export const SETTLEMENT_BATCH_ROWS = 2_000;

const rupees = (minor: number) => minor / 100;
const isoDay = (yyyymmdd: string) =>
  `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`;

/** What the report learns of the whole file as its rows pass: their number and the days they reconcile. */
interface SettlementScan {
  rows: number;
  /** `YYYYMMDD` of the earliest reconciled row, empty before the first. */
  first: string;
  /** `YYYYMMDD` of the latest reconciled row, empty before the first. */
  last: string;
}

/**
 * Parse: the file's rows, checked, in batches of SETTLEMENT_BATCH_ROWS as the file arrives, the last batch
 * possibly empty. A bad value refuses its row only; a malformed file (header, quoting, columns per row) is
 * refused whole by the CSV reader, naming its line.
 */
async function* settlementBatches(
  records: AsyncIterable<CsvRecord<SettlementKey>>,
  scan: SettlementScan,
): AsyncGenerator<(SettlementRow | RefusedSettlementRow)[]> {
  let batch: (SettlementRow | RefusedSettlementRow)[] = [];
  for await (const record of records) {
    scan.rows += 1;
    batch.push(checkedSettlementRow(record));
    if (batch.length >= SETTLEMENT_BATCH_ROWS) {
      yield batch;
      batch = [];
    }
  }
  yield batch;
}

/** A settlement row's key: a consumer number pays once per tran_auth_id. */
const settlementKey = (row: { consumerNumber: string; tranAuthId: string }) =>
  `${row.consumerNumber}|${row.tranAuthId}`;

/**
 * Match: the rows of a batch that repeat an earlier row (the same consumer number and tran_auth_id, in this
 * batch or in the report's entries so far), each with the line it repeats. The keys live in the database,
 * not in memory: a 220,000-row file's would weigh 40 MB.
 */
async function repeatsIn(
  db: Db,
  reportId: string,
  rows: SettlementRow[],
): Promise<Map<SettlementRow, number>> {
  const earlier = await settlementKeysInReport(db, reportId, rows.map(settlementKey));
  const inBatch = new Map<string, number>();
  const repeats = new Map<SettlementRow, number>();
  for (const row of rows) {
    const key = settlementKey(row);
    const first = earlier.get(key) ?? inBatch.get(key);
    if (first === undefined) inBatch.set(key, row.line);
    else repeats.set(row, first);
  }
  return repeats;
}

/** The voucher number in one of the portal's consumer numbers (its prefix and eight digits), if it is one. */
function voucherNoOf(consumerPrefix: string, consumerNumber: string): string | undefined {
  return consumerNumber.length === consumerPrefix.length + 8 && consumerNumber.startsWith(consumerPrefix)
    ? consumerNumber.slice(consumerPrefix.length)
    : undefined;
}

/** A report being written: where each list has got to, so that each entry lands at its position. */
interface ReportWriter {
  id: string;
  counts: ReportLists<number>;
}

/** Report: files each entry at the end of its list, the batch written in one statement. */
async function writeEntries(
  db: Db,
  report: ReportWriter,
  entries: { list: ReconciliationList; entry: ReconciliationEntry; settlementKey: string | null }[],
): Promise<void> {
  await insertReportEntries(
    db,
    report.id,
    entries.map(({ list, entry, settlementKey }) => ({
      list,
      position: (report.counts[list] += 1),
      settlementKey,
      entry: JSON.stringify(entry),
    })),
  );
}

/**
 * Match: one batch of settlement rows against the portal's vouchers and payments, each filed in its list in
 * the file's order: a refused row or a repeat in `refused`, with its reason. The days of the rows reconciled
 * widen the scan's range.
 */
async function matchSettlementBatch(
  db: Db,
  consumerPrefix: string,
  batch: (SettlementRow | RefusedSettlementRow)[],
  report: ReportWriter,
  scan: SettlementScan,
): Promise<void> {
  const settlement = batch.filter((row): row is SettlementRow => !isRefused(row));
  const repeats = await repeatsIn(db, report.id, settlement);
  const vouchers = await findSettledVouchers(
    db,
    settlement.flatMap((row) => voucherNoOf(consumerPrefix, row.consumerNumber) ?? []),
  );
  await writeEntries(
    db,
    report,
    batch.map((row) => {
      if (isRefused(row)) return { list: 'refused', entry: refusedEntry(row), settlementKey: null };
      const first = repeats.get(row);
      if (first !== undefined) {
        const detail = formatMessage(messages.settlementRepeated, { first });
        return { list: 'refused', entry: settlementEntry(row, undefined, detail), settlementKey: null };
      }
      if (!scan.first || row.tranDate < scan.first) scan.first = row.tranDate;
      if (!scan.last || row.tranDate > scan.last) scan.last = row.tranDate;
      const voucherNo = voucherNoOf(consumerPrefix, row.consumerNumber);
      const voucher = voucherNo === undefined ? undefined : vouchers.get(voucherNo);
      const { list, detail } = settlementVerdict(row, voucher);
      return { list, entry: settlementEntry(row, voucher, detail), settlementKey: settlementKey(row) };
    }),
  );
}

/** A cell of a refused row as the report shows it: at most 40 characters, so that the answer stays small. */
const shownCell = (text: string) => (text.length > 40 ? `${storableText(text, 39)}…` : text || null);

/** A refused row's report entry: its cells as the file has them (the amount when it reads), and the reason. */
function refusedEntry(row: RefusedSettlementRow): ReconciliationEntry {
  const amountMinor = settlementAmountMinor(row.cells.amount);
  return {
    consumerNumber: shownCell(row.cells.consumerNumber) ?? '',
    line: row.line,
    voucherId: null,
    rollNo: null,
    voucherStatus: null,
    fee: null,
    settlementAmount: amountMinor === undefined ? null : rupees(amountMinor),
    portalAmount: null,
    tranAuthId: shownCell(row.cells.tranAuthId),
    portalTranAuthId: null,
    tranDate: shownCell(row.cells.tranDate),
    bank: shownCell(row.cells.bank),
    detail: row.problem,
  };
}

/** The list a settlement row belongs in, and the reason given for it. */
function settlementVerdict(
  row: SettlementRow,
  voucher: SettledVoucher | undefined,
): { list: ReconciliationList; detail: string } {
  if (!voucher) return { list: 'paidOnlyInSettlement', detail: messages.reconUnknownConsumer };
  if (row.amountMinor !== voucher.feeAmount * 100)
    return {
      list: 'amountMismatch',
      detail: formatMessage(messages.reconAmountMismatch, {
        settlement: rupees(row.amountMinor),
        fee: voucher.feeAmount,
      }),
    };
  if (voucher.payment?.tranAuthId === row.tranAuthId)
    return { list: 'matched', detail: messages.reconMatched };
  if (voucher.payment)
    return {
      list: 'paidOnlyInSettlement',
      detail: formatMessage(messages.reconPaidByOther, { tranAuthId: voucher.payment.tranAuthId }),
    };
  return {
    list: 'paidOnlyInSettlement',
    detail: formatMessage(messages.reconNotPaidInPortal, { status: voucher.status }),
  };
}

/** A settlement row's report entry, beside the voucher it names (if any). */
function settlementEntry(
  row: SettlementRow,
  voucher: SettledVoucher | undefined,
  detail: string,
): ReconciliationEntry {
  return {
    consumerNumber: row.consumerNumber,
    line: row.line,
    voucherId: voucher?.id ?? null,
    rollNo: voucher?.rollNo ?? null,
    voucherStatus: voucher?.status ?? null,
    fee: voucher?.feeAmount ?? null,
    settlementAmount: rupees(row.amountMinor),
    portalAmount: voucher?.payment ? rupees(voucher.payment.amountMinor) : null,
    tranAuthId: row.tranAuthId,
    portalTranAuthId: voucher?.payment?.tranAuthId ?? null,
    tranDate: isoDay(row.tranDate),
    bank: row.bank,
    detail,
  };
}

/**
 * Match: the payments the portal recorded on the settlement's days that the file does not hold, read and
 * written a batch at a time.
 */
async function matchPortalOnlyPayments(db: Db, scan: SettlementScan, report: ReportWriter): Promise<void> {
  if (!scan.first) return;
  let after: PaymentCursor | undefined;
  for (;;) {
    const payments = await paymentsNotInReport(
      db,
      report.id,
      { from: scan.first, to: scan.last },
      after,
      SETTLEMENT_BATCH_ROWS,
    );
    await writeEntries(
      db,
      report,
      payments.map((payment) => ({
        list: 'paidOnlyInPortal' as const,
        settlementKey: null,
        entry: {
          consumerNumber: payment.consumerNumber,
          line: null,
          voucherId: payment.voucherId,
          rollNo: payment.rollNo,
          voucherStatus: 'PAID' as const,
          fee: payment.feeAmount,
          settlementAmount: null,
          portalAmount: rupees(payment.amountMinor),
          tranAuthId: null,
          portalTranAuthId: payment.tranAuthId,
          tranDate: isoDay(payment.tranDate),
          bank: payment.bank,
          detail: formatMessage(messages.reconNotInSettlement, { date: isoDay(payment.tranDate) }),
        },
      })),
    );
    if (payments.length < SETTLEMENT_BATCH_ROWS) return;
    after = payments.at(-1)!.cursor;
  }
}

/** Report: records its totals, marks it finished and audits its keeping (`reconciliation.report`), at once. */
async function finishAuditedReport(
  db: Db,
  actor: Actor,
  fileName: string,
  scan: SettlementScan,
  report: ReportWriter,
): Promise<void> {
  await db.transaction(async (tx) => {
    await finishReport(tx, report.id, scan.rows, report.counts);
    await audit(tx, actor, {
      action: 'reconciliation.report',
      subjectId: report.id,
      after: {
        fileName,
        rows: scan.rows,
        from: scan.first ? isoDay(scan.first) : null,
        to: scan.last ? isoDay(scan.last) : null,
        ...report.counts,
      },
    });
  });
}

export function reconciliationMessage(counts: { rows: number } & ReportLists<number>): string {
  return formatMessage(messages.reconciliationDone, { ...counts });
}

const reportColumns: {
  header: string;
  value: (row: { list: ReconciliationList; entry: ReconciliationEntry }) => string | number | null;
}[] = [
  { header: 'List', value: (row) => row.list },
  { header: 'Consumer number', value: (row) => row.entry.consumerNumber },
  { header: 'Line', value: (row) => row.entry.line },
  { header: 'Roll number', value: (row) => row.entry.rollNo },
  { header: 'Voucher status', value: (row) => row.entry.voucherStatus },
  { header: 'Fee', value: (row) => row.entry.fee },
  { header: 'Settlement amount', value: (row) => row.entry.settlementAmount },
  { header: 'Portal amount', value: (row) => row.entry.portalAmount },
  { header: 'tran_auth_id', value: (row) => row.entry.tranAuthId },
  { header: 'Portal tran_auth_id', value: (row) => row.entry.portalTranAuthId },
  { header: 'Date', value: (row) => row.entry.tranDate },
  { header: 'Bank', value: (row) => row.entry.bank },
  { header: 'Detail', value: (row) => row.entry.detail },
];

// Collections

/** Reconciliation with settlement files, its kept reports, and what was collected. */
export class ReconciliationService {
  constructor(
    private readonly db: Db,
    /** Kuickpay's prefix, which with a voucher's number makes its consumer number. */
    private readonly consumerPrefix: string,
  ) {}

  /**
   * Reconciles a settlement file against the portal, changing nothing (decision 0026). Rows are checked,
   * looked up and filed in the kept report in batches as the file arrives, so memory stays flat whatever the
   * file's size (decision 0039). A bad row is refused with its line and reason, the others reconciled
   * (decision 0051); a malformed file is refused whole, naming its line, and its report is deleted.
   * Answers the report's counts and the first rows of each list.
   */
  async reconcile(
    actor: Actor,
    records: AsyncIterable<CsvRecord<SettlementKey>>,
    fileName: string,
  ): Promise<ReconciliationReport> {
    const started = await startReport(this.db, { staffId: actor.staffId, staffLabel: actor.label, fileName });
    const report: ReportWriter = {
      id: started.id,
      counts: { matched: 0, paidOnlyInSettlement: 0, paidOnlyInPortal: 0, amountMismatch: 0, refused: 0 },
    };
    const scan: SettlementScan = { rows: 0, first: '', last: '' };
    try {
      for await (const batch of settlementBatches(records, scan))
        await matchSettlementBatch(this.db, this.consumerPrefix, batch, report, scan);
      await matchPortalOnlyPayments(this.db, scan, report);
      await finishAuditedReport(this.db, actor, fileName, scan, report);
    } catch (error) {
      // A refused file leaves no report; if even the delete fails, housekeeping removes the unfinished one.
      await deleteReport(this.db, report.id).catch(() => undefined);
      throw error;
    }
    return this.findReconciliationReport(report.id);
  }

  /** A kept report's head, its counts and the first rows of each list. */
  async findReconciliationReport(id: string): Promise<ReconciliationReport> {
    const report = await findReport(this.db, id);
    if (!report) throw notFound(messages.reconciliationNotFound);
    // Positions run 1…n in each list: the first rows of all four come in one query.
    const lists: ReportLists<ReconciliationEntry[]> = {
      matched: [],
      paidOnlyInSettlement: [],
      paidOnlyInPortal: [],
      amountMismatch: [],
      refused: [],
    };
    for (const row of await firstReportEntries<ReconciliationEntry>(this.db, id, RECONCILIATION_FIRST_ROWS))
      lists[row.list as ReconciliationList].push(row.entry);
    return {
      reportId: report.id,
      fileName: report.fileName,
      createdAt: report.createdAt.toISOString(),
      rows: report.rows,
      counts: report.counts,
      ...lists,
    };
  }

  /** A page of one list of a kept report, and the list's length. */
  async reconciliationListPage(
    id: string,
    list: ReconciliationList,
    paging: { page: number; pageSize: number },
  ): Promise<{ data: ReconciliationEntry[]; total: number }> {
    const report = await findReport(this.db, id);
    if (!report) throw notFound(messages.reconciliationNotFound);
    // Positions run 1…count without gaps, so a page starts after (page - 1) × pageSize.
    const rows = await reportEntries<ReconciliationEntry>(
      this.db,
      id,
      list,
      (paging.page - 1) * paging.pageSize,
      paging.pageSize,
    );
    return { data: rows.map((row) => row.entry), total: report.counts[list] };
  }

  /** A kept report as one CSV, list by list, read from the database a batch at a time as it is sent. */
  reconciliationCsv(reportId: string, onError: (error: Error) => void): Readable {
    const lists: ReconciliationList[] = [
      'refused',
      'amountMismatch',
      'paidOnlyInSettlement',
      'paidOnlyInPortal',
      'matched',
    ];
    const db = this.db;
    async function* rows() {
      for (const list of lists)
        for (let after = 0; ;) {
          const batch = await reportEntries<ReconciliationEntry>(
            db,
            reportId,
            list,
            after,
            SETTLEMENT_BATCH_ROWS,
          );
          for (const { entry } of batch) yield { list, entry };
          if (batch.length < SETTLEMENT_BATCH_ROWS) break;
          after = batch.at(-1)!.position;
        }
    }
    return csvStream(reportColumns, rows(), onError);
  }

  /** What was collected between two days, per course, batch and quarter (or one of them), with totals. */
  async paymentsSummary(query: {
    from: string;
    to: string;
    groupBy?: 'course' | 'batch' | 'quarter' | undefined;
  }): Promise<{
    from: string;
    to: string;
    rows: PaymentsSummaryRow[];
    total: { count: number; amount: number };
  }> {
    const found = await collections(
      this.db,
      { from: query.from.replaceAll('-', ''), to: query.to.replaceAll('-', '') },
      query.groupBy,
    );
    const rows = found.map((row) => ({
      course: row.course,
      batchId: row.batchId,
      batchName: row.batchName,
      quarter: row.quarter,
      count: row.count,
      amount: rupees(row.amountMinor),
    }));
    return {
      from: query.from,
      to: query.to,
      rows,
      total: {
        count: found.reduce((sum, row) => sum + row.count, 0),
        amount: rupees(found.reduce((sum, row) => sum + row.amountMinor, 0)),
      },
    };
  }
}
