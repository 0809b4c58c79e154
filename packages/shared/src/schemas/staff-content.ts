import { z } from './zod';
import { courseCodeSchema, uuid } from './staff-fields';
import { QUARTERS } from '../constants/courses';
import { COURSE_LINK_KINDS } from '../constants/learning';
import { messages } from '../messages';
import { messageCodeFields } from './envelope';

/*
 * Lecture content in the staff console (issue 12, decision 0024): course links, sections, lessons, topics,
 * uploaded videos, textbooks and exam keys, under /staffapi/content/.
 */

const courseCode = courseCodeSchema({ error: messages.contentCourseUnknown });
/** 0 = every batch (the learning tables are per batch number across cities). */
const batchNumber = z.coerce.number().check(z.int(), z.gte(0), z.lte(10_000));
const quarter = z.enum(QUARTERS);
const title = z.string().check(z.trim(), z.minLength(1, messages.contentTitleRequired), z.maxLength(300));
/** An address a student opens: https, http, or a path on the portal. */
const link = z.string().check(
  z.trim(),
  z.maxLength(2000),
  z.refine((url) => /^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/.test(url), messages.contentLinkInvalid),
);
const html = z._default(z.string().check(z.maxLength(20_000)), '');

/** The course, batch number and quarter a piece of content belongs to. */
export const contentScopeSchema = z.object({ course: courseCode, batchNumber, quarter });
export type ContentScopeQuery = z.infer<typeof contentScopeSchema>;

// Course links ('' quarter = every quarter)

export const courseLinkScopeSchema = z.object({
  course: courseCode,
  batchNumber,
  quarter: z._default(z.union([quarter, z.literal('')]), ''),
});
export const courseLinkSchema = z.object({
  course: z.string(),
  batchNumber: z.number(),
  quarter: z.string(),
  kind: z.enum(COURSE_LINK_KINDS),
  title: z.string(),
  url: z.string(),
});
export type StaffCourseLink = z.infer<typeof courseLinkSchema>;
export const courseLinkSetSchema = z.extend(courseLinkScopeSchema, {
  kind: z.enum(COURSE_LINK_KINDS),
  title,
  url: link,
});
export type CourseLinkSet = z.infer<typeof courseLinkSetSchema>;
export const courseLinkDeleteSchema = z.extend(courseLinkScopeSchema, { kind: z.enum(COURSE_LINK_KINDS) });
export const courseLinksAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(courseLinkSchema),
});

// Sections → lessons → topics

export const staffTopicSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  videoURL: z.string(),
  sequence: z.number(),
  /** The uploaded video the topic plays, when it plays one. */
  video: z.nullable(z.object({ _id: z.string(), originalName: z.string(), size: z.number() })),
});
export const staffLessonSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  position: z.number(),
  topics: z.array(staffTopicSchema),
});
export const staffSectionSchema = z.object({
  _id: z.string(),
  title: z.string(),
  position: z.number(),
  lessons: z.array(staffLessonSchema),
});
export type StaffTopic = z.infer<typeof staffTopicSchema>;
export type StaffLesson = z.infer<typeof staffLessonSchema>;
export type StaffSection = z.infer<typeof staffSectionSchema>;
export const lessonTreeAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(staffSectionSchema),
});

export const sectionCreateSchema = z.extend(contentScopeSchema, { title });
export const sectionEditSchema = z.object({ title });
export const lessonCreateSchema = z.object({ sectionId: uuid, title, description: html });
export const lessonEditSchema = z.object({ title, description: html });
/** A topic plays an uploaded video (videoId) or an address (videoURL); exactly one. */
const topicFields = z
  .object({
    title,
    description: html,
    videoId: z.optional(uuid),
    videoURL: z.optional(link),
  })
  .check(
    z.refine((topic) => (topic.videoId === undefined) !== (topic.videoURL === undefined), {
      message: messages.contentTopicVideoOne,
      path: ['videoURL'],
    }),
  );
export const topicCreateSchema = z.intersection(z.object({ lessonId: uuid }), topicFields);
export const topicEditSchema = topicFields;
export type TopicFields = z.infer<typeof topicFields>;
/** The complete new order of a parent's children: every child id once. */
export const reorderSchema = z.object({
  ids: z.array(uuid).check(
    z.minLength(1),
    z.maxLength(1000),
    z.refine((ids) => new Set(ids).size === ids.length, messages.contentOrderIncomplete),
  ),
});
export const createdAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  _id: z.string(),
});

// Videos

export const staffVideoSchema = z.object({
  _id: z.string(),
  originalName: z.string(),
  size: z.number(),
  contentType: z.string(),
  url: z.string(),
  createdAt: z.string(),
});
export type StaffVideo = z.infer<typeof staffVideoSchema>;
export const videoUploadedAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  data: staffVideoSchema,
});

// Textbooks

export const staffTextbookSchema = z.object({
  _id: z.string(),
  title: z.string(),
  link: z.string(),
  cover: z.string(),
  position: z.number(),
});
export type StaffTextbook = z.infer<typeof staffTextbookSchema>;
export const textbooksAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(staffTextbookSchema),
});
const coverUrl = z._default(z.union([z.literal(''), link]), '');
export const textbookCreateSchema = z.extend(contentScopeSchema, { title, link, cover: coverUrl });
export const textbookEditSchema = z.object({ title, link, cover: coverUrl });
/** An uploaded cover: its new address (`/covers/<name>.jpg`). */
export const coverAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ...messageCodeFields,
  cover: z.string(),
});

// Exam keys

export const examKeyScopeSchema = z.object({ batchId: uuid, course: courseCode });
export const staffExamKeySchema = z.object({
  quizName: z.string(),
  examKey: z.string(),
  position: z.number(),
});
export const examKeysAnswerSchema = z.object({
  success: z.literal(true),
  data: z.array(staffExamKeySchema),
});
export const examKeySetSchema = z.extend(examKeyScopeSchema, {
  quizName: z.string().check(z.trim(), z.minLength(1, messages.contentQuizNameRequired), z.maxLength(200)),
  examKey: z.string().check(z.trim(), z.minLength(1, messages.contentExamKeyRequired), z.maxLength(500)),
});
export const examKeyDeleteSchema = z.extend(examKeyScopeSchema, {
  quizName: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
});

/** Deleting a section, lesson or topic students have watched needs this, and drops their progress. */
export const contentDeleteSchema = z.object({ dropProgress: z._default(z.boolean(), false) });
