import type { Quarter } from '@portal/shared/constants/courses';
import { formatMessage, messages } from '@portal/shared/messages';
import type { CourseSection, LessonTopic } from '@portal/shared/schemas/learning';
import type { StaffSection, StaffVideo, TopicFields } from '@portal/shared/schemas/staff-content';
import type { Db, Executor } from '../../db/client';
import * as repo from './outline-repository';
import {
  findLessonScope,
  findTopicScope,
  listSections,
  listTopics,
  saveVideoProgress,
} from './outline-repository';
import { courseSections, lessonTopics, lessons } from '../../db/schema';
import { eq } from 'drizzle-orm';
import type { StudentRow } from '../students/repository';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http-error';
import { sanitiseStaffHtml } from '../../lib/staff-html';
import { audit, type Actor } from '../audit/audit';
import type { UrlSigner } from '../../storage/signed-urls';
import { findLearner, isId, mayStudy, quartersUpTo } from './learner';
import { sameMembers, scopeOf, type Scope } from './content-scope';

/** What the tus server knows of a finished upload. */
interface UploadedVideo {
  id: string;
  size?: number;
  offset: number;
  metadata?: Record<string, string | null>;
}

/** The address a topic stores for an uploaded video; the lesson calls sign it for the student. */
export const videoPath = (videoId: string) => `/media/videos/${videoId}`;
const videoPathPattern = /^\/media\/videos\/([0-9a-f-]{36})$/;
export const videoIdOf = (url: string) => videoPathPattern.exec(url)?.[1];

/** PostgreSQL's unique violation, raised by a title another row of the same parent already has. */
const isUniqueViolation = (error: unknown) =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/**
 * A course's outline (decision 0024): its sections → lessons → topics, in their order, and the lecture videos
 * the topics play. Students read the sections and lessons of their course, batch and paid quarters, watch a
 * lesson's videos (signed for them) and save where they stopped (learner.ts); content staff upload videos and
 * write, edit, delete and reorder the tree, every change in one transaction with its audit entry
 * (before/after).
 */
export class OutlineService {
  constructor(
    private readonly db: Db,
    private readonly signer: UrlSigner,
  ) {}

  // The student's outline

  /** Sections with their lessons, up to the asked quarter, which must be paid for. */
  async sections(
    student: StudentRow,
    asked: { quarter: Quarter; batch: string; courseName: string },
  ): Promise<CourseSection[]> {
    const learner = await findLearner(this.db, student, messages.noSuchCourse);
    const { current } = learner;
    const course = asked.courseName.toUpperCase();
    if (course !== current.course || asked.batch !== current.batch) throw forbidden(messages.noSuchCourse);
    if (!learner.paidUpTo || !quartersUpTo(learner.paidUpTo).includes(asked.quarter))
      throw forbidden(messages.noSuchCourse);
    const sections = await listSections(
      this.db,
      current.courseId,
      learner.batchNumber,
      quartersUpTo(asked.quarter),
    );
    return sections.map((section) => ({
      _id: section.id,
      title: section.title,
      quarter: section.quarter as Quarter,
      lessons: section.lessons.map((lesson) => ({
        _id: lesson.id,
        title: lesson.title,
        description: sanitiseStaffHtml(lesson.description),
      })),
    }));
  }

  /** A lesson's videos, with where this student stopped in each. */
  async lessonTopics(student: StudentRow, lessonId: string): Promise<LessonTopic[]> {
    const scope = isId(lessonId) ? await findLessonScope(this.db, lessonId) : undefined;
    if (!scope) throw notFound(messages.noSuchLesson);
    const learner = await findLearner(this.db, student, messages.noSuchLesson);
    if (!mayStudy(learner, scope)) throw forbidden(messages.noSuchLesson);
    const rows = await listTopics(this.db, lessonId, student.id);
    return rows.map((row) => ({
      _id: row.id,
      title: row.title,
      description: sanitiseStaffHtml(row.description),
      videoURL: this.#playable(row.videoUrl),
      sequence: row.sequence,
      resumeAt: row.positionSeconds ?? 0,
      completed: row.completed ?? false,
    }));
  }

  /** An uploaded video's address, signed for this student; any other address as the catalogue gives it. */
  #playable(videoUrl: string): string {
    const videoId = videoIdOf(videoUrl);
    return videoId ? this.signer.videoUrl(videoId) : videoUrl;
  }

  /** Remembers where the student is in a video (beyond the spec: resume on any device). */
  async saveProgress(
    student: StudentRow,
    progress: { topicId: string; position: number; completed: boolean },
  ): Promise<void> {
    const scope = isId(progress.topicId) ? await findTopicScope(this.db, progress.topicId) : undefined;
    if (!scope) throw notFound(messages.noSuchVideo);
    const learner = await findLearner(this.db, student, messages.noSuchVideo);
    if (!mayStudy(learner, scope)) throw forbidden(messages.noSuchVideo);
    await saveVideoProgress(this.db, {
      studentId: student.id,
      topicId: progress.topicId,
      positionSeconds: progress.position,
      completed: progress.completed,
    });
  }

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

  // The tree (staff)

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
}
