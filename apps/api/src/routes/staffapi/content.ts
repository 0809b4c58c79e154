import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import { idParamsSchema, importAnswerSchema, staffOkAnswerSchema } from '@portal/shared/schemas/staff';
import {
  contentDeleteSchema,
  coverAnswerSchema,
  contentScopeSchema,
  courseLinkDeleteSchema,
  courseLinkScopeSchema,
  courseLinkSetSchema,
  courseLinksAnswerSchema,
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
} from '@portal/shared/schemas/staff-content';
import { z } from 'zod';
import { readCsvUpload } from '../../lib/csv';
import { badRequest } from '../../lib/http-error';
import { readMultipart } from '../../lib/multipart';
import { tagRoutes } from '../../plugins/openapi';
import { actorOf, type StaffApp, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import { examKeyColumns } from '../../services/content-admin';
import { importAnswer } from '../../services/enrolments-admin';
import { answers } from '../answers';
import { importForm, importModeOf } from './csv-import';
import { contentUploadRoutes } from './content-uploads';

const config = { staffRoles: ['content'] } as const;
/** A textbook cover's largest upload: a scanned cover is well under this. */
const COVER_MAX_BYTES = 5 * 1024 * 1024;
const ok = answers(staffOkAnswerSchema);
const created = answers(createdAnswerSchema);
const saved = { success: true as const, message: messages.contentSaved };
const deleted = { success: true as const, message: messages.contentDeleted };
const reordered = { success: true as const, message: messages.contentReordered };

/** `/staffapi/content/*` (docs/api.md, decision 0024): lecture content; rules in services/content-admin.ts. */
export const contentRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Content');
  courseLinkRoutes(app);
  // Sections → lessons → topics
  sectionRoutes(app);
  lessonRoutes(app);
  topicRoutes(app);
  textbookRoutes(app);
  examKeyRoutes(app);
  await app.register(contentUploadRoutes);
};

function courseLinkRoutes(app: StaffApp): void {
  const { content } = app.services;
  app.get(
    '/staffapi/content/links',
    { config, schema: { querystring: courseLinkScopeSchema, response: answers(courseLinksAnswerSchema) } },
    async (request) => ({ success: true as const, data: await content.links(request.query) }),
  );
  app.post(
    '/staffapi/content/links',
    { config, schema: { body: courseLinkSetSchema, response: ok } },
    async (request) => {
      await content.setLink(actorOf(request), request.body);
      return saved;
    },
  );
  app.post(
    '/staffapi/content/links/delete',
    { config, schema: { body: courseLinkDeleteSchema, response: ok } },
    async (request) => {
      await content.deleteLink(actorOf(request), request.body);
      return deleted;
    },
  );
}

/** The lesson tree (`GET /staffapi/content/lessons`) and its sections. */
function sectionRoutes(app: StaffApp): void {
  const { content } = app.services;
  app.get(
    '/staffapi/content/lessons',
    { config, schema: { querystring: contentScopeSchema, response: answers(lessonTreeAnswerSchema) } },
    async (request) => ({ success: true as const, data: await content.tree(request.query) }),
  );
  app.post(
    '/staffapi/content/sections',
    { config, schema: { body: sectionCreateSchema, response: created } },
    async (request) => ({ ...saved, _id: await content.createSection(actorOf(request), request.body) }),
  );
  app.post(
    '/staffapi/content/sections/reorder',
    { config, schema: { body: contentScopeSchema.extend(reorderSchema.shape), response: ok } },
    async (request) => {
      await content.reorderSections(actorOf(request), request.body);
      return reordered;
    },
  );
  app.post(
    '/staffapi/content/sections/:id',
    { config, schema: { params: idParamsSchema, body: sectionEditSchema, response: ok } },
    async (request) => {
      await content.editSection(actorOf(request), request.params.id, request.body);
      return saved;
    },
  );
  app.post(
    '/staffapi/content/sections/:id/delete',
    { config, schema: { params: idParamsSchema, body: contentDeleteSchema, response: ok } },
    async (request) => {
      await content.deleteSection(actorOf(request), request.params.id, request.body.dropProgress);
      return deleted;
    },
  );
  app.post(
    '/staffapi/content/sections/:id/lessons/reorder',
    { config, schema: { params: idParamsSchema, body: reorderSchema, response: ok } },
    async (request) => {
      await content.reorderLessons(actorOf(request), request.params.id, request.body.ids);
      return reordered;
    },
  );
}

function lessonRoutes(app: StaffApp): void {
  const { content } = app.services;
  app.post(
    '/staffapi/content/lessons',
    { config, schema: { body: lessonCreateSchema, response: created } },
    async (request) => ({ ...saved, _id: await content.createLesson(actorOf(request), request.body) }),
  );
  app.post(
    '/staffapi/content/lessons/:id',
    { config, schema: { params: idParamsSchema, body: lessonEditSchema, response: ok } },
    async (request) => {
      await content.editLesson(actorOf(request), request.params.id, request.body);
      return saved;
    },
  );
  app.post(
    '/staffapi/content/lessons/:id/delete',
    { config, schema: { params: idParamsSchema, body: contentDeleteSchema, response: ok } },
    async (request) => {
      await content.deleteLesson(actorOf(request), request.params.id, request.body.dropProgress);
      return deleted;
    },
  );
  app.post(
    '/staffapi/content/lessons/:id/topics/reorder',
    { config, schema: { params: idParamsSchema, body: reorderSchema, response: ok } },
    async (request) => {
      await content.reorderTopics(actorOf(request), request.params.id, request.body.ids);
      return reordered;
    },
  );
}

