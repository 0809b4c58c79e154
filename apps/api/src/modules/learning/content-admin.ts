import type { z } from 'zod';
import { CSV_FORMATS, type CsvKey } from '@portal/shared/constants/csv-formats';
import type { CourseLinkKind } from '@portal/shared/constants/learning';
import { formatMessage, messages } from '@portal/shared/messages';
import type {
  contentScopeSchema,
  courseLinkScopeSchema,
  StaffCourseLink,
  StaffSection,
  StaffTextbook,
  StaffVideo,
  TopicFields,
} from '@portal/shared/schemas/staff-content';
import type { Db, Executor } from '../../db/client';
import { findBatchCourse } from '../students/admissions-repository';
import { findCourseIdByCode } from '../enrolments/repository';
import * as repo from './content-repository';
import { recordOrphans } from '../students/documents-repository';
import { courseSections, lessonTopics, lessons, textbooks } from '../../db/schema';
import { eq } from 'drizzle-orm';
import type { CsvColumn, CsvRecord } from '../../lib/csv';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { sanitiseStaffHtml } from '../../lib/staff-html';
import { audit, type Actor } from '../audit/audit';
import { normaliseImage } from '../students/images';
import { newStorageKey, storageKeyPattern, type FileStorage } from '../../storage/file-storage';
import type { Mode, ReadRow, Settled, SettleBatch } from '../../services/import-reports';

/** What the tus server knows of a finished upload. */
interface UploadedVideo {
  id: string;
  size?: number;
  offset: number;
  metadata?: Record<string, string | null>;
}

/*
 * The staff's rules for lecture content (decision 0024): course links, the section → lesson → topic tree with
 * its order, textbooks and exam keys. Every change runs in one transaction with its audit entry (before/after).
 */

type Scope = z.output<typeof contentScopeSchema>;
type LinkScope = z.output<typeof courseLinkScopeSchema>;

/** The address a topic stores for an uploaded video; the lesson calls sign it for the student. */
export const videoPath = (videoId: string) => `/media/videos/${videoId}`;
const videoPathPattern = /^\/media\/videos\/([0-9a-f-]{36})$/;
export const videoIdOf = (url: string) => videoPathPattern.exec(url)?.[1];
/** Where an uploaded textbook cover (`covers/<name>.jpg` in the file storage) is served: routes/covers. */
const coverPath = (key: string) => `/${key}`;

/** PostgreSQL's unique violation, raised by a title another row of the same parent already has. */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

async function courseIdOf(ex: Executor, course: string): Promise<string> {
  const id = await findCourseIdByCode(ex, course);
  if (!id) throw notFound(messages.contentCourseUnknown);
  return id;
}

/** A course code's scope as the content tables key it: course id, batch number, quarter. */
async function scopeOf(ex: Executor, scope: LinkScope | Scope): Promise<repo.SectionScope> {
  return {
    courseId: await courseIdOf(ex, scope.course),
    batchNumber: scope.batchNumber,
    quarter: scope.quarter,
  };
}

