import { messages } from '@portal/shared/messages';
import * as calls from '@portal/shared/calls/learning';
import type { SessionApp, SessionRoutesPlugin } from '../../../plugins/session-guard';
import { tagRoutes } from '../../../plugins/openapi';
import { routeOf } from '../../../routes/call-route';

/**
 * `/studentapi/courselinks`, `allowedcontent/*`, `examkeys`, `announcements`
 * (docs/api.md "Student calls"; the calls in packages/shared/src/calls/learning.ts);
 * rules in modules/learning/materials.ts, outline.ts and announcements.ts.
 */
export const learningRoutes: SessionRoutesPlugin = async (app) => {
  tagRoutes(app, 'Learning');
  courseLinkRoutes(app);
  allowedContentRoutes(app);
  examKeyRoutes(app);
  announcementRoutes(app);
};

function courseLinkRoutes(app: SessionApp): void {
  const { materials } = app.services;
  app.route({
    ...routeOf(calls.courseLinks),
    handler: async (request) => {
      return {
        success: true,
        message: messages.answered,
        data: await materials.courseLinks(request.session.student),
      };
    },
  });
}

/** `allowedcontent/*`: the sections and lesson topics the student may watch, and the videos' progress. */
function allowedContentRoutes(app: SessionApp): void {
  const { outline } = app.services;
  app.route({
    ...routeOf(calls.sectionList),
    handler: async (request) => {
      return {
        success: true,
        message: messages.answered,
        data: await outline.sections(request.session.student, request.body.data),
      };
    },
  });

  app.route({
    ...routeOf(calls.lessonTopics),
    handler: async (request) => {
      return {
        success: true,
        message: messages.answered,
        data: await outline.lessonTopics(request.session.student, request.body.lessonId),
      };
    },
  });

  app.route({
    ...routeOf(calls.saveVideoProgress),
    handler: async (request) => {
      await outline.saveProgress(request.session.student, request.body);
      return { success: true, message: messages.progressSaved };
    },
  });
}

function examKeyRoutes(app: SessionApp): void {
  const { materials } = app.services;
  app.route({
    ...routeOf(calls.examKeys),
    handler: async (request) => {
      return {
        success: true,
        message: messages.answered,
        data: await materials.examKeysFor(request.session.student, request.body),
      };
    },
  });
}

function announcementRoutes(app: SessionApp): void {
  const { announcements } = app.services;
  app.route({
    ...routeOf(calls.announcements),
    handler: async (request) => {
      const page = await announcements.announcements(request.session.student, request.body.pageNo);
      return { success: true, message: messages.answered, ...page };
    },
  });
}
