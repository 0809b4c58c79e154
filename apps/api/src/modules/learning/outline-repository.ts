import { and, asc, eq, inArray, notInArray, sql, max } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { courseSections, lessonTopics, lessons, videoProgress, videos } from '../../db/schema';
import { forBatch, inScope, type SectionScope } from './repository';

/*
 * The course outline's queries (OutlineService): sections, lessons and topics with their order, the videos
 * and each student's place in them, for the student who watches, the staff who write them (writes take the
 * caller's transaction, and the service audits them in it) and the catalogue importer.
 */

/**
 * The order a course's outline is shown in, to students and to staff alike: sections and lessons by their
 * position, then title; a lesson's topics by sequence.
 */
export const sectionOrder = [asc(courseSections.position), asc(courseSections.title)];

export const lessonOrder = [asc(lessons.position), asc(lessons.title)];

export const topicOrder = asc(lessonTopics.sequence);

/** The lessons of these sections (the second query of an outline). */
export const lessonsOf = (sections: { id: string }[]) =>
  inArray(
    lessons.sectionId,
    sections.map((section) => section.id),
  );

/** Sections of the course for these quarters, each with its lessons (two queries, no N+1). */
export async function listSections(ex: Executor, courseId: string, batchNumber: number, quarters: string[]) {
  const sections = await ex
    .select({ id: courseSections.id, title: courseSections.title, quarter: courseSections.quarter })
    .from(courseSections)
    .where(
      and(
        eq(courseSections.courseId, courseId),
        forBatch(courseSections.batchNumber, batchNumber),
        inArray(courseSections.quarter, quarters),
      ),
    )
    .orderBy(asc(courseSections.quarter), ...sectionOrder);
  if (sections.length === 0) return [];
  const rows = await ex
    .select({
      id: lessons.id,
      sectionId: lessons.sectionId,
      title: lessons.title,
      description: lessons.description,
    })
    .from(lessons)
    .where(lessonsOf(sections))
    .orderBy(...lessonOrder);
  return sections.map((section) => ({
    ...section,
    lessons: rows.filter((lesson) => lesson.sectionId === section.id),
  }));
}

/** The course, batch number and quarter a lesson belongs to (what access is decided on). */
export interface ContentScope {
  courseId: string;
  batchNumber: number;
  quarter: string;
}

export async function findLessonScope(ex: Executor, lessonId: string): Promise<ContentScope | undefined> {
  const [row] = await ex
    .select({
      courseId: courseSections.courseId,
      batchNumber: courseSections.batchNumber,
      quarter: courseSections.quarter,
    })
    .from(lessons)
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .where(eq(lessons.id, lessonId));
  return row;
}

export async function findTopicScope(ex: Executor, topicId: string): Promise<ContentScope | undefined> {
  const [row] = await ex
    .select({
      courseId: courseSections.courseId,
      batchNumber: courseSections.batchNumber,
      quarter: courseSections.quarter,
    })
    .from(lessonTopics)
    .innerJoin(lessons, eq(lessons.id, lessonTopics.lessonId))
    .innerJoin(courseSections, eq(courseSections.id, lessons.sectionId))
    .where(eq(lessonTopics.id, topicId));
  return row;
}

/** A lesson's topics in sequence, with where this student stopped in each. */
export async function listTopics(ex: Executor, lessonId: string, studentId: string) {
  return ex
    .select({
      id: lessonTopics.id,
      title: lessonTopics.title,
      description: lessonTopics.description,
      videoUrl: lessonTopics.videoUrl,
      sequence: lessonTopics.sequence,
      positionSeconds: videoProgress.positionSeconds,
      completed: videoProgress.completed,
    })
    .from(lessonTopics)
    .leftJoin(
      videoProgress,
      and(eq(videoProgress.topicId, lessonTopics.id), eq(videoProgress.studentId, studentId)),
    )
    .where(eq(lessonTopics.lessonId, lessonId))
    .orderBy(topicOrder);
}

/** Records the position; once a video is completed it stays completed. */
export async function saveVideoProgress(
  ex: Executor,
  progress: { studentId: string; topicId: string; positionSeconds: number; completed: boolean },
): Promise<void> {
  await ex
    .insert(videoProgress)
    .values(progress)
    .onConflictDoUpdate({
      target: [videoProgress.studentId, videoProgress.topicId],
      set: {
        positionSeconds: progress.positionSeconds,
        completed: sql`${videoProgress.completed} or excluded.completed`,
        updatedAt: sql`now()`,
      },
    });
}

/** A course/batch-number/quarter's sections, lessons and topics (three queries, no N+1). */
export async function listTree(ex: Executor, scope: SectionScope) {
  const sections = await ex
    .select({ id: courseSections.id, title: courseSections.title, position: courseSections.position })
    .from(courseSections)
    .where(inScope(courseSections, scope))
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
    .where(inScope(courseSections, scope));
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
    .where(inScope(courseSections, scope))
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

// Loading content (the catalogue importer)

/**
 * Upserts a section with its lessons and topics by their natural keys, so ids (and students' progress) survive
 * a re-import; lessons and topics the file no longer lists for this section go.
 */
export async function upsertSection(
  ex: Executor,
  section: {
    courseId: string;
    batchNumber: number;
    quarter: string;
    title: string;
    position: number;
    lessons: {
      title: string;
      description: string;
      topics: { title: string; description: string; videoUrl: string; sequence: number }[];
    }[];
  },
): Promise<void> {
  const { lessons: lessonList, ...sectionRow } = section;
  const [saved] = await ex
    .insert(courseSections)
    .values(sectionRow)
    .onConflictDoUpdate({
      target: [
        courseSections.courseId,
        courseSections.batchNumber,
        courseSections.quarter,
        courseSections.title,
      ],
      set: { position: section.position },
    })
    .returning({ id: courseSections.id });
  const sectionId = saved!.id;
  const keptLessons: string[] = [];
  for (const [position, lesson] of lessonList.entries()) {
    const [savedLesson] = await ex
      .insert(lessons)
      .values({ sectionId, title: lesson.title, description: lesson.description, position })
      .onConflictDoUpdate({
        target: [lessons.sectionId, lessons.title],
        set: { description: lesson.description, position },
      })
      .returning({ id: lessons.id });
    const lessonId = savedLesson!.id;
    keptLessons.push(lessonId);
    for (const topic of lesson.topics) {
      await ex
        .insert(lessonTopics)
        .values({ lessonId, ...topic })
        .onConflictDoUpdate({
          target: [lessonTopics.lessonId, lessonTopics.sequence],
          set: { title: topic.title, description: topic.description, videoUrl: topic.videoUrl },
        });
    }
    const sequences = lesson.topics.map((topic) => topic.sequence);
    await ex
      .delete(lessonTopics)
      .where(
        and(
          eq(lessonTopics.lessonId, lessonId),
          sequences.length > 0 ? notInArray(lessonTopics.sequence, sequences) : undefined,
        ),
      );
  }
  await ex
    .delete(lessons)
    .where(
      and(
        eq(lessons.sectionId, sectionId),
        keptLessons.length > 0 ? notInArray(lessons.id, keptLessons) : undefined,
      ),
    );
}
