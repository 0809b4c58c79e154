import { messages } from '@portal/shared/messages';
import {
  batchConfigAnswerSchema,
  batchConfigParamsSchema,
  batchConfigRequestSchema,
  htmlPreviewAnswerSchema,
  htmlPreviewRequestSchema,
} from '@portal/shared/schemas/staff-config';
import { sanitiseStaffHtml } from '../../lib/staff-html';
import { tagRoutes } from '../../plugins/openapi';
import { actorOf, type StaffRoutesPlugin } from '../../plugins/staff-guard';
import { getBatchConfig, saveBatchConfig } from '../../services/batch-configs';
import { answers } from '../answers';

const staffRoles = ['content'] as const;

/** `/staffapi/catalogue/batch-configs/:batchId` and the HTML preview (docs/api.md); services/batch-configs.ts. */
export const batchConfigRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Catalogue');
  const { db } = app.services.database;

  app.get(
    '/staffapi/catalogue/batch-configs/:batchId',
    {
      config: { staffRoles },
      schema: { params: batchConfigParamsSchema, response: answers(batchConfigAnswerSchema) },
    },
    async (request) => ({ success: true as const, data: await getBatchConfig(db, request.params.batchId) }),
  );

  app.post(
    '/staffapi/catalogue/batch-configs/:batchId',
    {
      config: { staffRoles },
      schema: {
        params: batchConfigParamsSchema,
        body: batchConfigRequestSchema,
        response: answers(batchConfigAnswerSchema),
      },
    },
    async (request) => ({
      success: true as const,
      message: messages.batchConfigSaved,
      data: await saveBatchConfig(db, actorOf(request), request.params.batchId, request.body),
    }),
  );

  // What students would be shown of staff HTML (the admit-card message, an announcement): changes nothing.
  app.post(
    '/staffapi/catalogue/html-preview',
    {
      config: { staffRoles },
      schema: { body: htmlPreviewRequestSchema, response: answers(htmlPreviewAnswerSchema) },
    },
    async (request) => ({ success: true as const, data: { html: sanitiseStaffHtml(request.body.html) } }),
  );
};
