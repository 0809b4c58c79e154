import { CSV_FORMATS, type CsvKey } from '@portal/shared/constants/csv-formats';
import { PAID_ONLY_LINK_KINDS, type CourseLinkKind } from '@portal/shared/constants/learning';
import { messages } from '@portal/shared/messages';
import type { CourseLink, CourseLinks, ExamKey } from '@portal/shared/schemas/learning';
import type { StaffCourseLink, StaffTextbook } from '@portal/shared/schemas/staff-content';
import type { Db, Executor } from '../../db/client';
import { findBatchCourse } from '../students/admissions-repository';
import * as repo from './materials-repository';
import { countExamKeys, listCourseLinks, listExamKeys, listTextbooks } from './materials-repository';
import { recordOrphans } from '../students/documents-repository';
import { textbooks } from '../../db/schema';
import { eq } from 'drizzle-orm';
import type { StudentRow } from '../students/repository';
import type { CsvColumn, CsvRecord } from '../../lib/csv';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { audit, type Actor } from '../audit/audit';
import { normaliseImage } from '../students/images';
import { newStorageKey, storageKeyPattern, type FileStorage } from '../../storage/file-storage';
import type { Mode, ReadRow, Settled, SettleBatch } from '../../services/import-reports';
import { findLearner, maySitExams, quartersUpTo } from './learner';
import { sameMembers, scopeOf, type LinkScope, type Scope } from './content-scope';

/** Where an uploaded textbook cover (`covers/<name>.jpg` in the file storage) is served: routes/covers. */
const coverPath = (key: string) => `/${key}`;

/**
 * A course's materials (decision 0024): its links (the dashboard's tables), its textbooks and the exam keys
 * of each batch. Students read those of their own course, batch and paid quarters (learner.ts); content staff
 * set and remove links, write, reorder and illustrate textbooks, and set, remove or import exam keys, every
 * change in one transaction with its audit entry (before/after).
 */
