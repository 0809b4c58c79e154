import { STAFF_BULK_BODY_MAX_BYTES, STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { formatMessage, messages } from '@portal/shared/messages';
import {
  enrolmentStatusAnswerSchema,
  enrolmentStatusRequestSchema,
  enrolmentsAnswerSchema,
  enrolmentsQuerySchema,
  importAnswerSchema,
} from '@portal/shared/schemas/staff';
import { readCsvUpload } from '../../lib/csv';
import { tagRoutes } from '../../plugins/openapi';
import { actorOf, type StaffApp, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import {
  exportEnrolmentsCsv,
  importAnswer,
  listEnrolmentsForStaff,
  setEnrolmentStatuses,
  statusColumns,
  statusItemsOf,
  summarise,
} from '../../services/enrolments-admin';
import { answers } from '../answers';
import { importForm, importModeOf } from './csv-import';

const staffRoles = ['admissions'] as const;

/** `/staffapi/enrolments*` (API.md "Admissions"); services/enrolments-admin.ts. */
export const enrolmentRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Admissions');
  enrolmentListRoutes(app);
  enrolmentStatusRoutes(app);
};

/** The enrolments, a page of them or all as a CSV file. */
function enrolmentListRoutes(app: StaffApp): void {
  const { db } = app.services.database;
  app.get(
    '/staffapi/enrolments',
    {
      config: { staffRoles },
      schema: { querystring: enrolmentsQuerySchema, response: answers(enrolmentsAnswerSchema) },
    },
    async (request, reply) => {
      const { query } = request;
      if (query.format === 'csv') {
        const day = new Date().toISOString().slice(0, 10);
        const csv = exportEnrolmentsCsv(db, query, (error) =>
          request.log.error({ err: error }, 'enrolment export cut short'),
        );
        return (
          reply
            .type('text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="enrolments-${day}.csv"`)
            .header('cache-control', 'no-store')
            // A stream is sent as it is: the JSON answer schema serialises only the paged answer.
            .send(csv as never)
        );
      }
      const { data, total } = await listEnrolmentsForStaff(db, query);
      return { success: true as const, data, total };
    },
  );
}

/** Enrolment statuses set for a list of roll numbers, or from a CSV file. */
function enrolmentStatusRoutes(app: StaffApp): void {
  const { db } = app.services.database;
  app.post(
    '/staffapi/enrolments/status',
    {
      // 10,000 rows are more than the app's default body limit.
      bodyLimit: STAFF_BULK_BODY_MAX_BYTES,
      config: { staffRoles },
      schema: { body: enrolmentStatusRequestSchema, response: answers(enrolmentStatusAnswerSchema) },
    },
    async (request) => {
      const { rollNos, status, course } = request.body;
      const outcomes = await setEnrolmentStatuses(
        db,
        actorOf(request),
        // The same roll number twice is one request for it.
        [...new Set(rollNos)].map((rollNo) => ({ rollNo, course, status })),
        'apply',
      );
      const { changed, refused } = summarise(outcomes);
      return {
        success: true as const,
        message: formatMessage(messages.enrolmentStatusesSaved, {
          updated: changed,
          refused: refused.length,
        }),
        updated: changed,
        refused,
      };
    },
  );

  app.post(
    '/staffapi/enrolments/import',
    {
      config: { staffRoles },
      schema: {
        consumes: ['multipart/form-data'],
        multipartBody: importForm('rollNo, course, status'),
        response: answers(importAnswerSchema),
      },
    },
    async (request) => {
      const { records, fields } = await readCsvUpload(request, {
        columns: statusColumns,
        fields: ['mode'],
        maxBytes: STAFF_CSV_MAX_BYTES,
      });
      const mode = importModeOf(fields.mode);
      const items = statusItemsOf(records);
      const outcomes = await setEnrolmentStatuses(db, actorOf(request), items, mode);
      return importAnswer(mode, records, outcomes);
    },
  );
}
