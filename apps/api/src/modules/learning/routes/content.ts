import * as calls from '@portal/shared/calls/lectures';
import { TEXTBOOK_COVER_MAX_BYTES } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import { badRequest } from '../../../lib/http-error';
import { readMultipart } from '../../../lib/multipart';
import { tagRoutes } from '../../../plugins/openapi';
import { actorOf, type StaffApp, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { examKeyColumns, readExamKeyRow } from '../materials';
import { routeOf } from '../../../routes/call-route';
import { importFile } from '../../../routes/csv-import';
import { contentUploadRoutes } from './content-uploads';

const saved = { success: true as const, message: messages.contentSaved };
const deleted = { success: true as const, message: messages.contentDeleted };
const reordered = { success: true as const, message: messages.contentReordered };

/** `/staffapi/content/*` (docs/api.md, decision 0024): lecture content; rules in modules/learning/outline.ts and materials.ts. */
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
  const { materials } = app.services;
  app.route({
    ...routeOf(calls.courseLinks),
    handler: async (request) => ({ success: true as const, data: await materials.links(request.query) }),
  });
  app.route({
    ...routeOf(calls.setCourseLink),
    handler: async (request) => {
      await materials.setLink(actorOf(request), request.body);
      return saved;
    },
  });
  app.route({
    ...routeOf(calls.deleteCourseLink),
    handler: async (request) => {
      await materials.deleteLink(actorOf(request), request.body);
      return deleted;
    },
  });
}

/** The lesson tree (`GET /staffapi/content/lessons`) and its sections. */
function sectionRoutes(app: StaffApp): void {
  const { outline } = app.services;
  app.route({
    ...routeOf(calls.lessonTree),
    handler: async (request) => ({ success: true as const, data: await outline.tree(request.query) }),
  });
  app.route({
    ...routeOf(calls.createSection),
    handler: async (request) => ({
      ...saved,
      _id: await outline.createSection(actorOf(request), request.body),
    }),
  });
  app.route({
    ...routeOf(calls.reorderSections),
    handler: async (request) => {
      await outline.reorderSections(actorOf(request), request.body);
      return reordered;
    },
  });
  app.route({
    ...routeOf(calls.editSection),
    handler: async (request) => {
      await outline.editSection(actorOf(request), request.params.id, request.body);
      return saved;
    },
  });
  app.route({
    ...routeOf(calls.deleteSection),
    handler: async (request) => {
      await outline.deleteSection(actorOf(request), request.params.id, request.body.dropProgress);
      return deleted;
    },
  });
  app.route({
    ...routeOf(calls.reorderLessons),
    handler: async (request) => {
      await outline.reorderLessons(actorOf(request), request.params.id, request.body.ids);
      return reordered;
    },
  });
}

function lessonRoutes(app: StaffApp): void {
  const { outline } = app.services;
  app.route({
    ...routeOf(calls.createLesson),
    handler: async (request) => ({
      ...saved,
      _id: await outline.createLesson(actorOf(request), request.body),
    }),
  });
  app.route({
    ...routeOf(calls.editLesson),
    handler: async (request) => {
      await outline.editLesson(actorOf(request), request.params.id, request.body);
      return saved;
    },
  });
  app.route({
    ...routeOf(calls.deleteLesson),
    handler: async (request) => {
      await outline.deleteLesson(actorOf(request), request.params.id, request.body.dropProgress);
      return deleted;
    },
  });
  app.route({
    ...routeOf(calls.reorderTopics),
    handler: async (request) => {
      await outline.reorderTopics(actorOf(request), request.params.id, request.body.ids);
      return reordered;
    },
  });
}

function topicRoutes(app: StaffApp): void {
  const { outline } = app.services;
  app.route({
    ...routeOf(calls.createTopic),
    handler: async (request) => ({
      ...saved,
      _id: await outline.createTopic(actorOf(request), request.body),
    }),
  });
  app.route({
    ...routeOf(calls.editTopic),
    handler: async (request) => {
      await outline.editTopic(actorOf(request), request.params.id, request.body);
      return saved;
    },
  });
  app.route({
    ...routeOf(calls.deleteTopic),
    handler: async (request) => {
      await outline.deleteTopic(actorOf(request), request.params.id, request.body.dropProgress);
      return deleted;
    },
  });
}

function textbookRoutes(app: StaffApp): void {
  const { materials } = app.services;
  app.route({
    ...routeOf(calls.textbooks),
    handler: async (request) => ({ success: true as const, data: await materials.textbooks(request.query) }),
  });
  app.route({
    ...routeOf(calls.createTextbook),
    handler: async (request) => ({
      ...saved,
      _id: await materials.createTextbook(actorOf(request), request.body),
    }),
  });
  app.route({
    ...routeOf(calls.reorderTextbooks),
    handler: async (request) => {
      await materials.reorderTextbooks(actorOf(request), request.body);
      return reordered;
    },
  });
  app.route({
    ...routeOf(calls.editTextbook),
    handler: async (request) => {
      await materials.editTextbook(actorOf(request), request.params.id, request.body);
      return saved;
    },
  });
  app.route({
    ...routeOf(calls.uploadTextbookCover),
    handler: async (request) => {
      const { files } = await readMultipart(request, {
        files: ['file'],
        fields: [],
        maxFileBytes: TEXTBOOK_COVER_MAX_BYTES,
        tooLarge: messages.coverTooLarge,
      });
      if (!files.file) throw badRequest(messages.coverNotImage);
      const cover = await materials.uploadCover(actorOf(request), request.params.id, files.file);
      return { success: true as const, message: messages.coverSaved, cover };
    },
  });
  app.route({
    ...routeOf(calls.deleteTextbook),
    handler: async (request) => {
      await materials.deleteTextbook(actorOf(request), request.params.id);
      return deleted;
    },
  });
}

function examKeyRoutes(app: StaffApp): void {
  const { materials, imports } = app.services;
  app.route({
    ...routeOf(calls.examKeys),
    handler: async (request) => ({ success: true as const, data: await materials.examKeys(request.query) }),
  });
  app.route({
    ...routeOf(calls.setExamKey),
    handler: async (request) => {
      await materials.setExamKey(actorOf(request), request.body);
      return saved;
    },
  });
  app.route({
    ...routeOf(calls.deleteExamKey),
    handler: async (request) => {
      await materials.deleteExamKey(actorOf(request), request.body);
      return deleted;
    },
  });
  app.route({
    ...routeOf(calls.importExamKeys),
    handler: async (request) => {
      return importFile(
        imports,
        request,
        { kind: 'exam-keys', columns: examKeyColumns, read: readExamKeyRow },
        (_fields, mode, actor) => materials.examKeySettler(actor, request.query, mode),
      );
    },
  });
}
