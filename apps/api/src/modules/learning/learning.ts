import type { Quarter } from '@portal/shared/constants/courses';
import { PAID_ONLY_LINK_KINDS, type CourseLinkKind } from '@portal/shared/constants/learning';
import { messages } from '@portal/shared/messages';
import type {
  CourseLink,
  CourseLinks,
  CourseSection,
  ExamKey,
  LessonTopic,
  QuarterResult,
} from '@portal/shared/schemas/learning';
import type { Db } from '../../db/client';
import {
  countExamKeys,
  findLessonScope,
  findTopicScope,
  listCourseLinks,
  listExamKeys,
  listQuarterResults,
  listSections,
  listTextbooks,
  listTopics,
  saveVideoProgress,
} from './repository';
import type { StudentRow } from '../students/repository';
import { forbidden, notFound } from '../../lib/http-error';
import { sanitiseStaffHtml } from '../../lib/staff-html';
import type { UrlSigner } from '../../storage/signed-urls';
import { videoIdOf } from './content-admin';
import { findLearner, isId, maySitExams, mayStudy, quartersUpTo } from './learner';

/**
 * The learning area (dashboard links, results, lectures, exam keys). Every call starts from the
 * session's student and its current registration: content of another course, another batch or an unpaid
 * quarter is refused with the spec's messages, whatever the request names.
 */
export class LearningService {
  constructor(
    private readonly db: Db,
    private readonly signer: UrlSigner,
  ) {}

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

  /** Quarter results of the student's own registration; another roll number, batch or course is refused. */
  async quarterResults(
    student: StudentRow,
    asked: { rollNo: string; batch: string; course: string },
  ): Promise<QuarterResult[]> {
    if (!student.rollNo || asked.rollNo !== student.rollNo) throw forbidden(messages.notYourAccount);
    const learner = await findLearner(this.db, student, messages.noSuchCourse);
    if (asked.batch !== learner.current.batch || asked.course !== learner.current.course)
      throw forbidden(messages.noSuchCourse);
    const rows = await listQuarterResults(this.db, learner.enrolmentId);
    return rows.map((row) => ({ ...row, quarter: row.quarter as Quarter }));
  }

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

  /**
   * Exam keys of the student's own batch and course, to a student entitled to its exams; none to an applicant
   * (decision 0035), whose /exam page says when they come.
   */
  async examKeys(student: StudentRow, asked: { batch: string; course: string }): Promise<ExamKey[]> {
    const learner = await findLearner(this.db, student, messages.noSuchCourse);
    const { current } = learner;
    if (asked.batch !== current.batch || asked.course.toUpperCase() !== current.course)
      throw forbidden(messages.noSuchCourse);
    if (!maySitExams(learner)) return [];
    return listExamKeys(this.db, current.batchId, current.courseId);
  }
}
