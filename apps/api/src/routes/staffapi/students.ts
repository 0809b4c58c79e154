import { messages } from '@portal/shared/messages';
import {
  grantRequestSchema,
  idParamsSchema,
  onsiteRequestSchema,
  reviewAnswerSchema,
  reviewRequestSchema,
  staffOkAnswerSchema,
  studentDetailAnswerSchema,
  studentsAnswerSchema,
  studentsQuerySchema,
} from '@portal/shared/schemas/staff';
import { tagRoutes } from '../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import { answers } from '../answers';
import { fileKey, fileParams, fileQuery, fileResponse, sendImage } from '../files';

/** Students: the search, the student page, decisions on them, and the images the page shows. */
export const studentRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Admissions');
  const { admissions, signer, storage } = app.services;

  app.get(
    '/staffapi/students',
    {
      config: { staffRoles: ['admissions', 'accounts'] },
      schema: { querystring: studentsQuerySchema, response: answers(studentsAnswerSchema) },
    },
    async (request) => ({ success: true as const, ...(await admissions.students(request.query)) }),
  );

  app.get(
    '/staffapi/students/:id',
    {
      config: { staffRoles: ['admissions', 'accounts'] },
      schema: { params: idParamsSchema, response: answers(studentDetailAnswerSchema) },
    },
    async (request) => ({
      success: true as const,
      data: await admissions.student(request.params.id, request.staff.sessionId),
    }),
  );

  app.post(
    '/staffapi/students/:id/review',
    {
      config: { staffRoles: ['admissions'] },
      schema: { params: idParamsSchema, body: reviewRequestSchema, response: answers(reviewAnswerSchema) },
    },
    async (request) => {
      const data = await admissions.review(actorOf(request), request.params.id, request.body);
      const message = request.body.decision === 'approve' ? messages.reviewApproved : messages.reviewRejected;
      return { success: true as const, message, data };
    },
  );

  app.post(
    '/staffapi/students/:id/onsite',
    {
      config: { staffRoles: ['admissions'] },
      schema: { params: idParamsSchema, body: onsiteRequestSchema, response: answers(staffOkAnswerSchema) },
    },
    async (request) => {
      await admissions.onsite(actorOf(request), request.params.id, request.body.allowed);
      return { success: true as const, message: messages.onsiteSaved };
    },
  );

  app.post(
    '/staffapi/students/:id/grants',
    {
      config: { staffRoles: ['admissions'] },
      schema: { params: idParamsSchema, body: grantRequestSchema, response: answers(staffOkAnswerSchema) },
    },
    async (request) => {
      await admissions.grant(actorOf(request), request.params.id, request.body);
      return { success: true as const, message: messages.grantSaved };
    },
  );

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
