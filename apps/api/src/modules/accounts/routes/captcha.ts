import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { captchaChallenge, captchaVerify } from '@portal/shared/calls/profile';
import { tagRoutes } from '../../../plugins/openapi';
import { routeOf } from '../../../routes/call-route';

/** `/captcha/*`: the ALTCHA challenge and its check (docs/api.md "Public calls"); modules/accounts/captcha.ts. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Public');
  const { captcha } = app.services;

  app.route({
    ...routeOf(captchaChallenge),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  });
  app.route({
    ...routeOf(captchaVerify),
    handler: async (request) => {
      await captcha.verify(request.body.recaptchaToken);
      return { success: true as const };
    },
  });
};
