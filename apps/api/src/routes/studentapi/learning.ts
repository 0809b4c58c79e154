import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@portal/shared/messages';
import {
  announcementsRequestSchema,
  courseLinksRequestSchema,
  examKeysRequestSchema,
  lessonTopicsRequestSchema,
  quarterResultRequestSchema,
  sectionListRequestSchema,
  videoProgressRequestSchema,
} from '@portal/shared/schemas/learning';
import { requireSession } from '../../plugins/session-guard';

/** Dashboard links, results, lectures, exam keys and announcements of API.md (session required). */
export const learningRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  const { learning } = app.services;

  app.post('/studentapi/courselinks', { schema: { body: courseLinksRequestSchema } }, async (request) => {
    return { success: true, message: 'ok', data: await learning.courseLinks(request.session!.student) };
  });

  app.post(
    '/studentapi/getQuarterResult',
    { schema: { body: quarterResultRequestSchema } },
    async (request) => {
      return {
        success: true,
        message: 'ok',
        result: await learning.quarterResults(request.session!.student, request.body),
      };
    },
  );

  app.post(
    '/studentapi/allowedcontent/getsectionlist',
    { schema: { body: sectionListRequestSchema } },
    async (request) => {
      return {
        success: true,
        message: 'ok',
        data: await learning.sections(request.session!.student, request.body.data),
      };
    },
  );

  app.post(
    '/studentapi/allowedcontent/getlessontopics',
    { schema: { body: lessonTopicsRequestSchema } },
    async (request) => {
      return {
        success: true,
        message: 'ok',
        data: await learning.lessonTopics(request.session!.student, request.body.lessonId),
      };
    },
  );

  app.post(
    '/studentapi/allowedcontent/videoprogress',
    { schema: { body: videoProgressRequestSchema } },
    async (request) => {
      await learning.saveProgress(request.session!.student, request.body);
      return { success: true, message: messages.progressSaved };
    },
  );

  app.post('/studentapi/examkeys', { schema: { body: examKeysRequestSchema } }, async (request) => {
    return {
      success: true,
      message: 'ok',
      data: await learning.examKeys(request.session!.student, request.body),
    };
  });

  app.post('/studentapi/announcements', { schema: { body: announcementsRequestSchema } }, async (request) => {
    const page = await learning.announcements(request.body.pageNo);
    return { success: true, message: 'ok', ...page };
  });
};
