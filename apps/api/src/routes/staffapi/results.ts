import { STAFF_BULK_BODY_MAX_BYTES, STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { formatMessage, messages } from '@portal/shared/messages';
import { importAnswerSchema, resultsAnswerSchema, resultsRequestSchema } from '@portal/shared/schemas/staff';
import { readCsvUpload } from '../../lib/csv';
import { tagRoutes } from '../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import {
  importAnswer,
  resultColumns,
  resultItemsOf,
  saveQuarterResults,
  summarise,
} from '../../services/enrolments-admin';
import { answers } from '../answers';
import { importForm, importModeOf } from './csv-import';

const staffRoles = ['admissions'] as const;

/** `/staffapi/results*` (API.md "Admissions"); services/enrolments-admin.ts. */
export const resultRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Admissions');
  const { db } = app.services.database;

  app.post(
    '/staffapi/results',
    {
      // 10,000 rows are more than the app's default body limit.
      bodyLimit: STAFF_BULK_BODY_MAX_BYTES,
      config: { staffRoles },
      schema: { body: resultsRequestSchema, response: answers(resultsAnswerSchema) },
    },
    async (request) => {
      const outcomes = await saveQuarterResults(db, actorOf(request), request.body.rows, 'apply');
      const { changed, refused } = summarise(outcomes);
      return {
        success: true as const,
        message: formatMessage(messages.resultsSaved, { saved: changed, refused: refused.length }),
        saved: changed,
        refused,
      };
    },
  );

  app.post(
    '/staffapi/results/import',
    {
      config: { staffRoles },
      schema: {
        consumes: ['multipart/form-data'],
        multipartBody: importForm('rollNo, course, quarter, grade, percentile, passed'),
        response: answers(importAnswerSchema),
      },
    },
    async (request) => {
      const { records, fields } = await readCsvUpload(request, {
        columns: resultColumns,
        fields: ['mode'],
        maxBytes: STAFF_CSV_MAX_BYTES,
      });
      const mode = importModeOf(fields.mode);
      const outcomes = await saveQuarterResults(db, actorOf(request), resultItemsOf(records), mode);
      return importAnswer(mode, records, outcomes);
    },
  );
};
