import { CSV_FORMATS } from '@portal/shared/constants/csv-formats';
import { messages } from '@portal/shared/messages';
import type { z } from 'zod';
import type {
  addGrantRequestSchema,
  BatchGrant,
  grantsQuerySchema,
  removeGrantRequestSchema,
  StudentIdentifier,
} from '@portal/shared/schemas/staff-config';
import { studentIdentifier } from '@portal/shared/schemas/staff-config';
import type { Db, Executor } from '../../db/client';
import { findBatchCourse } from '../students/admissions-repository';
import { findGrant, grantRestricted } from '../enrolments/repository';
import {
  deleteGrant,
  findBatch,
  findGrantsOf,
  findStudentsByIdentifiers,
  isRegisteredIn,
  listBatchGrants,
  type BatchRow,
  type StudentIdentity,
} from './config-repository';
import { lockBatch } from './repository';
import { lockStudentRow } from '../students/repository';
import type { CsvColumn, CsvRecord } from '../../lib/csv';
import { conflict, notFound } from '../../lib/http-error';
import { applyGrant } from '../students/admissions';
import { audit, type Actor } from '../audit/audit';
import type { Mode, ReadRow, Settled, SettleBatch, WaitingRow } from '../../services/import-reports';
import { pageWindow } from '../../lib/paging';

/*
 * Restricted-batch grants from the catalogue's side (decision 0025): a batch's list, one grant added by e-mail
 * or CNIC (through the student page's own rule, modules/students/admissions.ts applyGrant), one removed, and a CSV of
 * e-mails or CNICs previewed and applied like the enrolment imports (decision 0021).
 */

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

// CSV import

/** One column: an e-mail or a CNIC per row; the header (`identifier`, `email` or `cnic`) may be left out. */
export const grantColumns = CSV_FORMATS.grants.columns satisfies readonly CsvColumn<string>[];

/** A row of a grant file: an e-mail or a CNIC, or the row refused naming what it holds. */
export function readGrantRow(record: CsvRecord<'identifier'>): ReadRow<StudentIdentifier> {
  const given = record.cells.identifier;
  const parsed = studentIdentifier.safeParse(given);
  if (parsed.success) return { label: given, item: parsed.data };
  return {
    label: given,
    refusal: given === '' ? 'identifier is empty' : `"${given.slice(0, 40)}" is not an e-mail or a CNIC`,
  };
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The batch and course an import grants, and whether onsite study is allowed. */
export interface GrantTarget {
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
 * A grant import's settler (services/import-reports.ts): grants the students of a file one course of one
 * batch. The batch is read once (locked, on apply); each row is a change, unchanged (already granted so) or
 * refused with its reason, and apply writes each batch's changes with one `grant.import` entry each.
 */
export function grantSettler(
  actor: Actor,
  target: GrantTarget,
  mode: Mode,
): (ex: Executor) => Promise<SettleBatch<StudentIdentifier>> {
  return async (ex) => {
    // Applying locks the batch's row, so that a grant import and a change of the batch never interleave.
    const batch =
      mode === 'apply' ? await lockBatch(ex, target.batchId) : await findBatch(ex, target.batchId);
    if (!batch) throw notFound(messages.batchNotFound);
    const offer = await findBatchCourse(ex, target.batchId, target.course);
    const seen = new Set<string>();
    return async (tx, rows) => {
      if (!offer || !batch.restricted) {
        const detail = offer ? messages.grantBatchNotRestricted : messages.batchCourseNotFound;
        return rows.map(({ position }) => ({ position, outcome: 'refused', detail }));
      }
      const values = (kind: StudentIdentifier['kind']) => [
        ...new Set(rows.flatMap(({ item }) => (item.kind === kind ? [item.value] : []))),
      ];
      const students = await findStudentsByIdentifiers(tx, values('email'), values('cnic'));
      const held = await findGrantsOf(
        tx,
        target.batchId,
        offer.courseId,
        students.map((student) => student.id),
      );
      const { settled, grants } = grantRowsOf(rows, { students, held, target, batch, seen });
      if (mode === 'apply' && grants.length > 0)
        await writeGrants(tx, actor, target, batch, offer.courseId, grants);
      return settled;
    };
  };
}

/** Each row's outcome (a change, unchanged or refused) and the changes, from the students and grants. */
function grantRowsOf(
  rows: WaitingRow<StudentIdentifier>[],
  known: {
    students: StudentIdentity[];
    held: Map<string, boolean>;
    target: GrantTarget;
    batch: BatchRow;
    /** The students of the file's earlier rows. */
    seen: Set<string>;
  },
): { settled: Settled[]; grants: GrantChange[] } {
  const { students, held, target, batch, seen } = known;
  const byEmail = new Map(students.map((student) => [student.email.toLowerCase(), student]));
  const byCnic = new Map(students.map((student) => [student.cnic, student]));
  const settled: Settled[] = [];
  const grants: GrantChange[] = [];
  for (const { position, item } of rows) {
    const outcome = (result: Settled['outcome'], detail: string) =>
      settled.push({ position, outcome: result, detail });
    const student = item.kind === 'email' ? byEmail.get(item.value) : byCnic.get(item.value);
    if (!student) {
      outcome('refused', messages.grantStudentUnknown);
      continue;
    }
    if (seen.has(student.id)) {
      outcome('refused', messages.grantRepeated);
      continue;
    }
    seen.add(student.id);
    const before = held.get(student.id);
    const who = student.fullName ?? student.email;
    if (before === target.onSiteAllowed) {
      outcome('unchanged', `${who}: ${messages.grantUnchanged}`);
      continue;
    }
    outcome(
      'change',
      before === undefined
        ? `${who}: grant ${target.course} in ${batch.name} · ${batch.city} (onsite ${yesNo(target.onSiteAllowed)})`
        : `${who}: onsite ${yesNo(before)} -> ${yesNo(target.onSiteAllowed)}`,
    );
    grants.push({ student, before });
  }
  return { settled, grants };
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

/** Onsite grants (decision 0038): listed, given and taken back one by one or from a CSV file. */
export class GrantsService {
  constructor(private readonly db: Db) {}

  async listGrants(
    query: z.output<typeof grantsQuerySchema>,
  ): Promise<{ data: BatchGrant[]; total: number }> {
    if (!(await findBatch(this.db, query.batchId))) throw notFound(messages.batchNotFound);
    const { rows, total } = await listBatchGrants(
      this.db,
      { batchId: query.batchId, course: query.course },
      pageWindow(query),
    );
    return { data: rows, total };
  }

  /** Grants one student, named by e-mail or CNIC, a course of a restricted batch (audited `grant.add`). */
  async addGrant(actor: Actor, body: z.output<typeof addGrantRequestSchema>): Promise<StudentIdentity> {
    return this.db.transaction(async (tx) => {
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
  async removeGrant(actor: Actor, body: z.output<typeof removeGrantRequestSchema>): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The student's lock is the one an application takes: a registration cannot slip in meanwhile.
      if (!(await lockStudentRow(tx, body.studentId))) throw notFound(messages.studentNotFound);
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
}
