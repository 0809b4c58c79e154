import * as calls from '@portal/shared/calls/accounts';
import { messages } from '@portal/shared/messages';
import type { SessionRoutesPlugin } from '../../../plugins/session-guard';
import { routeOf } from '../../../routes/call-route';
import { tagRoutes } from '../../../plugins/openapi';

/** `/studentapi/getinfo`, `/studentapi/changepassword` and `/studentapi/language`; modules/students/student-view.ts and modules/accounts/auth.ts. */
export const accountRoutes: SessionRoutesPlugin = async (app) => {
  tagRoutes(app, 'Account');
  const { auth, presenter } = app.services;

  app.route({
    ...routeOf(calls.studentInfo),
    handler: async (request) => ({
      success: true as const,
      studentData: presenter.present(request.session.student),
    }),
  });
  app.route({
    ...routeOf(calls.changePassword),
    handler: async (request) => {
      const { oldPassword, newPassword } = request.body.data;
      await auth.changePassword(request.session, oldPassword, newPassword, request.ip);
      return { success: true as const, message: messages.changeSuccess };
    },
  });
  app.route({
    ...routeOf(calls.setLanguage, { validationMessage: messages.invalidInput }),
    handler: async (request) => {
      await auth.setLanguage(request.session, request.body.language);
      return { success: true as const, message: messages.languageSaved };
    },
  });
};
