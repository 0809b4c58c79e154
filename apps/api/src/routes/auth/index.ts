import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@portal/shared/messages';
import {
  loginRequestSchema,
  signupRequestSchema,
  SIGNUP_ERROR_CODES,
  verifyEmailRequestSchema,
} from '@portal/shared/schemas/auth';
import { messageAnswerSchema } from '@portal/shared/schemas/envelope';
import { loginAnswerSchema } from '@portal/shared/schemas/student';
import { answers } from '../answers';
import { tagRoutes } from '../../plugins/openapi';

/** `/auth/*`: sign-up, e-mail verification and sign-in (API.md "Public calls"); the rules are services/auth.ts. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Account');
  const { auth } = app.services;

  app.post(
    '/auth/signup',
    {
      schema: { body: signupRequestSchema, response: answers(messageAnswerSchema) },
      config: { validationExtra: { errorCode: SIGNUP_ERROR_CODES.invalidInput } },
    },
    async (request) => {
      await auth.signup(request.body, request.ip);
      return { success: true, message: messages.signupSuccess };
    },
  );

  app.post(
    '/auth/verifyemail',
    {
      schema: { body: verifyEmailRequestSchema, response: answers(messageAnswerSchema) },
      config: { validationMessage: messages.verifyFailure },
    },
    async (request) => {
      await auth.verifyEmail(request.body.emailVerificationToken);
      return { success: true, message: messages.verifySuccess };
    },
  );

  app.post(
    '/auth/login',
    {
      schema: { body: loginRequestSchema, response: answers(loginAnswerSchema) },
      config: { validationMessage: messages.loginInvalidInput },
    },
    async (request) => {
      const { studentData, routes } = await auth.login(request.body, request.ip);
      return { success: true, message: messages.loginSuccess, studentData, routes };
    },
  );
};
