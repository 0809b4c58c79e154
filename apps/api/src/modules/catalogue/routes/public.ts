import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resendVerificationEmail } from '@portal/shared/calls/accounts';
import { publicBatchConfig } from '@portal/shared/calls/courses';
import { publicSettings, referenceLists } from '@portal/shared/calls/profile';
import { messages } from '@portal/shared/messages';
import { routeOf } from '../../../routes/call-route';
import { tagRoutes } from '../../../plugins/openapi';

/**
 * `/public/*`: the calls anyone may make. The verification e-mail is modules/accounts/auth.ts, the batch config
 * modules/catalogue/catalogue-service.ts, the reference lists modules/students/onboarding.ts, the settings config.ts.
 */
export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Public');
  const { auth, catalogue, config, onboarding } = app.services;

  app.route({
    ...routeOf(resendVerificationEmail),
    handler: async (request) => {
      await auth.resendVerification(request.body.email, request.ip);
      return { success: true as const, message: messages.resendSuccess };
    },
  });

  app.route({
    ...routeOf(publicBatchConfig),
    handler: async (request) => ({
      success: true as const,
      data: await catalogue.batchConfig(request.body.batchId),
    }),
  });

  app.route({
    ...routeOf(publicSettings),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return config.public;
    },
  });

  app.route({
    ...routeOf(referenceLists),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return onboarding.referenceLists();
    },
  });
};
