import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from '@portal/shared/constants/profile';
import { DOCUMENT_TYPES } from '@portal/shared/constants/student';
import { messages } from '@portal/shared/messages';
import { captchaVerifySchema } from '@portal/shared/schemas/profile';
import { readMultipart } from '../../lib/multipart';
import { multipartSession, requireSession } from '../../plugins/session-guard';

/** Public parts of onboarding: the reference lists and the captcha. */
export const onboardingPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { onboarding, captcha } = app.services;

  app.get('/public/reference-lists', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return onboarding.referenceLists();
  });

  app.get('/captcha/challenge', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.challenge();
  });

  app.post('/captcha/verify', { schema: { body: captchaVerifySchema } }, async (request) => {
    await captcha.verify(request.body.recaptchaToken);
    return { success: true };
  });
};

/** The profile update and the document upload (multipart, session required). */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  const { onboarding } = app.services;

  app.post('/studentapi/updateprofile', async (request) => {
    const body = await readMultipart(request, {
      files: ['image'],
      fields: ['studentId', 'data', 'captcha'],
      // One byte over the spec's 1 MB is enough to know it is too large.
      maxFileBytes: PROFILE_IMAGE_MAX_BYTES,
      tooLarge: messages.imageTooLarge,
    });
    const session = await multipartSession(app, request, body.fields.databaseToken);
    const data = await onboarding.updateProfile(session.student, {
      studentId: body.fields.studentId,
      data: body.fields.data,
      captcha: body.fields.captcha,
      image: body.files.image,
    });
    return { success: true, message: messages.profileUpdated, data };
  });

  app.post('/studentapi/uploaddocuments', async (request) => {
    const body = await readMultipart(request, {
      files: DOCUMENT_TYPES,
      fields: ['studentId', 'isEditing'],
      maxFileBytes: DOCUMENT_MAX_BYTES,
      tooLarge: messages.documentTooLarge,
    });
    const session = await multipartSession(app, request, body.fields.databaseToken);
    const data = await onboarding.uploadDocuments(session.student, {
      studentId: body.fields.studentId,
      isEditing: body.fields.isEditing === 'true',
      files: body.files,
    });
    return { success: true, message: messages.documentsUploaded, data };
  });
};
