import { formatMessage, messages } from '@portal/shared/messages';
import * as calls from '@portal/shared/calls/content-desk';
import { tagRoutes } from '../../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { routeOf } from '../../../routes/call-route';

/** `/staffapi/content/announcements*` (docs/api.md); modules/learning/announcements.ts. */
export const announcementRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Content');
  const { announcements } = app.services;

  app.route({
    ...routeOf(calls.staffAnnouncements),
    handler: async (request) => ({
      success: true as const,
      ...(await announcements.listAnnouncements(request.query)),
    }),
  });
  app.route({
    ...routeOf(calls.createAnnouncement),
    handler: async (request) => {
      const nudge = () => app.services.mailSender?.nudge();
      const data = await announcements.createAnnouncement(actorOf(request), request.body, nudge);
      const message =
        data.emailedTo !== null
          ? formatMessage(messages.announcementEmailed, { count: data.emailedTo })
          : data.scheduled
            ? messages.announcementScheduled
            : messages.announcementPublished;
      return { success: true as const, message, data };
    },
  });
  app.route({
    ...routeOf(calls.editAnnouncement),
    handler: async (request) => ({
      success: true as const,
      message: messages.announcementSaved,
      data: await announcements.editAnnouncement(actorOf(request), request.params.id, request.body),
    }),
  });
  app.route({
    ...routeOf(calls.deleteAnnouncement),
    handler: async (request) => {
      await announcements.removeAnnouncement(actorOf(request), request.params.id);
      return { success: true as const, message: messages.announcementDeleted };
    },
  });
};
