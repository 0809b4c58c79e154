import { messages } from '@portal/shared/messages';
import { changePasswordRequestSchema } from '@portal/shared/schemas/auth';
import { messageAnswerSchema, sessionOnlyRequestSchema } from '@portal/shared/schemas/envelope';
import { getInfoAnswerSchema, languageRequestSchema } from '@portal/shared/schemas/student';
import type { SessionRoutesPlugin } from '../../plugins/session-guard';
import { answers } from '../answers';
import { tagRoutes } from '../../plugins/openapi';

/** `/studentapi/getinfo`, `/studentapi/changepassword` and `/studentapi/language`; services/student-view.ts and services/auth.ts. */
export const accountRoutes: SessionRoutesPlugin = async (app) => {
  tagRoutes(app, 'Account');
  const { auth, presenter } = app.services;

  app.post(
    '/studentapi/getinfo',
    { schema: { body: sessionOnlyRequestSchema, response: answers(getInfoAnswerSchema) } },
    async (request) => {
      return { success: true, studentData: presenter.present(request.session.student) };
    },
  );

  app.post(
    '/studentapi/changepassword',
    { schema: { body: changePasswordRequestSchema, response: answers(messageAnswerSchema) } },
    async (request) => {
      const { oldPassword, newPassword } = request.body.data;
      await auth.changePassword(request.session, oldPassword, newPassword, request.ip);
      return { success: true, message: messages.changeSuccess };
    },
  );

  app.put(
    '/studentapi/language',
    {
      schema: { body: languageRequestSchema, response: answers(messageAnswerSchema) },
      config: { validationMessage: messages.invalidInput },
    },
    async (request) => {
      await auth.setLanguage(request.session, request.body.language);
      return { success: true, message: messages.languageSaved };
    },
  );
};
