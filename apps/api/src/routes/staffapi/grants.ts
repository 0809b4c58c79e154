import { STAFF_CSV_MAX_BYTES } from '@portal/shared/constants/staff';
import { formatMessage, messages } from '@portal/shared/messages';
import { staffOkAnswerSchema } from '@portal/shared/schemas/staff';
import {
  addGrantRequestSchema,
  grantImportAnswerSchema,
  grantImportFieldsSchema,
  grantsAnswerSchema,
  grantsQuerySchema,
  removeGrantRequestSchema,
} from '@portal/shared/schemas/staff-config';
import { z } from 'zod';
import { readCsvUpload } from '../../lib/csv';
import { badRequest } from '../../lib/http-error';
import { tagRoutes } from '../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import {
  addGrant,
  grantColumns,
  grantItemsOf,
  importGrants,
  listGrants,
  removeGrant,
} from '../../services/grants';
import { answers } from '../answers';
import { importForm, importModeOf } from './csv-import';

const staffRoles = ['content'] as const;

/** `/staffapi/catalogue/grants*` (docs/api.md): restricted-batch grants; services/grants.ts. */
export const grantRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Catalogue');
  const { db } = app.services.database;

  app.get(
    '/staffapi/catalogue/grants',
    {
      config: { staffRoles },
      schema: { querystring: grantsQuerySchema, response: answers(grantsAnswerSchema) },
    },
    async (request) => ({ success: true as const, ...(await listGrants(db, request.query)) }),
  );

  app.post(
    '/staffapi/catalogue/grants',
    {
      config: { staffRoles },
      schema: { body: addGrantRequestSchema, response: answers(staffOkAnswerSchema) },
    },
    async (request) => {
      const student = await addGrant(db, actorOf(request), request.body);
      return {
        success: true as const,
        message: formatMessage(messages.grantSavedFor, { student: student.fullName ?? student.email }),
      };
    },
  );

  app.post(
    '/staffapi/catalogue/grants/delete',
    {
      config: { staffRoles },
      schema: { body: removeGrantRequestSchema, response: answers(staffOkAnswerSchema) },
    },
    async (request) => {
      await removeGrant(db, actorOf(request), request.body);
      return { success: true as const, message: messages.grantRemoved };
    },
  );

  app.post(
    '/staffapi/catalogue/grants/import',
    {
      config: { staffRoles },
      schema: {
        consumes: ['multipart/form-data'],
        multipartBody: importForm('identifier (an e-mail or a CNIC; the header row may be left out)').extend({
          batchId: z.uuid().describe('the restricted batch'),
          course: z.string().describe('a course code of the batch'),
          onSiteAllowed: z.enum(['true', 'false']).optional().describe('the grants allow onsite classes'),
        }),
        response: answers(grantImportAnswerSchema),
      },
    },
    async (request) => {
      const { records, fields } = await readCsvUpload(request, {
        columns: grantColumns,
        fields: ['mode', 'batchId', 'course', 'onSiteAllowed'],
        maxBytes: STAFF_CSV_MAX_BYTES,
        optionalHeader: true,
      });
      const mode = importModeOf(fields.mode);
      const target = grantImportFieldsSchema.safeParse(fields);
      if (!target.success) throw badRequest(messages.grantImportTargetInvalid);
      const items = grantItemsOf(records);
      const { batchId, course, onSiteAllowed } = target.data;
      return importGrants(
        db,
        actorOf(request),
        { batchId, course, onSiteAllowed: onSiteAllowed === 'true' },
        items,
        mode,
      );
    },
  );
};
