import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm';
import type { CourseLinkKind } from '@portal/shared/constants/learning';
import type { Executor } from '../../db/client';
import {
  courseLinks,
  courseSections,
  examKeys,
  lessonTopics,
  lessons,
  textbooks,
  videoProgress,
  videos,
} from '../../db/schema';
import { courseLinkColumns, lessonOrder, lessonsOf, sectionOrder, topicOrder } from './repository';

/*
 * Staff queries of the lecture content (decision 0024). Reads for the console; writes take the caller's
 * transaction, and the service audits them in it.
 */

// Course links

export interface LinkKey {
  courseId: string;
  batchNumber: number;
  quarter: string;
  kind: CourseLinkKind;
}

const linkWhere = (key: LinkKey) =>
  and(
    eq(courseLinks.courseId, key.courseId),
    eq(courseLinks.batchNumber, key.batchNumber),
    eq(courseLinks.quarter, key.quarter),
    eq(courseLinks.kind, key.kind),
  );

/** The links stored for exactly this course, batch number and quarter (no fall-back to defaults). */
export async function listScopeLinks(ex: Executor, courseId: string, batchNumber: number, quarter: string) {
  return ex
    .select(courseLinkColumns)
    .from(courseLinks)
    .where(
      and(
        eq(courseLinks.courseId, courseId),
        eq(courseLinks.batchNumber, batchNumber),
        eq(courseLinks.quarter, quarter),
      ),
    )
    .orderBy(asc(courseLinks.kind));
}

export async function lockLink(ex: Executor, key: LinkKey) {
  const [row] = await ex
    .select({ title: courseLinks.title, url: courseLinks.url })
    .from(courseLinks)
    .where(linkWhere(key))
    .for('update');
  return row;
}

export async function upsertLink(ex: Executor, key: LinkKey, value: { title: string; url: string }) {
  await ex
    .insert(courseLinks)
    .values({ ...key, ...value })
    .onConflictDoUpdate({
      target: [courseLinks.courseId, courseLinks.batchNumber, courseLinks.quarter, courseLinks.kind],
      set: value,
    });
}

export async function deleteLink(ex: Executor, key: LinkKey) {
  await ex.delete(courseLinks).where(linkWhere(key));
}

// Sections, lessons, topics

export interface SectionScope {
  courseId: string;
  batchNumber: number;
  quarter: string;
}

const sectionScopeWhere = (scope: SectionScope) =>
  and(
    eq(courseSections.courseId, scope.courseId),
    eq(courseSections.batchNumber, scope.batchNumber),
    eq(courseSections.quarter, scope.quarter),
  );

/** A course/batch-number/quarter's sections, lessons and topics (three queries, no N+1). */
export async function listTree(ex: Executor, scope: SectionScope) {
  const sections = await ex
    .select({ id: courseSections.id, title: courseSections.title, position: courseSections.position })
    .from(courseSections)
    .where(sectionScopeWhere(scope))
    .orderBy(...sectionOrder);
  const lessonRows =
    sections.length === 0
      ? []
      : await ex
          .select()
          .from(lessons)
          .where(lessonsOf(sections))
          .orderBy(...lessonOrder);
  const topicRows =
    lessonRows.length === 0
      ? []
      : await ex
          .select({
            id: lessonTopics.id,
            lessonId: lessonTopics.lessonId,
            title: lessonTopics.title,
            description: lessonTopics.description,
            videoUrl: lessonTopics.videoUrl,
            sequence: lessonTopics.sequence,
          })
          .from(lessonTopics)
          .where(
            inArray(
              lessonTopics.lessonId,
              lessonRows.map((lesson) => lesson.id),
            ),
          )
          .orderBy(topicOrder);
  return { sections, lessons: lessonRows, topics: topicRows };
}

export async function lockSection(ex: Executor, id: string) {
  const [row] = await ex.select().from(courseSections).where(eq(courseSections.id, id)).for('update');
  return row;
}

export async function lockLesson(ex: Executor, id: string) {
  const [row] = await ex.select().from(lessons).where(eq(lessons.id, id)).for('update');
  return row;
}

export async function lockTopic(ex: Executor, id: string) {
  const [row] = await ex.select().from(lessonTopics).where(eq(lessonTopics.id, id)).for('update');
  return row;
}

export async function nextSectionPosition(ex: Executor, scope: SectionScope): Promise<number> {
  const [row] = await ex
    .select({ last: max(courseSections.position) })
    .from(courseSections)
    .where(sectionScopeWhere(scope));
  return (row?.last ?? -1) + 1;
}

export async function nextLessonPosition(ex: Executor, sectionId: string): Promise<number> {
  const [row] = await ex
    .select({ last: max(lessons.position) })
    .from(lessons)
    .where(eq(lessons.sectionId, sectionId));
  return (row?.last ?? -1) + 1;
}

export async function nextTopicSequence(ex: Executor, lessonId: string): Promise<number> {
  const [row] = await ex
    .select({ last: max(lessonTopics.sequence) })
    .from(lessonTopics)
    .where(eq(lessonTopics.lessonId, lessonId));
  return (row?.last ?? 0) + 1;
}

/** Ids of a scope's sections, locked, in their order. */
export async function lockSectionIds(ex: Executor, scope: SectionScope): Promise<string[]> {
  const rows = await ex
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(sectionScopeWhere(scope))
    .orderBy(...sectionOrder)
    .for('update');
  return rows.map((row) => row.id);
}

export async function lockLessonIds(ex: Executor, sectionId: string): Promise<string[]> {
  const rows = await ex
    .select({ id: lessons.id })
    .from(lessons)
    .where(eq(lessons.sectionId, sectionId))
    .orderBy(...lessonOrder)
    .for('update');
  return rows.map((row) => row.id);
}

