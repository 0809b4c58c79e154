import type { z } from 'zod';
import type { auditQuerySchema } from '@portal/shared/schemas/staff';
import type { Db } from '../../db/client';
import { csvStream, keysetRows } from '../../lib/csv';
import { pageWindow } from '../../lib/paging';
import { presentAuditEntry, type Actor } from './audit';
import { listAuditEntries, pageAuditEntriesBefore, type AuditFilter, type AuditRow } from './repository';

/** Reading the audit log (API.md "Audit"); entries are written by `audit()` in each change's transaction. */
export class AuditService {
  constructor(private readonly db: Db) {}

  /** The audit log: an admin reads every entry, any other role only its own. */
  async page(actor: Actor, query: z.output<typeof auditQuerySchema>) {
    const { rows, total } = await listAuditEntries(this.db, auditFilterOf(actor, query), pageWindow(query));
    return { data: rows.map(presentAuditEntry), total };
  }

  /**
   * The filtered log as CSV, newest first, read in keyset pages as the client takes them (issue 25, item 6);
   * the same entries the pages show this staff member.
   */
  csv(actor: Actor, query: z.output<typeof auditQuerySchema>, onError: (error: Error) => void) {
    const { db } = this;
    const filter = auditFilterOf(actor, query);
    const entries = keysetRows(
      (before: number | undefined) => pageAuditEntriesBefore(db, filter, before, AUDIT_EXPORT_PAGE_ROWS),
      (row) => row.id,
      AUDIT_EXPORT_PAGE_ROWS,
    );
    return csvStream(auditExportColumns, entries, onError);
  }
}

const AUDIT_EXPORT_PAGE_ROWS = 2_000;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

const auditExportColumns: { header: string; value: (row: AuditRow) => string | null }[] = [
  { header: 'When', value: (row) => row.at.toISOString() },
  { header: 'Actor', value: (row) => row.actor },
  { header: 'Role', value: (row) => row.role },
  { header: 'Address', value: (row) => row.address },
  { header: 'Action', value: (row) => row.action },
  { header: 'Subject', value: (row) => row.subjectId },
  { header: 'Subject name', value: (row) => row.subjectName },
  { header: 'Subject roll number', value: (row) => row.subjectRollNo },
  { header: 'Before', value: (row) => json(row.before) },
  { header: 'After', value: (row) => json(row.after) },
];

/** What a staff member may read of the log, narrowed by their filters: an admin all, others their own. */
function auditFilterOf(actor: Actor, query: z.output<typeof auditQuerySchema>): AuditFilter {
  return {
    ...(query.actor ? { actor: query.actor } : {}),
    ...(query.subjectId ? { subjectId: query.subjectId } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(actor.role === 'admin' ? {} : { actorId: actor.staffId! }),
  };
}
