import { z } from './zod';
import { QUARTERS } from '../constants/courses';
import { COURSE_LINK_KINDS } from '../constants/learning';
import { messages } from '../messages';
import { envelopeSchema } from './envelope';

const quarter = z.enum(QUARTERS, { error: messages.invalidInput });
/** Ids arrive from URLs typed by people: any short string; an unknown one is "not found", not bad input. */
const contentId = z
  .string({ error: messages.invalidInput })
  .check(z.trim(), z.minLength(1, messages.invalidInput), z.maxLength(64));
const shortText = z
  .string({ error: messages.invalidInput })
  .check(z.trim(), z.minLength(1, messages.invalidInput), z.maxLength(100));

// ----- Entities (spec section 3) -----

/** Quarter result. */
export const quarterResultSchema = z.object({
  quarter,
  grade: z.string(),
  percentile: z.number().check(z.int()),
  isPassed: z.boolean(),
});
export type QuarterResult = z.infer<typeof quarterResultSchema>;

/** Lesson of a course section; description is staff HTML, sanitised by the server. */
export const lessonSchema = z.object({ _id: z.string(), title: z.string(), description: z.string() });
export type Lesson = z.infer<typeof lessonSchema>;

/** Course section, with the quarter it belongs to. */
export const courseSectionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  quarter,
  lessons: z.array(lessonSchema),
});
export type CourseSection = z.infer<typeof courseSectionSchema>;

/**
 * Lesson topic (a video). Beyond the spec: `resumeAt` is where this student stopped in the video (seconds,
 * 0 when never watched) and `completed` whether they watched it to the end, on any device.
 */
export const lessonTopicSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  videoURL: z.string(),
  sequence: z.number().check(z.int()),
  resumeAt: z.number().check(z.gte(0)),
  completed: z.boolean(),
});
export type LessonTopic = z.infer<typeof lessonTopicSchema>;

export const examKeySchema = z.object({ quizName: z.string(), examKey: z.string() });
export type ExamKey = z.infer<typeof examKeySchema>;

export const textbookSchema = z.object({ title: z.string(), link: z.string(), cover: z.string() });
export type Textbook = z.infer<typeof textbookSchema>;

export const announcementSchema = z.object({
  _id: z.string(),
  title: z.string(),
  createdDate: z.string(),
  desc: z.string(),
  url: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const courseLinkSchema = z.object({ title: z.string(), url: z.string() });
export type CourseLink = z.infer<typeof courseLinkSchema>;

/**
 * The links of the student's course, batch and largest paid quarter (API.md `/studentapi/courselinks`).
 * `quarter` is that quarter (Q1 when nothing is paid); `paid` whether any voucher is paid. Kinds the student
 * may not see yet (community chat and syllabus before a payment) are absent.
 */
export const courseLinksSchema = z.object({
  course: z.string(),
  batch: z.string(),
  quarter,
  paid: z.boolean(),
  /** Admitted to the course (the entry test passed, or learning): only then may the student pay its fees. */
  admitted: z.boolean(),
  links: z.partialRecord(z.enum(COURSE_LINK_KINDS), courseLinkSchema),
  textbooks: z.array(textbookSchema),
  showTextbooks: z.boolean(),
  showExam: z.boolean(),
});
export type CourseLinks = z.infer<typeof courseLinksSchema>;

// ----- Requests (API.md) -----

export const quarterResultRequestSchema = z.object({
  rollNo: z.string({ error: messages.invalidInput }).check(z.maxLength(40)),
  batch: shortText,
  course: shortText,
});

export const sectionListRequestSchema = z.object({
  data: z.object({ quarter, batch: shortText, courseName: shortText }),
});

export const lessonTopicsRequestSchema = z.object({ lessonId: contentId });

export const videoProgressRequestSchema = z.object({
  topicId: contentId,
  position: z.number({ error: messages.invalidInput }).check(z.gte(0), z.lte(86_400)),
  completed: z._default(z.boolean(), false),
});

export const examKeysRequestSchema = z.object({ batch: shortText, course: shortText });

export const announcementsRequestSchema = z.object({
  pageNo: z._default(
    z.coerce.number({ error: messages.invalidInput }).check(z.int(), z.gte(1), z.lte(10_000)),
    1,
  ),
});

/** Takes nothing but the session (a body, if any, may carry databaseToken). */
export const courseLinksRequestSchema = z.optional(z.object({ databaseToken: z.optional(z.string()) }));

// ----- Answers -----

export const quarterResultAnswerSchema = z.extend(envelopeSchema, { result: z.array(quarterResultSchema) });
export const sectionListAnswerSchema = z.extend(envelopeSchema, { data: z.array(courseSectionSchema) });
export const lessonTopicsAnswerSchema = z.extend(envelopeSchema, { data: z.array(lessonTopicSchema) });
export const examKeysAnswerSchema = z.extend(envelopeSchema, { data: z.array(examKeySchema) });
export const announcementsAnswerSchema = z.extend(envelopeSchema, {
  data: z.array(announcementSchema),
  nextPageNo: z.union([z.number().check(z.int()), z.literal('')]),
});
export const courseLinksAnswerSchema = z.extend(envelopeSchema, { data: courseLinksSchema });
