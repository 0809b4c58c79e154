import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateProfile, uploadDocuments } from '@portal/shared/calls/profile';
import { DOCUMENT_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from '@portal/shared/constants/profile';
import { DOCUMENT_TYPES } from '@portal/shared/constants/student';
import { messages } from '@portal/shared/messages';
import { readMultipart } from '../../../lib/multipart';
import { multipartSession } from '../../../plugins/session-guard';
import { routeOf } from '../../../routes/call-route';
import { tagRoutes } from '../../../plugins/openapi';

/**
 * `/studentapi/updateprofile` and `/studentapi/uploaddocuments`, multipart; modules/students/onboarding.ts. They sit
 * under the session guard, but their token may be a form field, which is only read here: so their requests
 * keep `session` optional and each handler asks multipartSession for it.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Profile and documents');
  const { onboarding } = app.services;

  app.route({
    ...routeOf(updateProfile),
    handler: async (request) => {
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
      return { success: true as const, message: messages.profileUpdated, data };
    },
  });

  app.route({
    ...routeOf(uploadDocuments),
    handler: async (request) => {
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
      return { success: true as const, message: messages.documentsUploaded, data };
    },
  });
};
