import { formatMessage, messages } from '@portal/shared/messages';
import { IMPORT_FIRST_ROWS } from '@portal/shared/schemas/staff';
import type { Db, Executor } from '../db/client';
import {
  createImportReport,
  deleteImportReport,
  finishImportReport,
  findImportReport,
  firstImportRows,
  importRowsPage,
  insertImportRows,
  pendingImportRows,
  settleImportRows,
  type ImportCounts,
  type ImportOutcome,
  type KeptImportRow,
} from '../db/repositories/import-reports';
import type { CsvRecord } from '../lib/csv';
import { notFound } from '../lib/http-error';
import { pageWindow } from '../lib/paging';

/*
 * Staff CSV imports with flat memory (decision 0042). A file is read into a kept report as it streams in, a
 * batch of rows at a time; a row whose cells cannot be read is refused there and then, with its reason, and
 * the others wait. Then the waiting rows are worked through in the file's order, a batch at a time: preview
 * reads, apply changes (in one transaction, so a failure changes nothing). The answer carries the counts and
 * the first rows of each outcome; the rest are paged from the report.
 */

/** Rows read, written and worked through at a time. */
export const IMPORT_BATCH_ROWS = 2_000;

export type ImportKind = 'enrolments' | 'results' | 'grants' | 'exam-keys';
export type Mode = 'preview' | 'apply';

/** A row of the file as read: what it names, and its values or why they cannot be used. */
export type ReadRow<Item> = { label: string; item: Item } | { label: string; refusal: string };

/** A waiting row, in the file's order. */
export interface WaitingRow<Item> {
  position: number;
  line: number;
  label: string;
  item: Item;
}

export interface Settled {
  position: number;
  outcome: ImportOutcome;
  detail: string;
}

/**
 * Works through a batch of waiting rows and answers each one's outcome (applying it, on apply). It keeps
 * what must hold across batches itself: the rows already seen, for repeats, and what it locked.
 */
export type SettleBatch<Item> = (ex: Executor, rows: WaitingRow<Item>[]) => Promise<Settled[]>;

/** One row of an answer or a page: every import names its row by its line; grants name an identifier. */
export type AnsweredRow<Kind extends ImportKind = ImportKind> = {
  line: number;
  outcome: ImportOutcome;
  detail: string;
} & (Kind extends 'grants' ? { identifier: string } : { rollNo: string });

function answeredRow<Kind extends ImportKind>(kind: Kind, row: KeptImportRow): AnsweredRow<Kind> {
  const { line, label, detail } = row;
  const outcome = row.outcome as ImportOutcome;
  const named = kind === 'grants' ? { identifier: label } : { rollNo: label };
  return { line, outcome, detail, ...named } as unknown as AnsweredRow<Kind>;
}

/** Kept CSV imports (decision 0042): rows kept as they stream in, settled in batches, paged back. */
export class ImportReportsService {
  constructor(private readonly db: Db) {}

  /** An import given up before its rows were settled (its form's fields were refused): its kept rows go. */
  async forget(reportId: string): Promise<void> {
    await deleteImportReport(this.db, reportId);
  }

  /**
   * Reads a file's rows into a new report, a batch at a time; a malformed file (a CSV refusal) deletes the
   * report and is refused whole. Answers the report's id.
   */
  async keepImportRows<K extends string, Item>(
    report: { staffId: string; kind: ImportKind },
    records: AsyncIterable<CsvRecord<K>>,
    read: (record: CsvRecord<K>) => ReadRow<Item>,
  ): Promise<string> {
    const reportId = await createImportReport(this.db, report);
    try {
      let batch: KeptImportRow[] = [];
      let position = 0;
      for await (const record of records) {
        const row = read(record);
        position += 1;
        batch.push({
          position,
          line: record.line,
          label: row.label.slice(0, 200),
          outcome: 'refusal' in row ? 'refused' : 'pending',
          detail: 'refusal' in row ? row.refusal : '',
          item: 'item' in row ? row.item : null,
        });
        if (batch.length === IMPORT_BATCH_ROWS) {
          await insertImportRows(this.db, reportId, batch);
          batch = [];
        }
      }
      await insertImportRows(this.db, reportId, batch);
      return reportId;
    } catch (error) {
      await deleteImportReport(this.db, reportId);
      throw error;
    }
  }

  /**
   * Works through a report's waiting rows in the file's order, a batch at a time, with the settler `start`
   * makes (on apply inside one transaction, which `start` may lock in first), and marks the report finished.
   * Any failure deletes the report and changes nothing.
   */
  async settleImport<Item>(
    reportId: string,
    mode: Mode,
    start: (ex: Executor) => Promise<SettleBatch<Item>>,
  ): Promise<ImportCounts> {
    const work = async (ex: Executor) => {
      const settle = await start(ex);
      for (let after = 0; ;) {
        const rows = (await pendingImportRows(ex, reportId, after, IMPORT_BATCH_ROWS)) as WaitingRow<Item>[];
        if (rows.length === 0) break;
        await settleImportRows(ex, reportId, await settle(ex, rows));
        after = rows.at(-1)!.position;
      }
      return finishImportReport(ex, reportId, mode);
    };
    try {
      return mode === 'apply' ? await this.db.transaction(work) : await work(this.db);
    } catch (error) {
      await deleteImportReport(this.db, reportId);
      throw error;
    }
  }

  /** An import's answer: what it did or would do, the counts, the report to page, and its first rows. */
  async importAnswerOf<Kind extends ImportKind>(
    report: { id: string; kind: Kind; mode: Mode },
    counts: ImportCounts,
  ) {
    const first = await firstImportRows(this.db, report.id, IMPORT_FIRST_ROWS);
    return {
      success: true as const,
      message: formatMessage(report.mode === 'preview' ? messages.importPreviewed : messages.importApplied, {
        ...counts,
      }),
      mode: report.mode,
      importId: report.id,
      rows: first.map((row) => answeredRow(report.kind, row)),
      ...counts,
    };
  }

  /** A page of one outcome's rows of a staff member's own import, and how many it has. */
  async importRowsPageOf(
    staffId: string,
    id: string,
    outcome: ImportOutcome,
    paging: { page: number; pageSize: number },
  ): Promise<{ data: AnsweredRow[]; total: number }> {
    const report = await findImportReport(this.db, id, staffId);
    if (!report) throw notFound(messages.importNotFound);
    const rows = await importRowsPage(this.db, id, outcome, pageWindow(paging));
    const totals: Record<ImportOutcome, number> = {
      change: report.changes,
      unchanged: report.unchanged,
      refused: report.refused,
    };
    return { data: rows.map((row) => answeredRow(report.kind as ImportKind, row)), total: totals[outcome] };
  }
}