export async function lockTopicIds(ex: Executor, lessonId: string): Promise<string[]> {
  const rows = await ex
    .select({ id: lessonTopics.id })
    .from(lessonTopics)
    .where(eq(lessonTopics.lessonId, lessonId))
    .orderBy(topicOrder)
    .for('update');
  return rows.map((row) => row.id);
}

/** Positions 0, 1, 2… in the given order (positions carry no unique key). */
export async function setPositions(ex: Executor, table: 'sections' | 'lessons', ids: string[]) {
  const target = table === 'sections' ? courseSections : lessons;
  for (const [position, id] of ids.entries())
    await ex.update(target).set({ position }).where(eq(target.id, id));
}

/**
 * Sequences 1, 2, 3… in the given order. `(lesson_id, sequence)` is unique and PostgreSQL checks it row by
 * row, so the topics first move to negative sequences no real topic has, then to their places.
 */
export async function setSequences(ex: Executor, lessonId: string, ids: string[]) {
  await ex
    .update(lessonTopics)
    .set({ sequence: sql`-${lessonTopics.sequence} - 1000000` })
    .where(eq(lessonTopics.lessonId, lessonId));
  for (const [index, id] of ids.entries())
    await ex
      .update(lessonTopics)
      .set({ sequence: index + 1 })
      .where(eq(lessonTopics.id, id));
}

/** How many students have progress in these topics (what a delete would drop). */
export async function countWatchers(
  ex: Executor,
  where: { topicId?: string; lessonId?: string; sectionId?: string },
) {
  const topicIds = where.topicId
    ? sql`select ${where.topicId}::uuid`
    : where.lessonId
      ? sql`select id from lesson_topics where lesson_id = ${where.lessonId}`
      : sql`select t.id from lesson_topics t join lessons l on l.id = t.lesson_id where l.section_id = ${where.sectionId!}`;
  const [row] = await ex
    .select({ n: sql<number>`count(distinct ${videoProgress.studentId})::int` })
    .from(videoProgress)
    .where(sql`${videoProgress.topicId} in (${topicIds})`);
  return row?.n ?? 0;
}

// Videos

export async function insertVideo(
  ex: Executor,
  video: { storageKey: string; originalName: string; size: number; contentType: string; uploaderId: string },
) {
  const [row] = await ex.insert(videos).values(video).returning();
  return row!;
}

export async function findVideo(ex: Executor, id: string) {
  const [row] = await ex.select().from(videos).where(eq(videos.id, id));
  return row;
}

export async function findVideos(ex: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return ex.select().from(videos).where(inArray(videos.id, ids));
}

// Textbooks

const textbookScopeWhere = (scope: SectionScope) =>
  and(
    eq(textbooks.courseId, scope.courseId),
    eq(textbooks.batchNumber, scope.batchNumber),
    eq(textbooks.quarter, scope.quarter),
  );

export async function listScopeTextbooks(ex: Executor, scope: SectionScope) {
  return ex
    .select({
      id: textbooks.id,
      title: textbooks.title,
      link: textbooks.link,
      cover: textbooks.cover,
      position: textbooks.position,
    })
    .from(textbooks)
    .where(textbookScopeWhere(scope))
    .orderBy(asc(textbooks.position), asc(textbooks.title))
    .for('update');
}

export async function lockTextbook(ex: Executor, id: string) {
  const [row] = await ex.select().from(textbooks).where(eq(textbooks.id, id)).for('update');
  return row;
}

export async function countTextbookTitle(
  ex: Executor,
  scope: SectionScope,
  title: string,
  exceptId?: string,
) {
  const [row] = await ex
    .select({ n: count() })
    .from(textbooks)
    .where(
      and(
        textbookScopeWhere(scope),
        eq(textbooks.title, title),
        exceptId ? sql`${textbooks.id} <> ${exceptId}` : undefined,
      ),
    );
  return row?.n ?? 0;
}

export async function setTextbookPositions(ex: Executor, ids: string[]) {
  for (const [position, id] of ids.entries())
    await ex.update(textbooks).set({ position }).where(eq(textbooks.id, id));
}

// Exam keys

export async function listBatchExamKeys(ex: Executor, batchId: string, courseId: string) {
  return ex
    .select({ quizName: examKeys.quizName, examKey: examKeys.examKey, position: examKeys.position })
    .from(examKeys)
    .where(and(eq(examKeys.batchId, batchId), eq(examKeys.courseId, courseId)))
    .orderBy(asc(examKeys.position), asc(examKeys.quizName));
}

export async function lockExamKeys(ex: Executor, batchId: string, courseId: string) {
  return ex
    .select({ quizName: examKeys.quizName, examKey: examKeys.examKey, position: examKeys.position })
    .from(examKeys)
    .where(and(eq(examKeys.batchId, batchId), eq(examKeys.courseId, courseId)))
    .orderBy(asc(examKeys.position), asc(examKeys.quizName))
    .for('update');
}

export async function upsertExamKey(
  ex: Executor,
  row: { batchId: string; courseId: string; quizName: string; examKey: string; position: number },
) {
  await ex
    .insert(examKeys)
    .values(row)
    .onConflictDoUpdate({
      target: [examKeys.batchId, examKeys.courseId, examKeys.quizName],
      set: { examKey: row.examKey },
    });
}

export async function deleteExamKey(
  ex: Executor,
  where: { batchId: string; courseId: string; quizName: string },
) {
  await ex
    .delete(examKeys)
    .where(
      and(
        eq(examKeys.batchId, where.batchId),
        eq(examKeys.courseId, where.courseId),
        eq(examKeys.quizName, where.quizName),
      ),
    );
}
