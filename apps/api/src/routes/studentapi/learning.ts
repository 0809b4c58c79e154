import { messages } from '@portal/shared/messages';
import { messageAnswerSchema } from '@portal/shared/schemas/envelope';
import {
  announcementsAnswerSchema,
  announcementsRequestSchema,
  courseLinksAnswerSchema,
  courseLinksRequestSchema,
  examKeysAnswerSchema,
  examKeysRequestSchema,
  lessonTopicsAnswerSchema,
  lessonTopicsRequestSchema,
  quarterResultAnswerSchema,
  quarterResultRequestSchema,
  sectionListAnswerSchema,
  sectionListRequestSchema,
  videoProgressRequestSchema,
} from '@portal/shared/schemas/learning';
import type { SessionApp, SessionRoutesPlugin } from '../../plugins/session-guard';
import { answers } from '../answers';
import { tagRoutes } from '../../plugins/openapi';

/**
 * `/studentapi/courselinks`, `getQuarterResult`, `allowedcontent/*`, `examkeys`, `announcements`
 * (API.md "Student calls"); services/learning.ts.
 */
export const learningRoutes: SessionRoutesPlugin = async (app) => {
  tagRoutes(app, 'Learning');
  courseLinkRoutes(app);
  quarterResultRoutes(app);
  allowedContentRoutes(app);
  examKeyRoutes(app);
  announcementRoutes(app);
};

function courseLinkRoutes(app: SessionApp): void {
  const { learning } = app.services;
  app.post(
    '/studentapi/courselinks',
    { schema: { body: courseLinksRequestSchema, response: answers(courseLinksAnswerSchema) } },
    async (request) => {
      return {
        success: true,
        message: messages.answered,
        data: await learning.courseLinks(request.session.student),
      };
    },
  );
}

function quarterResultRoutes(app: SessionApp): void {
  const { learning } = app.services;
  app.post(
    '/studentapi/getQuarterResult',
    { schema: { body: quarterResultRequestSchema, response: answers(quarterResultAnswerSchema) } },
    async (request) => {
      return {
        success: true,
        message: messages.answered,
        result: await learning.quarterResults(request.session.student, request.body),
      };
    },
  );
}

/** `allowedcontent/*`: the sections and lesson topics the student may watch, and the videos' progress. */
function allowedContentRoutes(app: SessionApp): void {
  const { learning } = app.services;
  app.post(
    '/studentapi/allowedcontent/getsectionlist',
    { schema: { body: sectionListRequestSchema, response: answers(sectionListAnswerSchema) } },
    async (request) => {
      return {
        success: true,
        message: messages.answered,
        data: await learning.sections(request.session.student, request.body.data),
      };
    },
  );

  app.post(
    '/studentapi/allowedcontent/getlessontopics',
    { schema: { body: lessonTopicsRequestSchema, response: answers(lessonTopicsAnswerSchema) } },
    async (request) => {
      return {
        success: true,
        message: messages.answered,
        data: await learning.lessonTopics(request.session.student, request.body.lessonId),
      };
    },
  );

  app.post(
    '/studentapi/allowedcontent/videoprogress',
    { schema: { body: videoProgressRequestSchema, response: answers(messageAnswerSchema) } },
    async (request) => {
      await learning.saveProgress(request.session.student, request.body);
      return { success: true, message: messages.progressSaved };
    },
  );
}

function examKeyRoutes(app: SessionApp): void {
  const { learning } = app.services;
  app.post(
    '/studentapi/examkeys',
    { schema: { body: examKeysRequestSchema, response: answers(examKeysAnswerSchema) } },
    async (request) => {
      return {
        success: true,
        message: messages.answered,
        data: await learning.examKeys(request.session.student, request.body),
      };
    },
  );
}

function announcementRoutes(app: SessionApp): void {
  const { learning } = app.services;
  app.post(
    '/studentapi/announcements',
    { schema: { body: announcementsRequestSchema, response: answers(announcementsAnswerSchema) } },
    async (request) => {
      const page = await learning.announcements(request.body.pageNo);
      return { success: true, message: messages.answered, ...page };
    },
  );
}
