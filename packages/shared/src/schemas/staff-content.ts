import { z } from 'zod';
import { COURSE_CODES, QUARTERS } from '../constants/courses';
import { COURSE_LINK_KINDS } from '../constants/learning';
import { messages } from '../messages';
import { messageCodeFields } from './envelope';

/*
 * Lecture content in the staff console (issue 12, decision 0024): course links, sections, lessons, topics,
 * uploaded videos, textbooks and exam keys, under /staffapi/content/.
 */

const uuid = z.uuid();
const courseCode = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.enum(COURSE_CODES, { error: messages.contentCourseUnknown }));
/** 0 = every batch (the learning tables are per batch number across cities). */
const batchNumber = z.coerce.number().int().min(0).max(10_000);
const quarter = z.enum(QUARTERS);
const title = z.string().trim().min(1, messages.contentTitleRequired).max(300);
/** An address a student opens: https, http, or a path on the portal. */
const link = z
  .string()
  .trim()
  .max(2000)
  .refine((url) => /^(https?:\/\/[^\s]+|\/[^\s/][^\s]*)$/.test(url), messages.contentLinkInvalid);
const html = z.string().max(20_000).default('');

/** The course, batch number and quarter a piece of content belongs to. */
export const contentScopeSchema = z.object({ course: courseCode, batchNumber, quarter });
export type ContentScopeQuery = z.infer<typeof contentScopeSchema>;

// Course links ('' quarter = every quarter)

export const courseLinkScopeSchema = z.object({
  course: courseCode,
  batchNumber,
  quarter: z.union([quarter, z.literal('')]).default(''),
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
export const courseLinkSetSchema = courseLinkScopeSchema.extend({
  kind: z.enum(COURSE_LINK_KINDS),
  title,
  url: link,
});
export type CourseLinkSet = z.infer<typeof courseLinkSetSchema>;
export const courseLinkDeleteSchema = courseLinkScopeSchema.extend({ kind: z.enum(COURSE_LINK_KINDS) });
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
  video: z.object({ _id: z.string(), originalName: z.string(), size: z.number() }).nullable(),
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

export const sectionCreateSchema = contentScopeSchema.extend({ title });
export const sectionEditSchema = z.object({ title });
export const lessonCreateSchema = z.object({ sectionId: uuid, title, description: html });
export const lessonEditSchema = z.object({ title, description: html });
/** A topic plays an uploaded video (videoId) or an address (videoURL); exactly one. */
const topicFields = z
  .object({
    title,
    description: html,
    videoId: uuid.optional(),
    videoURL: link.optional(),
  })
  .refine((topic) => (topic.videoId === undefined) !== (topic.videoURL === undefined), {
    message: messages.contentTopicVideoOne,
    path: ['videoURL'],
  });
export const topicCreateSchema = z.intersection(z.object({ lessonId: uuid }), topicFields);
export const topicEditSchema = topicFields;
export type TopicFields = z.infer<typeof topicFields>;
/** The complete new order of a parent's children: every child id once. */
export const reorderSchema = z.object({
  ids: z
    .array(uuid)
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, messages.contentOrderIncomplete),
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
const coverUrl = z.union([z.literal(''), link]).default('');
export const textbookCreateSchema = contentScopeSchema.extend({ title, link, cover: coverUrl });
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
export const examKeySetSchema = examKeyScopeSchema.extend({
  quizName: z.string().trim().min(1, messages.contentQuizNameRequired).max(200),
  examKey: z.string().trim().min(1, messages.contentExamKeyRequired).max(500),
});
export const examKeyDeleteSchema = examKeyScopeSchema.extend({ quizName: z.string().trim().min(1).max(200) });

/** Deleting a section, lesson or topic students have watched needs this, and drops their progress. */
export const contentDeleteSchema = z.object({ dropProgress: z.boolean().default(false) });
