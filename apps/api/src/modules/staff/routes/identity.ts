import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@portal/shared/messages';
import * as calls from '@portal/shared/calls/staff-identity';
import { staffCookie } from '../../../plugins/staff-guard';
import type { SignedIn } from '../staff-auth';
import { routeOf } from '../../../routes/call-route';

/**
 * The staff calls a visitor may make: set-up from an invitation link, and sign-in, which sets the session
 * cookie (API.md: HttpOnly, SameSite=Strict, scoped to /staffapi, Secure behind https). Rules: modules/staff/staff-auth.ts.
 */
export const staffIdentityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffAuth, config } = app.services;
  const secureCookie = config.publicUrl.startsWith('https:');

  app.route({
    ...routeOf(calls.staffSetup),
    handler: async (request) => staffAuth.setup(request.body.token, request.body.password, request.ip),
  });
  const startSession = (reply: FastifyReply, { token, maxAgeSeconds }: SignedIn) =>
    reply.setCookie(staffCookie, token, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/staffapi',
      secure: secureCookie,
      maxAge: maxAgeSeconds,
    });

  app.route({
    ...routeOf(calls.staffSetupConfirm),
    handler: async (request, reply) => {
      const signedIn = await staffAuth.confirm(request.body.token, request.body.code, request.ip);
      startSession(reply, signedIn);
      return { success: true as const, message: messages.staffSetupDone, staff: signedIn.staff };
    },
  });
  app.route({
    ...routeOf(calls.staffLogin, { validationMessage: messages.staffLoginInvalid }),
    handler: async (request, reply) => {
      const signedIn = await staffAuth.login(request.body, request.ip);
      startSession(reply, signedIn);
      return { success: true as const, message: messages.loginSuccess, staff: signedIn.staff };
    },
  });
};
