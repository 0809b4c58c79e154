import { STAFF_BULK_BODY_MAX_BYTES } from '@portal/shared/constants/staff';
import { formatMessage, messages } from '@portal/shared/messages';
import * as calls from '@portal/shared/calls/admissions';
import { tagRoutes } from '../../../plugins/openapi';
import { actorOf, type StaffApp, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { readStatusRow, statusColumns, statusSettler, summarise } from '../changes';
import { routeOf } from '../../../routes/call-route';
import { sendCsvFile } from '../../../routes/csv-file';
import { importFile } from '../../../routes/csv-import';

/** `/staffapi/enrolments*` (API.md "Admissions"); modules/enrolments/enrolments.ts and changes.ts. */
export const enrolmentRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Admissions');
  enrolmentListRoutes(app);
  enrolmentStatusRoutes(app);
};

/** The enrolments, a page of them or all as a CSV file. */
function enrolmentListRoutes(app: StaffApp): void {
  const { enrolments } = app.services;
  app.route({
    ...routeOf(calls.staffEnrolments),
    handler: async (request, reply) => {
      const { query } = request;
      if (query.format === 'csv') {
        const csv = enrolments.exportEnrolmentsCsv(query, (error) =>
          request.log.error({ err: error }, 'enrolment export cut short'),
        );
        return sendCsvFile(reply, 'enrolments', csv);
      }
      const { data, total } = await enrolments.listEnrolmentsForStaff(query);
      return { success: true as const, data, total };
    },
  });
}

/** Enrolment statuses set for a list of roll numbers, or from a CSV file. */
function enrolmentStatusRoutes(app: StaffApp): void {
  const { enrolments, imports } = app.services;
  app.route({
    ...routeOf(calls.setEnrolmentStatus),
    // 10,000 rows are more than the app's default body limit.
    bodyLimit: STAFF_BULK_BODY_MAX_BYTES,
    handler: async (request) => {
      const { rollNos, status, course } = request.body;
      const outcomes = await enrolments.setEnrolmentStatuses(
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
        changed: outcomes.flatMap(({ rollNo, from }) => (from ? [{ rollNo, from }] : [])),
      };
    },
  });

  app.route({
    ...routeOf(calls.importEnrolmentStatuses),
    handler: async (request) => {
      return importFile(
        imports,
        request,
        { kind: 'enrolments', columns: statusColumns, read: readStatusRow },
        (_fields, mode, actor) => async () => statusSettler(actor, mode),
      );
    },
  });

  app.route({
    ...routeOf(calls.importRows),
    handler: async (request) => {
      const { id, outcome } = request.params;
      const { data, total } = await imports.importRowsPageOf(
        request.staff.staff.id,
        id,
        outcome,
        request.query,
      );
      return { success: true as const, data, total };
    },
  });
}
