import * as calls from '@portal/shared/calls/grants';
import { formatMessage, messages } from '@portal/shared/messages';
import { grantImportFieldsSchema } from '@portal/shared/schemas/staff-config';
import { badRequest } from '../../../lib/http-error';
import { tagRoutes } from '../../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { grantColumns, grantSettler, readGrantRow } from '../grants';
import { routeOf } from '../../../routes/call-route';
import { importFile } from '../../../routes/csv-import';

/** `/staffapi/catalogue/grants*` (docs/api.md): restricted-batch grants; modules/catalogue/grants.ts. */
export const grantRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Catalogue');
  const { grants, imports } = app.services;

  app.route({
    ...routeOf(calls.batchGrants),
    handler: async (request) => ({ success: true as const, ...(await grants.listGrants(request.query)) }),
  });

  app.route({
    ...routeOf(calls.addGrant),
    handler: async (request) => {
      const student = await grants.addGrant(actorOf(request), request.body);
      return {
        success: true as const,
        message: formatMessage(messages.grantSavedFor, { student: student.fullName ?? student.email }),
      };
    },
  });

  app.route({
    ...routeOf(calls.removeGrant),
    handler: async (request) => {
      await grants.removeGrant(actorOf(request), request.body);
      return { success: true as const, message: messages.grantRemoved };
    },
  });

  app.route({
    ...routeOf(calls.importGrants),
    handler: async (request) => {
      return importFile(
        imports,
        request,
        {
          kind: 'grants',
          columns: grantColumns,
          fields: ['batchId', 'course', 'onSiteAllowed'],
          optionalHeader: true,
          read: readGrantRow,
        },
        (fields, mode, actor) => {
          const target = grantImportFieldsSchema.safeParse(fields);
          if (!target.success) throw badRequest(messages.grantImportTargetInvalid);
          const { batchId, course, onSiteAllowed } = target.data;
          return grantSettler(actor, { batchId, course, onSiteAllowed: onSiteAllowed === 'true' }, mode);
        },
      );
    },
  });
};
