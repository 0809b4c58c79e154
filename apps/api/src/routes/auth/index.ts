import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@portal/shared/messages';
import {
  emailRequestSchema,
  loginRequestSchema,
  newPasswordRequestSchema,
  signupRequestSchema,
  SIGNUP_ERROR_CODES,
  verifyEmailRequestSchema,
} from '@portal/shared/schemas/auth';

/** The public account calls of API.md. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, config } = app.services;

  app.post(
    '/auth/signup',
    {
      schema: { body: signupRequestSchema },
      config: { validationExtra: { errorCode: SIGNUP_ERROR_CODES.invalidInput } },
    },
    async (request) => {
      await auth.signup(request.body, request.ip);
      return { success: true, message: messages.signupSuccess };
    },
  );

  app.post(
    '/auth/verifyemail',
    { schema: { body: verifyEmailRequestSchema }, config: { validationMessage: messages.verifyFailure } },
    async (request) => {
      await auth.verifyEmail(request.body.emailVerificationToken);
      return { success: true, message: messages.verifySuccess };
    },
  );

  app.post(
    '/auth/login',
    { schema: { body: loginRequestSchema }, config: { validationMessage: messages.loginInvalidInput } },
    async (request) => {
      const { studentData, routes } = await auth.login(request.body, request.ip);
      return { success: true, message: 'Login successful', studentData, routes };
    },
  );

  app.post('/public/resendVerificationEmail', { schema: { body: emailRequestSchema } }, async (request) => {
    await auth.resendVerification(request.body.email, request.ip);
    return { success: true, message: messages.resendSuccess };
  });

  app.post('/forgetpassword', { schema: { body: emailRequestSchema } }, async (request) => {
    await auth.forgotPassword(request.body.email, request.ip);
    return { success: true, message: messages.forgotSuccess };
  });

  app.post(
    '/forgetpassword/newpassword',
    { schema: { body: newPasswordRequestSchema }, config: { validationMessage: messages.resetInvalidLink } },
    async (request) => {
      await auth.resetPassword(request.body.token, request.body.password);
      return { success: true, message: messages.resetSuccess };
    },
  );

  app.get('/public/settings', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return config.public;
  });
};
