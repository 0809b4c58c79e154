import { messages } from '@portal/shared/messages';
import * as calls from '@portal/shared/calls/admissions';
import { tagRoutes } from '../../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { routeOf } from '../../../routes/call-route';
import { fileKey, fileParams, fileQuery, fileResponse, sendImage } from '../../../routes/stored-image';

/** Students: the search, the student page, decisions on them, and the images the page shows. */
export const studentRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Admissions');
  const { admissions, signer, storage } = app.services;

  app.route({
    ...routeOf(calls.staffStudents),
    handler: async (request) => ({ success: true as const, ...(await admissions.students(request.query)) }),
  });
  app.route({
    ...routeOf(calls.staffStudent),
    handler: async (request) => ({
      success: true as const,
      data: await admissions.student(request.params.id, request.staff.sessionId),
    }),
  });
  app.route({
    ...routeOf(calls.reviewStudent),
    handler: async (request) => {
      const data = await admissions.review(actorOf(request), request.params.id, request.body);
      const message = request.body.decision === 'approve' ? messages.reviewApproved : messages.reviewRejected;
      return { success: true as const, message, data };
    },
  });
  app.route({
    ...routeOf(calls.setStudentOnsite),
    handler: async (request) => {
      await admissions.onsite(actorOf(request), request.params.id, request.body.allowed);
      return { success: true as const, message: messages.onsiteSaved };
    },
  });
  app.route({
    ...routeOf(calls.grantStudentBatch),
    handler: async (request) => {
      await admissions.grant(actorOf(request), request.params.id, request.body);
      return { success: true as const, message: messages.grantSaved };
    },
  });

  // The student page's images: under the staff cookie's path, and signed for the session that asked.
  app.get(
    '/staffapi/files/:folder/:name',
    {
      config: { staffRoles: ['admissions', 'accounts'] },
      schema: { params: fileParams, querystring: fileQuery, response: fileResponse },
      logLevel: 'warn',
    },
    async (request, reply) => {
      const key = fileKey(request.params);
      const { e, s } = request.query;
      return sendImage(reply, storage, key, signer.checkStaff(key, request.staff.sessionId, e, s));
    },
  );
};
