import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { successAnswerSchema } from '@portal/shared/schemas/envelope';
import { captchaChallengeSchema, captchaVerifySchema } from '@portal/shared/schemas/profile';
import { answers } from '../answers';
import { tagRoutes } from '../../plugins/openapi';

/** `/captcha/*`: the ALTCHA challenge and its check (API.md "Public calls"); services/captcha.ts. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Public');
  const { captcha } = app.services;

  app.get(
    '/captcha/challenge',
    { schema: { response: answers(captchaChallengeSchema) } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return captcha.challenge();
    },
  );

  app.post(
    '/captcha/verify',
    { schema: { body: captchaVerifySchema, response: answers(successAnswerSchema) } },
    async (request) => {
      await captcha.verify(request.body.recaptchaToken);
      return { success: true };
    },
  );
};