export class ContentAdminService {
  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
  ) {}

  // Videos

  /** A finished upload as a `videos` row, audited `video.upload`, in one transaction. */
  async recordVideo(actor: Actor, upload: UploadedVideo, contentType: string): Promise<StaffVideo> {
    return this.db.transaction(async (tx) => {
      const row = await repo.insertVideo(tx, {
        storageKey: upload.id,
        originalName: upload.metadata?.filename ?? 'video',
        size: upload.size ?? upload.offset,
        contentType,
        uploaderId: actor.staffId!,
      });
      await audit(tx, actor, { action: 'video.upload', subjectId: row.id, after: row });
      return {
        _id: row.id,
        originalName: row.originalName,
        size: row.size,
        contentType: row.contentType,
        url: videoPath(row.id),
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  /** A stored video's row, for streaming it. */
  findVideo(id: string) {
    return repo.findVideo(this.db, id);
  }

  // Course links

  async links(scope: LinkScope): Promise<StaffCourseLink[]> {
    const courseId = await courseIdOf(this.db, scope.course);
    const rows = await repo.listScopeLinks(this.db, courseId, scope.batchNumber, scope.quarter);
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

  // The tree

  async tree(scope: Scope): Promise<StaffSection[]> {
    const tree = await repo.listTree(this.db, await scopeOf(this.db, scope));
    const videoIds = tree.topics.flatMap((topic) => videoIdOf(topic.videoUrl) ?? []);
    const videos = new Map((await repo.findVideos(this.db, videoIds)).map((video) => [video.id, video]));
    return tree.sections.map((section) => ({
      _id: section.id,
      title: section.title,
      position: section.position,
      lessons: tree.lessons
        .filter((lesson) => lesson.sectionId === section.id)
        .map((lesson) => ({
          _id: lesson.id,
          title: lesson.title,
          description: lesson.description,
          position: lesson.position,
          topics: tree.topics
            .filter((topic) => topic.lessonId === lesson.id)
            .map((topic) => {
              const video = videos.get(videoIdOf(topic.videoUrl) ?? '');
              return {
                _id: topic.id,
                title: topic.title,
                description: topic.description,
                videoURL: topic.videoUrl,
                sequence: topic.sequence,
                video: video ? { _id: video.id, originalName: video.originalName, size: video.size } : null,
              };
            }),
        })),
    }));
  }

  async createSection(actor: Actor, body: Scope & { title: string }): Promise<string> {
    return this.#titled(messages.sectionTitleTaken, (tx) => this.#createSection(tx, actor, body));
  }

  async #createSection(tx: Executor, actor: Actor, body: Scope & { title: string }) {
    const scope = await scopeOf(tx, body);
    await repo.lockSectionIds(tx, scope);
    const position = await repo.nextSectionPosition(tx, scope);
    const [row] = await tx
      .insert(courseSections)
      .values({ ...scope, title: body.title, position })
      .returning();
    await audit(tx, actor, { action: 'section.create', subjectId: row!.id, after: row });
    return row!.id;
  }

  async editSection(actor: Actor, id: string, body: { title: string }) {
    await this.#titled(messages.sectionTitleTaken, async (tx) => {
      const before = await repo.lockSection(tx, id);
      if (!before) throw notFound(messages.sectionNotFound);
      const [after] = await tx.update(courseSections).set(body).where(eq(courseSections.id, id)).returning();
      await audit(tx, actor, { action: 'section.edit', subjectId: id, before, after });
    });
  }

  async deleteSection(actor: Actor, id: string, dropProgress: boolean) {
    await this.db.transaction(async (tx) => {
      const before = await repo.lockSection(tx, id);
      if (!before) throw notFound(messages.sectionNotFound);
      const watchers = await this.#mayDrop(tx, { sectionId: id }, dropProgress);
      await tx.delete(courseSections).where(eq(courseSections.id, id));
      await audit(tx, actor, { action: 'section.delete', subjectId: id, before: { ...before, watchers } });
    });
  }

  async reorderSections(actor: Actor, body: Scope & { ids: string[] }) {
    await this.db.transaction(async (tx) => {
      const scope = await scopeOf(tx, body);
      const before = await repo.lockSectionIds(tx, scope);
      sameMembers(before, body.ids);
      await repo.setPositions(tx, 'sections', body.ids);
      await audit(tx, actor, { action: 'section.reorder', subjectId: null, before, after: body.ids });
    });
  }

  async createLesson(actor: Actor, body: { sectionId: string; title: string; description: string }) {
    return this.#titled(messages.lessonTitleTaken, async (tx) => {
      if (!(await repo.lockSection(tx, body.sectionId))) throw notFound(messages.sectionNotFound);
      const position = await repo.nextLessonPosition(tx, body.sectionId);
      const [row] = await tx
        .insert(lessons)
        .values({ ...body, description: sanitiseStaffHtml(body.description), position })
        .returning();
      await audit(tx, actor, { action: 'lesson.create', subjectId: row!.id, after: row });
      return row!.id;
    });
  }

  async editLesson(actor: Actor, id: string, body: { title: string; description: string }) {
    await this.#titled(messages.lessonTitleTaken, async (tx) => {
      const before = await repo.lockLesson(tx, id);
      if (!before) throw notFound(messages.lessonNotFound);
      const [after] = await tx
        .update(lessons)
        .set({ title: body.title, description: sanitiseStaffHtml(body.description) })
        .where(eq(lessons.id, id))
        .returning();
      await audit(tx, actor, { action: 'lesson.edit', subjectId: id, before, after });
    });
  }

  async deleteLesson(actor: Actor, id: string, dropProgress: boolean) {
    await this.db.transaction(async (tx) => {
      const before = await repo.lockLesson(tx, id);
      if (!before) throw notFound(messages.lessonNotFound);
      const watchers = await this.#mayDrop(tx, { lessonId: id }, dropProgress);
      await tx.delete(lessons).where(eq(lessons.id, id));
      await audit(tx, actor, { action: 'lesson.delete', subjectId: id, before: { ...before, watchers } });
    });
  }

  async reorderLessons(actor: Actor, sectionId: string, ids: string[]) {
    await this.db.transaction(async (tx) => {
      if (!(await repo.lockSection(tx, sectionId))) throw notFound(messages.sectionNotFound);
      const before = await repo.lockLessonIds(tx, sectionId);
      sameMembers(before, ids);
      await repo.setPositions(tx, 'lessons', ids);
      await audit(tx, actor, { action: 'lesson.reorder', subjectId: sectionId, before, after: ids });
    });
  }

  async createTopic(actor: Actor, body: TopicFields & { lessonId: string }): Promise<string> {
    return this.db.transaction(async (tx) => {
      if (!(await repo.lockLesson(tx, body.lessonId))) throw notFound(messages.lessonNotFound);
      await repo.lockTopicIds(tx, body.lessonId);
      const sequence = await repo.nextTopicSequence(tx, body.lessonId);
      const [row] = await tx
        .insert(lessonTopics)
        .values({
          lessonId: body.lessonId,
          title: body.title,
          description: sanitiseStaffHtml(body.description),
          videoUrl: await this.#videoUrl(tx, body),
          sequence,
        })
        .returning();
      await audit(tx, actor, { action: 'topic.create', subjectId: row!.id, after: row });
      return row!.id;
    });
  }

  async editTopic(actor: Actor, id: string, body: TopicFields) {
    await this.db.transaction(async (tx) => {
      const before = await repo.lockTopic(tx, id);
      if (!before) throw notFound(messages.topicNotFound);
      const [after] = await tx
        .update(lessonTopics)
        .set({
          title: body.title,
          description: sanitiseStaffHtml(body.description),
          videoUrl: await this.#videoUrl(tx, body),
        })
        .where(eq(lessonTopics.id, id))
        .returning();
      await audit(tx, actor, { action: 'topic.edit', subjectId: id, before, after });
    });
  }

  async deleteTopic(actor: Actor, id: string, dropProgress: boolean) {
    await this.db.transaction(async (tx) => {
      const before = await repo.lockTopic(tx, id);
      if (!before) throw notFound(messages.topicNotFound);
      const watchers = await this.#mayDrop(tx, { topicId: id }, dropProgress);
      await tx.delete(lessonTopics).where(eq(lessonTopics.id, id));
      await audit(tx, actor, { action: 'topic.delete', subjectId: id, before: { ...before, watchers } });
    });
  }

  async reorderTopics(actor: Actor, lessonId: string, ids: string[]) {
    await this.db.transaction(async (tx) => {
      if (!(await repo.lockLesson(tx, lessonId))) throw notFound(messages.lessonNotFound);
      const before = await repo.lockTopicIds(tx, lessonId);
      sameMembers(before, ids);
      await repo.setSequences(tx, lessonId, ids);
      await audit(tx, actor, { action: 'topic.reorder', subjectId: lessonId, before, after: ids });
    });
  }

  async #videoUrl(ex: Executor, body: TopicFields): Promise<string> {
    if (body.videoId === undefined) return body.videoURL!;
    if (!(await repo.findVideo(ex, body.videoId))) throw notFound(messages.videoNotFound);
    return videoPath(body.videoId);
  }

  /** A delete that would drop students' progress needs `dropProgress` (decision 0024); answers how many. */
  async #mayDrop(ex: Executor, where: Parameters<typeof repo.countWatchers>[1], dropProgress: boolean) {
    const watchers = await repo.countWatchers(ex, where);
    if (watchers > 0 && !dropProgress)
      throw conflict(formatMessage(messages.contentWatched, { students: watchers }), { watchers });
    return watchers;
  }

  /** Runs a change in a transaction; a title its parent already has is 409 with `taken`. */
  async #titled<T>(taken: string, change: (tx: Executor) => Promise<T>): Promise<T> {
    try {
      return await this.db.transaction(change);
    } catch (error) {
      if (!(error instanceof HttpError) && isUniqueViolation(error)) throw conflict(taken);
      throw error;
    }
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

/** A new order must name exactly the children there are, each once. */
function sameMembers(current: string[], asked: string[]) {
  const now = new Set(current);
  if (asked.length !== now.size || asked.some((id) => !now.has(id)))
    throw badRequest(messages.contentOrderIncomplete);
}
