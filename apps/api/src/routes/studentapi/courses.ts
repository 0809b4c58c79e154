import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMessage, messages } from '@portal/shared/messages';
import {
  applyCourseRequestSchema,
  batchConfigRequestSchema,
  cancelCourseRequestSchema,
  courseByNameRequestSchema,
  studentIdRequestSchema,
} from '@portal/shared/schemas/courses';
import { requireSession } from '../../plugins/session-guard';

const sessionOnly = z.strictObject({ databaseToken: z.string().optional() }).optional();

/** The public batch config (the admit card reads it). */
export const coursesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { courses } = app.services;
  app.post('/public/batchconfig', { schema: { body: batchConfigRequestSchema } }, async (request) => {
    return { success: true, data: await courses.batchConfig(request.body.batchId) };
  });
};

/** Course calls of API.md (session required). */
export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSession(app);
  const { courses } = app.services;

  app.post('/studentapi/getcourse/availableCourses', { schema: { body: sessionOnly } }, async () => {
    return { success: true, data: await courses.availableCourses() };
  });

  app.post('/studentapi/restrictedbatches', { schema: { body: studentIdRequestSchema } }, async (request) => {
    const allowedBatches = await courses.restrictedBatches(request.session!.student, request.body.studentId);
    return { success: true, message: 'ok', allowedBatches };
  });

  app.post(
    '/studentapi/getcourse/myCourses',
    { schema: { body: studentIdRequestSchema } },
    async (request) => {
      return {
        success: true,
        data: await courses.myCourses(request.session!.student, request.body.studentId),
      };
    },
  );

  app.post('/studentapi/applyCourse', { schema: { body: applyCourseRequestSchema } }, async (request) => {
    const data = await courses.apply(request.session!.student, request.body);
    return {
      success: true,
      message: formatMessage(messages.appliedIn, { course: data.courseId.name }),
      data,
    };
  });

  app.post('/studentapi/cancelCourse', { schema: { body: cancelCourseRequestSchema } }, async (request) => {
    const updatedCourse = await courses.cancel(request.session!.student, request.body);
    return { success: true, message: messages.registrationCancelled, updatedCourse };
  });

  app.post('/studentapi/batchconfigs', { schema: { body: sessionOnly } }, async () => {
    return { success: true, message: 'ok', data: await courses.batchConfigs() };
  });

  app.post(
    '/studentapi/getcourse/byname',
    { schema: { body: courseByNameRequestSchema } },
    async (request) => {
      return { success: true, data: await courses.courseByName(request.body.data.courseName) };
    },
  );
};
