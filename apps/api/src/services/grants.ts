import { formatMessage, messages } from '@portal/shared/messages';
import type { z } from 'zod';
import type {
  addGrantRequestSchema,
  BatchGrant,
  GrantImportAnswer,
  GrantImportRow,
  grantsQuerySchema,
  removeGrantRequestSchema,
  StudentIdentifier,
} from '@portal/shared/schemas/staff-config';
import { studentIdentifier } from '@portal/shared/schemas/staff-config';
import type { Db, Executor } from '../db/client';
import { findBatchCourse } from '../db/repositories/admissions';
import { findGrant, grantRestricted } from '../db/repositories/courses';
import {
  deleteGrant,
  findBatch,
  findGrantsOf,
  findStudentsByIdentifiers,
  isRegisteredIn,
  listBatchGrants,
  lockBatch,
  type BatchRow,
  type StudentIdentity,
} from '../db/repositories/staff-config';
import { lockStudent } from '../db/repositories/students';
import { csvMalformed, type CsvColumn, type CsvRecord } from '../lib/csv';
import { conflict, notFound } from '../lib/http-error';
import { applyGrant } from './admissions';
import { audit, type Actor } from './audit';

/*
 * Restricted-batch grants from the catalogue's side (decision 0025): a batch's list, one grant added by e-mail
 * or CNIC (through the student page's own rule, services/admissions.ts applyGrant), one removed, and a CSV of
 * e-mails or CNICs previewed and applied like the enrolment imports (decision 0021).
 */

type Mode = 'preview' | 'apply';

export async function listGrants(
  db: Db,
  query: z.output<typeof grantsQuerySchema>,
): Promise<{ data: BatchGrant[]; total: number }> {
  if (!(await findBatch(db, query.batchId))) throw notFound(messages.batchNotFound);
  const { rows, total } = await listBatchGrants(
    db,
    { batchId: query.batchId, course: query.course },
    { offset: (query.page - 1) * query.pageSize, limit: query.pageSize },
  );
  return { data: rows, total };
}

async function findStudent(
  ex: Executor,
  identifier: StudentIdentifier,
): Promise<StudentIdentity | undefined> {
  const found = await findStudentsByIdentifiers(
    ex,
    identifier.kind === 'email' ? [identifier.value] : [],
    identifier.kind === 'cnic' ? [identifier.value] : [],
  );
  return found[0];
}

/** Grants one student, named by e-mail or CNIC, a course of a restricted batch (audited `grant.add`). */
export async function addGrant(
  db: Db,
  actor: Actor,
  body: z.output<typeof addGrantRequestSchema>,
): Promise<StudentIdentity> {
  return db.transaction(async (tx) => {
    const batch = await findBatch(tx, body.batchId);
    if (!batch) throw notFound(messages.batchNotFound);
    if (!batch.restricted) throw conflict(messages.grantBatchNotRestricted);
    const student = await findStudent(tx, body.identifier);
    if (!student) throw notFound(messages.grantStudentUnknown);
    await applyGrant(
      tx,
      actor,
      student.id,
      { batchId: body.batchId, course: body.course, onSiteAllowed: body.onSiteAllowed },
      'grant.add',
    );
    return student;
  });
}

/**
 * Takes a grant back (audited `grant.remove`). A student registered in the batch for that course keeps it:
 * 409, since the registration stands on the grant.
 */
export async function removeGrant(
  db: Db,
  actor: Actor,
  body: z.output<typeof removeGrantRequestSchema>,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The student's lock is the one an application takes: a registration cannot slip in meanwhile.
    if (!(await lockStudent(tx, body.studentId))) throw notFound(messages.studentNotFound);
    const offer = await findBatchCourse(tx, body.batchId, body.course);
    if (!offer) throw notFound(messages.batchCourseNotFound);
    const grant = await findGrant(tx, body.studentId, body.batchId, offer.courseId);
    if (!grant) throw notFound(messages.grantNotFound);
    if (await isRegisteredIn(tx, body.studentId, body.batchId, offer.courseId))
      throw conflict(messages.grantStudentRegistered);
    await deleteGrant(tx, { studentId: body.studentId, batchId: body.batchId, courseId: offer.courseId });
    await audit(tx, actor, {
      action: 'grant.remove',
      subjectId: body.studentId,
      before: { batchId: body.batchId, batchName: offer.batchName, course: body.course, ...grant },
      after: null,
    });
  });
}

// CSV import

/** One column: an e-mail or a CNIC per row; the header (`identifier`, `email` or `cnic`) may be left out. */
export const grantColumns = [
  { key: 'identifier', names: ['identifier', 'email', 'e-mail', 'cnic'] },
] as const satisfies readonly CsvColumn<string>[];

export interface GrantItem {
  line: number;
  /** As written in the file. */
  given: string;
  identifier: StudentIdentifier;
}

