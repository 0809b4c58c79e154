import type { EnrolmentStatus } from '@portal/shared/constants/enrolment';
import { and, asc, count, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CourseLinkKind } from '@portal/shared/constants/learning';
import { queryRows, type Executor } from '../../db/client';
import { paidQuartersJson } from '../vouchers/repository';
import { audienceColumns, inAudience } from './announcements-repository';
import {
  announcements,
  batches,
  courseLinks,
  courseSections,
  enrolments,
  examKeys,
  lessonTopics,
  lessons,
  textbooks,
  videoProgress,
} from '../../db/schema';

/** What decides a student's access to learning content: the registration, its batch number, paid quarters. */
export interface LearnerScope {
  enrolmentId: string;
  status: EnrolmentStatus;
  batchNumber: number;
  paidQuarters: string[];
}

/** The student's live registration in this batch and course, with the quarters paid for, in one round trip. */
export async function findLearnerScope(
  ex: Executor,
  where: { studentId: string; batchId: string; courseId: string },
): Promise<LearnerScope | undefined> {
  const [row] = await queryRows<LearnerScope>(
    ex,
    sql`select e.id as "enrolmentId", e.status, b.number as "batchNumber",
          ${paidQuartersJson(sql`e.id`)} as "paidQuarters"
        from ${enrolments} e join ${batches} b on b.id = e.batch_id
        where e.student_id = ${where.studentId} and e.batch_id = ${where.batchId}
          and e.course_id = ${where.courseId} and e.status <> 'CANCELLED'`,
  );
  return row;
}

/** Content rows for every batch (0) and for this batch number. */
const forBatch = (column: AnyPgColumn, batchNumber: number) => inArray(column, [0, batchNumber]);

/** A course link as the student's pages and the console's link editor show it. */
export const courseLinkColumns = { kind: courseLinks.kind, title: courseLinks.title, url: courseLinks.url };

/** Links of a course for this batch and quarter: most specific last (batch beats every-batch, quarter beats every-quarter). */
export async function listCourseLinks(ex: Executor, courseId: string, batchNumber: number, quarter: string) {
  return ex
    .select(courseLinkColumns)
    .from(courseLinks)
    .where(
      and(
        eq(courseLinks.courseId, courseId),
        forBatch(courseLinks.batchNumber, batchNumber),
        inArray(courseLinks.quarter, ['', quarter]),
      ),
    )
    .orderBy(asc(courseLinks.batchNumber), asc(courseLinks.quarter));
}

export async function listTextbooks(ex: Executor, courseId: string, batchNumber: number, quarters: string[]) {
  return ex
    .select({ title: textbooks.title, link: textbooks.link, cover: textbooks.cover })
    .from(textbooks)
    .where(
      and(
        eq(textbooks.courseId, courseId),
        forBatch(textbooks.batchNumber, batchNumber),
        inArray(textbooks.quarter, quarters),
      ),
    )
    .orderBy(asc(textbooks.quarter), asc(textbooks.position), asc(textbooks.title));
}

export async function countExamKeys(ex: Executor, batchId: string, courseId: string): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(examKeys)
    .where(and(eq(examKeys.batchId, batchId), eq(examKeys.courseId, courseId)));
  return row?.n ?? 0;
}

export async function listExamKeys(ex: Executor, batchId: string, courseId: string) {
  return ex
    .select({ quizName: examKeys.quizName, examKey: examKeys.examKey })
    .from(examKeys)
    .where(and(eq(examKeys.batchId, batchId), eq(examKeys.courseId, courseId)))
    .orderBy(asc(examKeys.position), asc(examKeys.quizName));
}

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

/**
 * One page of the announcements whose time has come (a scheduled one stays hidden until then) and whose
 * audience holds the student (decision 0050), newest first; asks for one more row to know whether another
 * page follows.
 */
export async function pageAnnouncements(
  ex: Executor,
  student: { id: string; city: string | null },
  offset: number,
  limit: number,
) {
  const a = announcements;
  return ex
    .select({
      id: a.id,
      title: a.title,
      description: a.description,
      url: a.url,
      publishedAt: a.publishedAt,
      titleUr: a.titleUr,
      descriptionUr: a.descriptionUr,
    })
    .from(a)
    .where(
      and(
        lte(a.publishedAt, sql`now()`),
        inAudience(audienceColumns, { id: sql`${student.id}::uuid`, city: sql`${student.city}::text` }),
      ),
    )
    .orderBy(desc(a.publishedAt), desc(a.id))
    .offset(offset)
    .limit(limit);
}

// ----- Loading content (the catalogue importer) -----

/** The file is authoritative for each course it lists links for: that course's links are replaced. */
export async function replaceCourseLinks(
  ex: Executor,
  courseId: string,
  rows: { batchNumber: number; quarter: string; kind: CourseLinkKind; title: string; url: string }[],
): Promise<void> {
  await ex.delete(courseLinks).where(eq(courseLinks.courseId, courseId));
  if (rows.length > 0) await ex.insert(courseLinks).values(rows.map((row) => ({ courseId, ...row })));
}

export async function replaceTextbooks(
  ex: Executor,
  courseId: string,
  rows: { batchNumber: number; quarter: string; title: string; link: string; cover: string }[],
): Promise<void> {
  await ex.delete(textbooks).where(eq(textbooks.courseId, courseId));
  if (rows.length > 0)
    await ex.insert(textbooks).values(rows.map((row, position) => ({ courseId, position, ...row })));
}

export async function replaceExamKeys(
  ex: Executor,
  where: { batchId: string; courseId: string },
  keys: { quizName: string; examKey: string }[],
): Promise<void> {
  await ex
    .delete(examKeys)
    .where(and(eq(examKeys.batchId, where.batchId), eq(examKeys.courseId, where.courseId)));
  if (keys.length > 0)
    await ex.insert(examKeys).values(keys.map((key, position) => ({ ...where, ...key, position })));
}

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

export async function upsertAnnouncement(
  ex: Executor,
  announcement: { title: string; description: string; url: string; publishedAt: Date },
): Promise<void> {
  await ex
    .insert(announcements)
    .values(announcement)
    .onConflictDoUpdate({
      target: [announcements.title, announcements.publishedAt],
      set: { description: announcement.description, url: announcement.url },
    });
}
