import { STAFF_BULK_BODY_MAX_BYTES } from '@portal/shared/constants/staff';
import { formatMessage, messages } from '@portal/shared/messages';
import { importResults, resultsGrid, saveResults } from '@portal/shared/calls/admissions';
import { quarterResult } from '@portal/shared/calls/learning';
import type { SessionRoutesPlugin } from '../../../plugins/session-guard';
import { tagRoutes } from '../../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { readResultRow, resultColumns, resultSettler, summarise } from '../changes';
import { routeOf } from '../../../routes/call-route';
import { importFile } from '../../../routes/csv-import';

/**
 * `/studentapi/getQuarterResult`: the student's own results, shown in the learning area (docs/api.md
 * "Student calls"); modules/enrolments/enrolments.ts.
 */
export const studentResultRoutes: SessionRoutesPlugin = async (app) => {
  tagRoutes(app, 'Learning');
  const { enrolments } = app.services;
  app.route({
    ...routeOf(quarterResult),
    handler: async (request) => ({
      success: true,
      message: messages.answered,
      result: await enrolments.quarterResults(request.session.student, request.body),
    }),
  });
};

/** `/staffapi/results*` (API.md "Admissions"); modules/enrolments/enrolments.ts and changes.ts. */
export const resultRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Admissions');
  const { enrolments, imports } = app.services;

  app.route({
    ...routeOf(saveResults),
    // 10,000 rows are more than the app's default body limit.
    bodyLimit: STAFF_BULK_BODY_MAX_BYTES,
    handler: async (request) => {
      const outcomes = await enrolments.saveQuarterResults(actorOf(request), request.body.rows, 'apply');
      const { changed, refused } = summarise(outcomes);
      return {
        success: true as const,
        message: formatMessage(messages.resultsSaved, { saved: changed, refused: refused.length }),
        saved: changed,
        refused,
      };
    },
  });

  app.route({
    ...routeOf(resultsGrid),
    handler: async (request) => ({
      success: true as const,
      ...(await enrolments.resultsGridForStaff(request.query)),
    }),
  });

  app.route({
    ...routeOf(importResults),
    handler: async (request) => {
      return importFile(
        imports,
        request,
        { kind: 'results', columns: resultColumns, read: readResultRow },
        (_fields, mode, actor) => async () => resultSettler(actor, mode),
      );
    },
  });
};