function topicRoutes(app: StaffApp): void {
  const { content } = app.services;
  app.post(
    '/staffapi/content/topics',
    { config, schema: { body: topicCreateSchema, response: created } },
    async (request) => ({ ...saved, _id: await content.createTopic(actorOf(request), request.body) }),
  );
  app.post(
    '/staffapi/content/topics/:id',
    { config, schema: { params: idParamsSchema, body: topicEditSchema, response: ok } },
    async (request) => {
      await content.editTopic(actorOf(request), request.params.id, request.body);
      return saved;
    },
  );
  app.post(
    '/staffapi/content/topics/:id/delete',
    { config, schema: { params: idParamsSchema, body: contentDeleteSchema, response: ok } },
    async (request) => {
      await content.deleteTopic(actorOf(request), request.params.id, request.body.dropProgress);
      return deleted;
    },
  );
}

function textbookRoutes(app: StaffApp): void {
  const { content } = app.services;
  app.get(
    '/staffapi/content/textbooks',
    { config, schema: { querystring: contentScopeSchema, response: answers(textbooksAnswerSchema) } },
    async (request) => ({ success: true as const, data: await content.textbooks(request.query) }),
  );
  app.post(
    '/staffapi/content/textbooks',
    { config, schema: { body: textbookCreateSchema, response: created } },
    async (request) => ({ ...saved, _id: await content.createTextbook(actorOf(request), request.body) }),
  );
  app.post(
    '/staffapi/content/textbooks/reorder',
    { config, schema: { body: contentScopeSchema.extend(reorderSchema.shape), response: ok } },
    async (request) => {
      await content.reorderTextbooks(actorOf(request), request.body);
      return reordered;
    },
  );
  app.post(
    '/staffapi/content/textbooks/:id',
    { config, schema: { params: idParamsSchema, body: textbookEditSchema, response: ok } },
    async (request) => {
      await content.editTextbook(actorOf(request), request.params.id, request.body);
      return saved;
    },
  );
  app.post(
    '/staffapi/content/textbooks/:id/cover',
    {
      config,
      schema: {
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        multipartBody: z.object({
          file: z.file().describe(`JPEG or PNG, at most ${COVER_MAX_BYTES} bytes; re-encoded as JPEG`),
        }),
        response: answers(coverAnswerSchema),
      },
    },
    async (request) => {
      const { files } = await readMultipart(request, {
        files: ['file'],
        fields: [],
        maxFileBytes: COVER_MAX_BYTES,
        tooLarge: messages.coverTooLarge,
      });
      if (!files.file) throw badRequest(messages.coverNotImage);
      const cover = await content.uploadCover(actorOf(request), request.params.id, files.file);
      return { success: true as const, message: messages.coverSaved, cover };
    },
  );
  app.post(
    '/staffapi/content/textbooks/:id/delete',
    { config, schema: { params: idParamsSchema, response: ok } },
    async (request) => {
      await content.deleteTextbook(actorOf(request), request.params.id);
      return deleted;
    },
  );
}

function examKeyRoutes(app: StaffApp): void {
  const { content } = app.services;
  app.get(
    '/staffapi/content/exam-keys',
    { config, schema: { querystring: examKeyScopeSchema, response: answers(examKeysAnswerSchema) } },
    async (request) => ({ success: true as const, data: await content.examKeys(request.query) }),
  );
  app.post(
    '/staffapi/content/exam-keys',
    { config, schema: { body: examKeySetSchema, response: ok } },
    async (request) => {
      await content.setExamKey(actorOf(request), request.body);
      return saved;
    },
  );
  app.post(
    '/staffapi/content/exam-keys/delete',
    { config, schema: { body: examKeyDeleteSchema, response: ok } },
    async (request) => {
      await content.deleteExamKey(actorOf(request), request.body);
      return deleted;
    },
  );
  app.post(
    '/staffapi/content/exam-keys/import',
    {
      config,
      schema: {
        consumes: ['multipart/form-data'],
        querystring: examKeyScopeSchema,
        multipartBody: importForm('quiz_name, exam_key'),
        response: answers(importAnswerSchema),
      },
    },
    async (request) => {
      const { records, fields } = await readCsvUpload(request, {
        columns: examKeyColumns,
        fields: ['mode'],
        maxBytes: STAFF_CSV_MAX_BYTES,
      });
      const mode = importModeOf(fields.mode);
      const outcomes = await content.importExamKeys(actorOf(request), request.query, records, mode);
      return importAnswer(mode, records, outcomes);
    },
  );
}
