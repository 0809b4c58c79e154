import type { FastifyRequest } from 'fastify';
import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import { importModeSchema } from '@portal/shared/schemas/staff';
import type { Executor } from '../db/client';
import { consumeCsvUpload, type CsvColumn, type CsvRecord } from '../lib/csv';
import { badRequest } from '../lib/http-error';
import type { Actor } from '../modules/audit/audit';
import type { StaffContext } from '../modules/staff/staff-sessions';
import { actorOf } from '../plugins/staff-guard';
import type {
  ImportKind,
  ImportReportsService,
  Mode,
  ReadRow,
  SettleBatch,
} from '../services/import-reports';

/** The mode field of an import: `preview` unless `apply` is asked for in so many words. */
function importModeOf(value: string | undefined) {
  const parsed = importModeSchema.safeParse(value ?? 'preview');
  if (!parsed.success) throw badRequest(messages.importModeInvalid);
  return parsed.data;
}

/**
 * A staff CSV import (decision 0042): the file's rows kept as they stream in, each read by `read` (a row
 * whose cells cannot be read is refused with its reason), then worked through in the mode asked by the
 * settler `settlerOf` makes from the form's fields (which may follow the file) for the staff member who sent
 * it. Answers the counts and the first rows of each outcome.
 */
export async function importFile<Kind extends ImportKind, K extends string, F extends string, Item>(
  imports: ImportReportsService,
  request: FastifyRequest & { staff: StaffContext },
  spec: {
    kind: Kind;
    columns: readonly CsvColumn<K>[];
    /** Form fields besides `mode` and the file. */
    fields?: readonly F[];
    optionalHeader?: boolean;
    read: (record: CsvRecord<K>) => ReadRow<Item>;
  },
  settlerOf: (
    fields: Partial<Record<F, string>>,
    mode: Mode,
    actor: Actor,
  ) => (ex: Executor) => Promise<SettleBatch<Item>>,
) {
  const actor = actorOf(request);
  const staffId = request.staff.staff.id;
  const { result: reportId, fields } = await consumeCsvUpload(
    request,
    {
      columns: spec.columns,
      fields: ['mode', ...(spec.fields ?? [])] as const,
      maxBytes: STAFF_CSV_MAX_BYTES,
      optionalHeader: spec.optionalHeader ?? false,
    },
    (records) => imports.keepImportRows({ staffId, kind: spec.kind }, records, spec.read),
  );
  let mode: Mode;
  let start: (ex: Executor) => Promise<SettleBatch<Item>>;
  try {
    mode = importModeOf(fields.mode);
    start = settlerOf(fields, mode, actor);
  } catch (error) {
    await imports.forget(reportId);
    throw error;
  }
  const counts = await imports.settleImport(reportId, mode, start);
  return imports.importAnswerOf({ id: reportId, kind: spec.kind, mode }, counts);
}