export class MaterialsService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  // The student's materials

  /** The links of the spec's tables for the student's course, batch and largest paid quarter (default Q1). */
  async courseLinks(student: StudentRow): Promise<CourseLinks> {
    const learner = await findLearner(this.db, student, messages.noSuchCourse);
    const { current, batchNumber } = learner;
    const quarter = learner.paidUpTo ?? 'Q1';
    const paid = learner.paidUpTo !== undefined;
    const [rows, books, keys] = await Promise.all([
      listCourseLinks(this.db, current.courseId, batchNumber, quarter),
      listTextbooks(this.db, current.courseId, batchNumber, quartersUpTo(quarter)),
      maySitExams(learner) ? countExamKeys(this.db, current.batchId, current.courseId) : 0,
    ]);
    // Rows come least specific first, so a batch's or a quarter's own link replaces the default.
    const links: Partial<Record<CourseLinkKind, CourseLink>> = {};
    for (const row of rows) {
      if (!paid && PAID_ONLY_LINK_KINDS.includes(row.kind)) continue;
      links[row.kind] = { title: row.title, url: row.url };
    }
    return {
      course: current.course,
      batch: current.batch,
      quarter,
      paid,
      admitted: learner.admitted,
      links,
      textbooks: books,
      showTextbooks: books.length > 0,
      showExam:
        maySitExams(learner) &&
        (keys > 0 || links.quizConfigWindows !== undefined || links.quizConfigMac !== undefined),
    };
  }

  /**
   * Exam keys of the student's own batch and course, to a student entitled to its exams; none to an applicant
   * (decision 0035), whose /exam page says when they come.
   */
  async examKeysFor(student: StudentRow, asked: { batch: string; course: string }): Promise<ExamKey[]> {
    const learner = await findLearner(this.db, student, messages.noSuchCourse);
    const { current } = learner;
    if (asked.batch !== current.batch || asked.course.toUpperCase() !== current.course)
      throw forbidden(messages.noSuchCourse);
    if (!maySitExams(learner)) return [];
    return listExamKeys(this.db, current.batchId, current.courseId);
  }

  // Course links

  async links(scope: LinkScope): Promise<StaffCourseLink[]> {
    const rows = await repo.listScopeLinks(this.db, await scopeOf(this.db, scope));
    return rows.map((row) => ({ ...scope, ...row }));
  }

  async setLink(actor: Actor, body: LinkScope & { kind: CourseLinkKind; title: string; url: string }) {
    await this.db.transaction(async (tx) => {
      const key = { ...(await scopeOf(tx, body)), kind: body.kind };
      const before = await repo.lockLink(tx, key);
      const after = { title: body.title, url: body.url };
      await repo.upsertLink(tx, key, after);
      await audit(tx, actor, {
        action: 'link.set',
        subjectId: null,
        before: before ? { ...linkLabel(body), ...before } : null,
        after: { ...linkLabel(body), ...after },
      });
    });
  }

  async deleteLink(actor: Actor, body: LinkScope & { kind: CourseLinkKind }) {
    await this.db.transaction(async (tx) => {
      const key = { ...(await scopeOf(tx, body)), kind: body.kind };
      const before = await repo.lockLink(tx, key);
      if (!before) throw notFound(messages.courseLinkNotFound);
      await repo.deleteLink(tx, key);
      await audit(tx, actor, {
        action: 'link.delete',
        subjectId: null,
        before: { ...linkLabel(body), ...before },
      });
    });
  }

  // Textbooks

  async textbooks(scope: Scope): Promise<StaffTextbook[]> {
    const rows = await repo.listScopeTextbooks(this.db, await scopeOf(this.db, scope));
    return rows.map(({ id, ...row }) => ({ _id: id, ...row }));
  }

  async createTextbook(actor: Actor, body: Scope & { title: string; link: string; cover: string }) {
    return this.db.transaction(async (tx) => {
      const scope = await scopeOf(tx, body);
      const existing = await repo.listScopeTextbooks(tx, scope);
      if (existing.some((book) => book.title === body.title)) throw conflict(messages.textbookTitleTaken);
      const position = existing.reduce((last, book) => Math.max(last, book.position), -1) + 1;
      const [row] = await tx
        .insert(textbooks)
        .values({ ...scope, title: body.title, link: body.link, cover: body.cover, position })
        .returning();
      await audit(tx, actor, { action: 'textbook.create', subjectId: row!.id, after: row });
      return row!.id;
    });
  }

  async editTextbook(actor: Actor, id: string, body: { title: string; link: string; cover: string }) {
    await this.db.transaction(async (tx) => {
      const before = await repo.lockTextbook(tx, id);
      if (!before) throw notFound(messages.textbookNotFound);
      if ((await repo.countTextbookTitle(tx, before, body.title, id)) > 0)
        throw conflict(messages.textbookTitleTaken);
      const [after] = await tx.update(textbooks).set(body).where(eq(textbooks.id, id)).returning();
      await audit(tx, actor, { action: 'textbook.edit', subjectId: id, before, after });
    });
  }

  /**
   * A cover image checked by its content and re-encoded as JPEG (modules/students/images.ts, as the documents are),
   * stored under a new random name and served at /covers/<name>; the book's previous uploaded cover goes.
   */
  async uploadCover(actor: Actor, id: string, file: Buffer): Promise<string> {
    const jpeg = await normaliseImage(file, 'document').catch((error: unknown) => {
      if (error instanceof HttpError && error.statusCode === 415)
        throw new HttpError(415, messages.coverNotImage);
      throw error;
    });
    const key = newStorageKey('covers');
    await this.storage.put(key, jpeg, 'image/jpeg');
    const cover = coverPath(key);
    let before: { cover: string };
    try {
      before = await this.db.transaction(async (tx) => {
        const row = await repo.lockTextbook(tx, id);
        if (!row) throw notFound(messages.textbookNotFound);
        const [after] = await tx.update(textbooks).set({ cover }).where(eq(textbooks.id, id)).returning();
        await audit(tx, actor, { action: 'textbook.cover', subjectId: id, before: row, after });
        return row;
      });
    } catch (error) {
      await this.storage.delete(key);
      throw error;
    }
    // The replaced cover stays for the grace period, then the sweeper deletes it (decision 0040).
    const old = before.cover.startsWith('/covers/') ? before.cover.slice(1) : undefined;
    if (old && storageKeyPattern.test(old)) await recordOrphans(this.db, [old]);
    return cover;
  }

  async deleteTextbook(actor: Actor, id: string) {
    await this.db.transaction(async (tx) => {
      const before = await repo.lockTextbook(tx, id);
      if (!before) throw notFound(messages.textbookNotFound);
      await tx.delete(textbooks).where(eq(textbooks.id, id));
      await audit(tx, actor, { action: 'textbook.delete', subjectId: id, before });
    });
  }

  async reorderTextbooks(actor: Actor, body: Scope & { ids: string[] }) {
    await this.db.transaction(async (tx) => {
      const scope = await scopeOf(tx, body);
      const before = (await repo.listScopeTextbooks(tx, scope)).map((book) => book.id);
      sameMembers(before, body.ids);
      await repo.setTextbookPositions(tx, body.ids);
      await audit(tx, actor, { action: 'textbook.reorder', subjectId: null, before, after: body.ids });
    });
  }

  // Exam keys

  async examKeys(where: { batchId: string; course: string }) {
    const { courseId } = await offerOf(this.db, where);
    return repo.listBatchExamKeys(this.db, where.batchId, courseId);
  }

  async setExamKey(
    actor: Actor,
    body: { batchId: string; course: string; quizName: string; examKey: string },
  ) {
    await this.db.transaction(async (tx) => {
      const { courseId } = await offerOf(tx, body);
      await this.#setKeys(tx, actor, body.batchId, courseId, [
        { quizName: body.quizName, examKey: body.examKey },
      ]);
    });
  }

  async #setKeys(
    tx: Executor,
    actor: Actor,
    batchId: string,
    courseId: string,
    rows: { quizName: string; examKey: string }[],
  ) {
    const existing = await repo.lockExamKeys(tx, batchId, courseId);
    let next = existing.reduce((last, key) => Math.max(last, key.position), -1) + 1;
    const changes = [];
    for (const row of rows) {
      const before = existing.find((key) => key.quizName === row.quizName);
      await repo.upsertExamKey(tx, { batchId, courseId, ...row, position: before?.position ?? next++ });
      changes.push({
        action: 'examkey.set',
        subjectId: batchId,
        before: before ? { courseId, ...before } : null,
        after: { courseId, ...row },
      });
    }
    if (changes.length > 0) await audit(tx, actor, changes);
  }

  async deleteExamKey(actor: Actor, body: { batchId: string; course: string; quizName: string }) {
    await this.db.transaction(async (tx) => {
      const { courseId } = await offerOf(tx, body);
      const before = (await repo.lockExamKeys(tx, body.batchId, courseId)).find(
        (key) => key.quizName === body.quizName,
      );
      if (!before) throw notFound(messages.examKeyNotFound);
      await repo.deleteExamKey(tx, { batchId: body.batchId, courseId, quizName: body.quizName });
      await audit(tx, actor, {
        action: 'examkey.delete',
        subjectId: body.batchId,
        before: { courseId, ...before },
      });
    });
  }

  /**
   * An exam-key import's settler (services/import-reports.ts): the batch and course's keys read once (locked,
   * on apply); each row new, changed, unchanged, or refused as a repeat of an earlier row.
   */
  examKeySettler(
    actor: Actor,
    where: { batchId: string; course: string },
    mode: Mode,
  ): (ex: Executor) => Promise<SettleBatch<ExamKeyItem>> {
    return async (ex) => {
      const { courseId } = await offerOf(ex, where);
      const existing = new Map(
        (await repo.lockExamKeys(ex, where.batchId, courseId)).map((key) => [key.quizName, key.examKey]),
      );
      const seen = new Set<string>();
      return async (tx, rows) => {
        const apply: ExamKeyItem[] = [];
        const settled = rows.map(({ position, item }): Settled => {
          if (seen.has(item.quizName)) return { position, outcome: 'refused', detail: messages.rowRepeated };
          seen.add(item.quizName);
          const before = existing.get(item.quizName);
          if (before === item.examKey) return { position, outcome: 'unchanged', detail: 'unchanged' };
          apply.push(item);
          const detail = before === undefined ? 'new' : `${before} -> ${item.examKey}`;
          return { position, outcome: 'change', detail };
        });
        if (mode === 'apply') await this.#setKeys(tx, actor, where.batchId, courseId, apply);
        return settled;
      };
    };
  }
}

