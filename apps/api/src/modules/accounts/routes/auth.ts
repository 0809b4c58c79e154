import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as calls from '@portal/shared/calls/accounts';
import { messages } from '@portal/shared/messages';
import { SIGNUP_ERROR_CODES } from '@portal/shared/schemas/auth';
import { routeOf } from '../../../routes/call-route';
import { tagRoutes } from '../../../plugins/openapi';

/** `/auth/*`: sign-up, e-mail verification and sign-in (API.md "Public calls"); the rules are modules/accounts/auth.ts. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Account');
  const { auth } = app.services;

  app.route({
    ...routeOf(calls.signup, { validationExtra: { errorCode: SIGNUP_ERROR_CODES.invalidInput } }),
    handler: async (request) => {
      await auth.signup(request.body, request.ip);
      return { success: true as const, message: messages.signupSuccess };
    },
  });
  app.route({
    ...routeOf(calls.verifyEmail, { validationMessage: messages.verifyFailure }),
    handler: async (request) => {
      await auth.verifyEmail(request.body.emailVerificationToken);
      return { success: true as const, message: messages.verifySuccess };
    },
  });
  app.route({
    ...routeOf(calls.login, { validationMessage: messages.loginInvalidInput }),
    handler: async (request) => {
      const { studentData, routes } = await auth.login(request.body, request.ip);
      return { success: true as const, message: messages.loginSuccess, studentData, routes };
    },
  });
};