/** The file's rows; a cell that is neither an e-mail nor a CNIC refuses the whole file, naming its line. */
export function grantItemsOf(records: CsvRecord<'identifier'>[]): GrantItem[] {
  return records.map((record) => {
    const given = record.cells.identifier;
    const parsed = studentIdentifier.safeParse(given);
    if (!parsed.success)
      throw csvMalformed(
        record.line,
        given === '' ? 'identifier is empty' : `"${given.slice(0, 40)}" is not an e-mail or a CNIC`,
      );
    return { line: record.line, given, identifier: parsed.data };
  });
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The batch and course an import grants, and whether onsite study is allowed. */
interface GrantTarget {
  batchId: string;
  course: string;
  onSiteAllowed: boolean;
}

/** A grant an import changes: the student, and the onsite permission held before (undefined: no grant). */
interface GrantChange {
  student: StudentIdentity;
  before: boolean | undefined;
}

/**
 * Grants the students of a file one course of one batch. Each row is a change, unchanged (already granted
 * so) or refused with its reason; preview reads and changes nothing, apply does the same under the batch's
 * lock and writes the changes with one `grant.import` entry each, in one transaction.
 */
export async function importGrants(
  db: Db,
  actor: Actor,
  target: GrantTarget,
  items: GrantItem[],
  mode: Mode,
): Promise<GrantImportAnswer> {
  const plan = (ex: Executor) => planGrantImport(ex, actor, target, items, mode);
  const { rows } = mode === 'apply' ? await db.transaction(plan) : await plan(db);
  const count = (outcome: GrantImportRow['outcome']) => rows.filter((r) => r.outcome === outcome).length;
  const counts = { changes: count('change'), unchanged: count('unchanged'), refused: count('refused') };
  return {
    success: true,
    message: formatMessage(mode === 'preview' ? messages.importPreviewed : messages.importApplied, counts),
    mode,
    rows,
    ...counts,
  };
}

/** An import's rows and changes against the batch (locked on apply), written too on apply. */
async function planGrantImport(
  ex: Executor,
  actor: Actor,
  target: GrantTarget,
  items: GrantItem[],
  mode: Mode,
): Promise<{ rows: GrantImportRow[]; grants: GrantChange[] }> {
  const batch = mode === 'apply' ? await lockBatch(ex, target.batchId) : await findBatch(ex, target.batchId);
  if (!batch) throw notFound(messages.batchNotFound);
  const offer = await findBatchCourse(ex, target.batchId, target.course);
  if (!offer || !batch.restricted) {
    const reason = offer ? messages.grantBatchNotRestricted : messages.batchCourseNotFound;
    return { rows: items.map((item) => row(item, 'refused', reason)), grants: [] };
  }

  const emails = items.flatMap((item) => (item.identifier.kind === 'email' ? [item.identifier.value] : []));
  const cnics = items.flatMap((item) => (item.identifier.kind === 'cnic' ? [item.identifier.value] : []));
  const students = await findStudentsByIdentifiers(ex, [...new Set(emails)], [...new Set(cnics)]);
  const held = await findGrantsOf(
    ex,
    target.batchId,
    offer.courseId,
    students.map((student) => student.id),
  );
  const { rows, grants } = grantRowsOf(items, students, held, target, batch);
  if (mode === 'apply' && grants.length > 0)
    await writeGrants(ex, actor, target, batch, offer.courseId, grants);
  return { rows, grants };
}

/** Each row's outcome (a change, unchanged or refused) and the changes, from the students and grants. */
function grantRowsOf(
  items: GrantItem[],
  students: StudentIdentity[],
  held: Map<string, boolean>,
  target: GrantTarget,
  batch: BatchRow,
): { rows: GrantImportRow[]; grants: GrantChange[] } {
  const byEmail = new Map(students.map((student) => [student.email.toLowerCase(), student]));
  const byCnic = new Map(students.map((student) => [student.cnic, student]));
  const seen = new Set<string>();
  const rows: GrantImportRow[] = [];
  const grants: GrantChange[] = [];
  for (const item of items) {
    const { kind, value } = item.identifier;
    const student = kind === 'email' ? byEmail.get(value) : byCnic.get(value);
    if (!student) {
      rows.push(row(item, 'refused', messages.grantStudentUnknown));
      continue;
    }
    if (seen.has(student.id)) {
      rows.push(row(item, 'refused', messages.grantRepeated));
      continue;
    }
    seen.add(student.id);
    const before = held.get(student.id);
    const who = student.fullName ?? student.email;
    if (before === target.onSiteAllowed) {
      rows.push(row(item, 'unchanged', `${who}: ${messages.grantUnchanged}`));
      continue;
    }
    rows.push(
      row(
        item,
        'change',
        before === undefined
          ? `${who}: grant ${target.course} in ${batch.name} · ${batch.city} (onsite ${yesNo(target.onSiteAllowed)})`
          : `${who}: onsite ${yesNo(before)} -> ${yesNo(target.onSiteAllowed)}`,
      ),
    );
    grants.push({ student, before });
  }
  return { rows, grants };
}

/** Writes an import's grants, with one `grant.import` audit entry each. */
async function writeGrants(
  ex: Executor,
  actor: Actor,
  target: GrantTarget,
  batch: BatchRow,
  courseId: string,
  grants: GrantChange[],
): Promise<void> {
  await grantRestricted(
    ex,
    grants.map(({ student }) => ({
      studentId: student.id,
      batchId: target.batchId,
      courseId,
      onSiteAllowed: target.onSiteAllowed,
    })),
  );
  const named = { batchId: target.batchId, batchName: batch.name, course: target.course };
  await audit(
    ex,
    actor,
    grants.map(({ student, before }) => ({
      action: 'grant.import',
      subjectId: student.id,
      before: before === undefined ? null : { ...named, onSiteAllowed: before },
      after: { ...named, onSiteAllowed: target.onSiteAllowed },
    })),
  );
}

function row(item: GrantItem, outcome: GrantImportRow['outcome'], detail: string): GrantImportRow {
  return { line: item.line, identifier: item.given, outcome, detail };
}
