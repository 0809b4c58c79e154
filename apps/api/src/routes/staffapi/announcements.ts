import { messages } from '@portal/shared/messages';
import { idParamsSchema, staffOkAnswerSchema } from '@portal/shared/schemas/staff';
import {
  announcementRequestSchema,
  announcementsQuerySchema,
  staffAnnouncementAnswerSchema,
  staffAnnouncementsAnswerSchema,
} from '@portal/shared/schemas/staff-announcements';
import { tagRoutes } from '../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import {
  createAnnouncement,
  editAnnouncement,
  listAnnouncements,
  removeAnnouncement,
} from '../../services/announcements-admin';
import { answers } from '../answers';

const staffRoles = ['content'] as const;

/** `/staffapi/content/announcements*` (docs/api.md); services/announcements-admin.ts. */
export const announcementRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Content');
  const { db } = app.services.database;

  app.get(
    '/staffapi/content/announcements',
    {
      config: { staffRoles },
      schema: { querystring: announcementsQuerySchema, response: answers(staffAnnouncementsAnswerSchema) },
    },
    async (request) => ({ success: true as const, ...(await listAnnouncements(db, request.query)) }),
  );

  app.post(
    '/staffapi/content/announcements',
    {
      config: { staffRoles },
      schema: { body: announcementRequestSchema, response: answers(staffAnnouncementAnswerSchema) },
    },
    async (request) => {
      const data = await createAnnouncement(db, actorOf(request), request.body);
      const message = data.scheduled ? messages.announcementScheduled : messages.announcementPublished;
      return { success: true as const, message, data };
    },
  );

  app.post(
    '/staffapi/content/announcements/:id',
    {
      config: { staffRoles },
      schema: {
        params: idParamsSchema,
        body: announcementRequestSchema,
        response: answers(staffAnnouncementAnswerSchema),
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.announcementSaved,
      data: await editAnnouncement(db, actorOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/staffapi/content/announcements/:id/delete',
    {
      config: { staffRoles },
      schema: { params: idParamsSchema, response: answers(staffOkAnswerSchema) },
    },
    async (request) => {
      await removeAnnouncement(db, actorOf(request), request.params.id);
      return { success: true as const, message: messages.announcementDeleted };
    },
  );
};
