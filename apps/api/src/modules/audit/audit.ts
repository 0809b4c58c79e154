import { COMMAND_LINE_ACTOR } from '@portal/shared/constants/staff';
import type { AuditEntry } from '@portal/shared/schemas/staff';
import type { Executor } from '../../db/client';
import { insertAuditEntries, type AuditRow } from './repository';

/** Who made a change: a signed-in staff member (and from where), or the command line. */
export interface Actor {
  staffId: string | null;
  label: string;
  role: string;
  address: string | null;
}

export const commandLineActor: Actor = {
  staffId: null,
  label: COMMAND_LINE_ACTOR,
  role: 'admin',
  address: null,
};

export interface Change {
  action: string;
  subjectId: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Records changes in the audit log. Pass the transaction of the change itself: the entry and the change
 * are committed together or not at all.
 */
export async function audit(tx: Executor, actor: Actor, changes: Change | Change[]): Promise<void> {
  const list = Array.isArray(changes) ? changes : [changes];
  await insertAuditEntries(
    tx,
    list.map((change) => ({
      actorId: actor.staffId,
      actor: actor.label,
      role: actor.role,
      address: actor.address,
      action: change.action,
      subjectId: change.subjectId,
      before: change.before ?? null,
      after: change.after ?? null,
    })),
  );
}

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    _id: String(row.id),
    at: row.at.toISOString(),
    actor: row.actor,
    role: row.role,
    action: row.action,
    subjectId: row.subjectId,
    subjectName: row.subjectName,
    subjectRollNo: row.subjectRollNo,
    before: row.before ?? null,
    after: row.after ?? null,
    address: row.address,
  };
}