export interface ExamKeyItem {
  quizName: string;
  examKey: string;
}

/** A row of an exam-key file: both cells given, within their lengths, or the row refused. */
export function readExamKeyRow(record: CsvRecord<ExamKeyColumn>): ReadRow<ExamKeyItem> {
  const quizName = record.cells.quizName.trim();
  const examKey = record.cells.examKey.trim();
  const label = quizName;
  if (!quizName) return { label, refusal: messages.contentQuizNameRequired };
  if (!examKey) return { label, refusal: messages.contentExamKeyRequired };
  if (quizName.length > 200 || examKey.length > 500) return { label, refusal: messages.invalidInput };
  return { label, item: { quizName, examKey } };
}

export type ExamKeyColumn = CsvKey<'examKeys'>;
export const examKeyColumns = CSV_FORMATS.examKeys.columns satisfies readonly CsvColumn<ExamKeyColumn>[];

async function offerOf(ex: Executor, where: { batchId: string; course: string }) {
  const offer = await findBatchCourse(ex, where.batchId, where.course);
  if (!offer) throw notFound(messages.batchCourseNotFound);
  return offer;
}

const linkLabel = (scope: LinkScope & { kind: string }) => ({
  course: scope.course,
  batchNumber: scope.batchNumber,
  quarter: scope.quarter,
  kind: scope.kind,
});
