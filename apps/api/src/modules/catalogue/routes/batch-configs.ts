import { messages } from '@portal/shared/messages';
import * as calls from '@portal/shared/calls/content-desk';
import { sanitiseStaffHtml } from '../../../lib/staff-html';
import { tagRoutes } from '../../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { routeOf } from '../../../routes/call-route';

/** `/staffapi/catalogue/batch-configs/:batchId` and the HTML preview (docs/api.md); modules/catalogue/catalogue-service.ts. */
export const batchConfigRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Catalogue');
  const { catalogue } = app.services;

  app.route({
    ...routeOf(calls.batchConfig),
    handler: async (request) => ({
      success: true as const,
      data: await catalogue.getBatchConfig(request.params.batchId),
    }),
  });
  app.route({
    ...routeOf(calls.saveBatchConfig),
    handler: async (request) => ({
      success: true as const,
      message: messages.batchConfigSaved,
      data: await catalogue.saveBatchConfig(actorOf(request), request.params.batchId, request.body),
    }),
  });
  // What students would be shown of staff HTML (the admit-card message, an announcement): changes nothing.
  app.route({
    ...routeOf(calls.htmlPreview),
    handler: async (request) => ({
      success: true as const,
      data: { html: sanitiseStaffHtml(request.body.html) },
    }),
  });
};
