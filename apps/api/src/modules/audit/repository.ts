import { and, count, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { auditLog, students } from '../../db/schema';

export interface AuditValues {
  actorId: string | null;
  actor: string;
  role: string;
  action: string;
  subjectId: string | null;
  before: unknown;
  after: unknown;
  address: string | null;
}

export interface AuditRow extends AuditValues {
  id: number;
  at: Date;
  /** The student the entry is about, when its subject is a student: how staff know them. */
  subjectName: string | null;
  subjectRollNo: string | null;
}

const auditColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actor: auditLog.actor,
  role: auditLog.role,
  action: auditLog.action,
  subjectId: auditLog.subjectId,
  before: auditLog.before,
  after: auditLog.after,
  address: auditLog.address,
  subjectName: students.fullName,
  subjectRollNo: students.rollNo,
};

export async function insertAuditEntries(ex: Executor, entries: AuditValues[]): Promise<void> {
  if (entries.length === 0) return;
  // Large imports write one entry per changed row: insert them in slices under PostgreSQL's parameter limit.
  for (let i = 0; i < entries.length; i += 5_000) {
    await ex.insert(auditLog).values(
      entries.slice(i, i + 5_000).map((entry) => ({
        ...entry,
        before: entry.before ?? null,
        after: entry.after ?? null,
      })),
    );
  }
}

export interface AuditFilter {
  actor?: string;
  /** Only the entries of this staff account (a role other than admin reads only its own). */
  actorId?: string;
  subjectId?: string;
  action?: string;
}

function where(filter: AuditFilter): SQL | undefined {
  return and(
    filter.actor !== undefined ? eq(auditLog.actor, filter.actor) : undefined,
    filter.actorId !== undefined ? eq(auditLog.actorId, filter.actorId) : undefined,
    filter.subjectId !== undefined ? eq(auditLog.subjectId, filter.subjectId) : undefined,
    filter.action !== undefined ? eq(auditLog.action, filter.action) : undefined,
  );
}

/** Newest first, a page at a time, with the count of all that match. */
export async function listAuditEntries(
  ex: Executor,
  filter: AuditFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    withSubjects(ex).where(where(filter)).orderBy(desc(auditLog.id)).offset(page.offset).limit(page.limit),
    ex.select({ value: count() }).from(auditLog).where(where(filter)),
  ]);
  return { rows: rows, total: total?.value ?? 0 };
}

/** The entries with the student each is about, where its subject is one. */
function withSubjects(ex: Executor) {
  return ex.select(auditColumns).from(auditLog).leftJoin(students, eq(students.id, auditLog.subjectId));
}

/** The next `limit` entries older than `beforeId` (all from the newest without it): a keyset page. */
export async function pageAuditEntriesBefore(
  ex: Executor,
  filter: AuditFilter,
  beforeId: number | undefined,
  limit: number,
): Promise<AuditRow[]> {
  return withSubjects(ex)
    .where(and(where(filter), beforeId === undefined ? undefined : lt(auditLog.id, beforeId)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
