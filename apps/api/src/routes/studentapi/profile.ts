import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DOCUMENT_MAX_BYTES, PROFILE_IMAGE_MAX_BYTES } from '@portal/shared/constants/profile';
import { DOCUMENT_TYPES } from '@portal/shared/constants/student';
import { messages } from '@portal/shared/messages';
import { studentAnswerSchema } from '@portal/shared/schemas/student';
import { readMultipart } from '../../lib/multipart';
import { multipartSession } from '../../plugins/session-guard';
import { answers } from '../answers';
import { tagRoutes } from '../../plugins/openapi';

const image = (what: string) => z.file().describe(what);
const databaseToken = z
  .string()
  .optional()
  .describe('The session token, when it is not sent as `Authorization: Bearer`');

/** What the form of POST /studentapi/updateprofile carries; the service checks each part (services/onboarding.ts). */
const updateProfileForm = z.object({
  image: image(
    `The photo, JPEG or PNG, at most ${PROFILE_IMAGE_MAX_BYTES} bytes; optional when editing`,
  ).optional(),
  studentId: z.string().describe("The student's _id"),
  data: z
    .string()
    .describe(
      'JSON: dob, fatherName, fullName, phoneNumber, gender, homeAddress, lastQualification, city, province, haveLaptop, isEditing',
    ),
  captcha: z.string().describe('The solved captcha, verified first at POST /captcha/verify'),
  databaseToken,
});

/** What the form of POST /studentapi/uploaddocuments carries. */
const uploadDocumentsForm = z.object({
  ...Object.fromEntries(
    DOCUMENT_TYPES.map((type) => [
      type,
      image(`JPEG or PNG, at most ${DOCUMENT_MAX_BYTES} bytes`).optional(),
    ]),
  ),
  studentId: z.string().describe("The student's _id"),
  isEditing: z.enum(['true', 'false']).optional(),
  databaseToken,
});

/**
 * `/studentapi/updateprofile` and `/studentapi/uploaddocuments`, multipart; services/onboarding.ts. They sit
 * under the session guard, but their token may be a form field, which is only read here: so their requests
 * keep `session` optional and each handler asks multipartSession for it.
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Profile and documents');
  const { onboarding } = app.services;

  app.post(
    '/studentapi/updateprofile',
    {
      schema: {
        consumes: ['multipart/form-data'],
        multipartBody: updateProfileForm,
        response: answers(studentAnswerSchema),
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    '/studentapi/uploaddocuments',
    {
      schema: {
        consumes: ['multipart/form-data'],
        multipartBody: uploadDocumentsForm,
        response: answers(studentAnswerSchema),
      },
    },
    async (request) => {
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
    },
  );
};
