import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../client';

/*
 * Kept staff imports (decision 0042): a report per file read, and its rows in the file's order. Rows are
 * written and settled a batch at a time, each batch one statement with its rows as one JSON parameter.
 */

export type ImportOutcome = 'change' | 'unchanged' | 'refused';

export interface KeptImportRow {
  position: number;
  line: number;
  label: string;
  outcome: ImportOutcome | 'pending';
  detail: string;
  item: unknown;
}

export interface ImportCounts {
  changes: number;
  unchanged: number;
  refused: number;
}

export interface ImportReportHead extends ImportCounts {
  id: string;
  kind: string;
  mode: string;
}

export async function createImportReport(
  ex: Executor,
  report: { staffId: string; kind: string },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    ex,
    sql`insert into import_reports (staff_id, kind) values (${report.staffId}, ${report.kind}) returning id`,
  );
  return row!.id;
}

/** Writes a batch of a report's rows as read from the file. */
export async function insertImportRows(ex: Executor, reportId: string, rows: KeptImportRow[]): Promise<void> {
  if (rows.length === 0) return;
  await ex.execute(
    sql`insert into import_rows (report_id, position, line, label, outcome, detail, item)
        select ${reportId}::uuid, r.position, r.line, r.label, r.outcome, r.detail, r.item
        from json_to_recordset(${JSON.stringify(rows)}::json)
          as r(position integer, line integer, label text, outcome text, detail text, item json)`,
  );
}

/** The rows still to be worked through after `after`, in the file's order. */
export async function pendingImportRows(
  ex: Executor,
  reportId: string,
  after: number,
  limit: number,
): Promise<Pick<KeptImportRow, 'position' | 'line' | 'label' | 'item'>[]> {
  return queryRows(
    ex,
    sql`select position, line, label, item from import_rows
        where report_id = ${reportId} and outcome = 'pending' and position > ${after}
        order by position limit ${limit}`,
  );
}

/** Records the outcome of a batch of rows. */
export async function settleImportRows(
  ex: Executor,
  reportId: string,
  rows: { position: number; outcome: ImportOutcome; detail: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await ex.execute(
    sql`update import_rows set outcome = r.outcome, detail = r.detail, item = null
        from json_to_recordset(${JSON.stringify(rows)}::json) as r(position integer, outcome text, detail text)
        where import_rows.report_id = ${reportId} and import_rows.position = r.position`,
  );
}

/** Counts the report's outcomes, records them and its mode, and marks it finished. */
export async function finishImportReport(
  ex: Executor,
  reportId: string,
  mode: string,
): Promise<ImportCounts> {
  const [row] = await queryRows<ImportCounts>(
    ex,
    sql`update import_reports r set finished_at = now(), mode = ${mode},
          changes = c.changes, unchanged = c.unchanged, refused = c.refused
        from (select count(*) filter (where outcome = 'change')::int as changes,
                     count(*) filter (where outcome = 'unchanged')::int as unchanged,
                     count(*) filter (where outcome = 'refused')::int as refused
              from import_rows where report_id = ${reportId}) c
        where r.id = ${reportId}
        returning c.changes, c.unchanged, c.refused`,
  );
  return row!;
}

export async function deleteImportReport(ex: Executor, reportId: string): Promise<void> {
  await ex.execute(sql`delete from import_reports where id = ${reportId}`);
}

/** A finished report of this staff member's; another's, or an unfinished one, is not found. */
export async function findImportReport(
  ex: Executor,
  reportId: string,
  staffId: string,
): Promise<ImportReportHead | undefined> {
  const [row] = await queryRows<ImportReportHead>(
    ex,
    sql`select id, kind, mode, changes, unchanged, refused from import_reports
        where id = ${reportId} and staff_id = ${staffId} and finished_at is not null`,
  );
  return row;
}

/** The first `limit` rows of each outcome, in one query, in the file's order. */
export async function firstImportRows(
  ex: Executor,
  reportId: string,
  limit: number,
): Promise<KeptImportRow[]> {
  return queryRows<KeptImportRow>(
    ex,
    sql`select position, line, label, outcome, detail from (
          select *, row_number() over (partition by outcome order by position) as nth
          from import_rows where report_id = ${reportId}) r
        where nth <= ${limit} order by position`,
  );
}

/** A page of one outcome's rows, in the file's order. */
export async function importRowsPage(
  ex: Executor,
  reportId: string,
  outcome: ImportOutcome,
  page: { offset: number; limit: number },
): Promise<KeptImportRow[]> {
  return queryRows<KeptImportRow>(
    ex,
    sql`select position, line, label, outcome, detail from import_rows
        where report_id = ${reportId} and outcome = ${outcome}
        order by position offset ${page.offset} limit ${page.limit}`,
  );
}
