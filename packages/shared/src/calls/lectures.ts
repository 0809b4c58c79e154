import { z } from '../schemas/zod';
import { CSV_FORMATS, csvHeaderOf } from '../constants/csv-formats';
import { TEXTBOOK_COVER_MAX_BYTES } from '../constants/staff';
import { csvImportForm, idParamsSchema, importAnswerSchema, staffOkAnswerSchema } from '../schemas/staff';
import {
  contentDeleteSchema,
  contentScopeSchema,
  courseLinkDeleteSchema,
  courseLinkScopeSchema,
  courseLinkSetSchema,
  courseLinksAnswerSchema,
  coverAnswerSchema,
  createdAnswerSchema,
  examKeyDeleteSchema,
  examKeyScopeSchema,
  examKeySetSchema,
  examKeysAnswerSchema,
  lessonCreateSchema,
  lessonEditSchema,
  lessonTreeAnswerSchema,
  reorderSchema,
  sectionCreateSchema,
  sectionEditSchema,
  textbookCreateSchema,
  textbookEditSchema,
  textbooksAnswerSchema,
  topicCreateSchema,
  topicEditSchema,
} from '../schemas/staff-content';
import { defineCall } from './call';

/**
 * The content desk's lecture content (docs/api.md "Content", decision 0024): a course's links, its sections,
 * lessons and topics, its textbooks, and the exam keys. A creation answers the new id; an edit, a delete or
 * an order answers the server's sentence. The videos' resumable uploads are tus, at `VIDEO_UPLOADS_PATH`
 * (constants/learning.ts).
 */

const content = { staff: ['content'] } as const;
const scopedOrder = z.extend(contentScopeSchema, reorderSchema.shape);

export const courseLinks = defineCall({
  method: 'GET',
  path: '/staffapi/content/links',
  query: courseLinkScopeSchema,
  answer: courseLinksAnswerSchema,
  access: content,
});

/** Sets a course's link of a kind (replacing the one there was). */
export const setCourseLink = defineCall({
  method: 'POST',
  path: '/staffapi/content/links',
  body: courseLinkSetSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

export const deleteCourseLink = defineCall({
  method: 'POST',
  path: '/staffapi/content/links/delete',
  body: courseLinkDeleteSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

/** A course quarter's sections, each with its lessons and their topics. */
export const lessonTree = defineCall({
  method: 'GET',
  path: '/staffapi/content/lessons',
  query: contentScopeSchema,
  answer: lessonTreeAnswerSchema,
  access: content,
});

export const createSection = defineCall({
  method: 'POST',
  path: '/staffapi/content/sections',
  body: sectionCreateSchema,
  answer: createdAnswerSchema,
  access: content,
});

/** A quarter's sections in a new order: every id, once. */
export const reorderSections = defineCall({
  method: 'POST',
  path: '/staffapi/content/sections/reorder',
  body: scopedOrder,
  answer: staffOkAnswerSchema,
  access: content,
});

export const editSection = defineCall({
  method: 'POST',
  path: '/staffapi/content/sections/:id',
  params: idParamsSchema,
  body: sectionEditSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

/** Refused (409) while students have watched its videos, unless `dropProgress`. */
export const deleteSection = defineCall({
  method: 'POST',
  path: '/staffapi/content/sections/:id/delete',
  params: idParamsSchema,
  body: contentDeleteSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

export const reorderLessons = defineCall({
  method: 'POST',
  path: '/staffapi/content/sections/:id/lessons/reorder',
  params: idParamsSchema,
  body: reorderSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

export const createLesson = defineCall({
  method: 'POST',
  path: '/staffapi/content/lessons',
  body: lessonCreateSchema,
  answer: createdAnswerSchema,
  access: content,
});

export const editLesson = defineCall({
  method: 'POST',
  path: '/staffapi/content/lessons/:id',
  params: idParamsSchema,
  body: lessonEditSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

export const deleteLesson = defineCall({
  method: 'POST',
  path: '/staffapi/content/lessons/:id/delete',
  params: idParamsSchema,
  body: contentDeleteSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

export const reorderTopics = defineCall({
  method: 'POST',
  path: '/staffapi/content/lessons/:id/topics/reorder',
  params: idParamsSchema,
  body: reorderSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

/** A topic: its video uploaded first (tus), or a link to one. */
export const createTopic = defineCall({
  method: 'POST',
  path: '/staffapi/content/topics',
  body: topicCreateSchema,
  answer: createdAnswerSchema,
  access: content,
});

export const editTopic = defineCall({
  method: 'POST',
  path: '/staffapi/content/topics/:id',
  params: idParamsSchema,
  body: topicEditSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

export const deleteTopic = defineCall({
  method: 'POST',
  path: '/staffapi/content/topics/:id/delete',
  params: idParamsSchema,
  body: contentDeleteSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

export const textbooks = defineCall({
  method: 'GET',
  path: '/staffapi/content/textbooks',
  query: contentScopeSchema,
  answer: textbooksAnswerSchema,
  access: content,
});

export const createTextbook = defineCall({
  method: 'POST',
  path: '/staffapi/content/textbooks',
  body: textbookCreateSchema,
  answer: createdAnswerSchema,
  access: content,
});

export const reorderTextbooks = defineCall({
  method: 'POST',
  path: '/staffapi/content/textbooks/reorder',
  body: scopedOrder,
  answer: staffOkAnswerSchema,
  access: content,
});

export const editTextbook = defineCall({
  method: 'POST',
  path: '/staffapi/content/textbooks/:id',
  params: idParamsSchema,
  body: textbookEditSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

/** A textbook's cover picture, checked by its content. */
export const uploadTextbookCover = defineCall({
  method: 'POST',
  path: '/staffapi/content/textbooks/:id/cover',
  params: idParamsSchema,
  form: z.object({
    file: z
      .file()
      .check(z.describe(`JPEG or PNG, at most ${TEXTBOOK_COVER_MAX_BYTES} bytes; re-encoded as JPEG`)),
  }),
  answer: coverAnswerSchema,
  access: content,
});

export const deleteTextbook = defineCall({
  method: 'POST',
  path: '/staffapi/content/textbooks/:id/delete',
  params: idParamsSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

export const examKeys = defineCall({
  method: 'GET',
  path: '/staffapi/content/exam-keys',
  query: examKeyScopeSchema,
  answer: examKeysAnswerSchema,
  access: content,
});

export const setExamKey = defineCall({
  method: 'POST',
  path: '/staffapi/content/exam-keys',
  body: examKeySetSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

export const deleteExamKey = defineCall({
  method: 'POST',
  path: '/staffapi/content/exam-keys/delete',
  body: examKeyDeleteSchema,
  answer: staffOkAnswerSchema,
  access: content,
});

/** A batch and course's exam keys from a CSV file: previewed, or applied. */
export const importExamKeys = defineCall({
  method: 'POST',
  path: '/staffapi/content/exam-keys/import',
  query: examKeyScopeSchema,
  form: csvImportForm(csvHeaderOf(CSV_FORMATS.examKeys)),
  answer: importAnswerSchema,
  access: content,
});
