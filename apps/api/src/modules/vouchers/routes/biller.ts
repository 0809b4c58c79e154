import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billInquiry, billPayment } from '@portal/shared/calls/biller';
import * as staffCalls from '@portal/shared/calls/money';
import { codes } from '../kuickpay';
import { transientDatabaseCause } from '../../../db/transient';
import { retryAfterSeconds } from '../../../plugins/errors';
import { tagRoutes } from '../../../plugins/openapi';
import type { StaffRoutesPlugin } from '../../../plugins/staff-guard';
import { routeOf } from '../../../routes/call-route';

/**
 * The Kuickpay biller endpoints (the calls in packages/shared/src/calls/biller.ts), called by the aggregator
 * with `username` and `password` headers. They answer Kuickpay's own codes (never the portal's envelope);
 * wrong credentials are 401 with code 04.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'Bill payment');
  const { biller } = app.services;

  app.addHook('onRequest', async (request, reply) => {
    if (!biller.authorised(request.headers.username, request.headers.password)) {
      return reply.code(401).send({ response_Code: codes.invalid });
    }
  });
  app.setErrorHandler(async (error, request, reply) => {
    // A malformed body is invalid data: 200 with 04, recorded (decision 0015). Anything else is "try
    // again" (05), never the portal's 500 text; 503 when the database is briefly out of reach.
    const transient = transientDatabaseCause(error);
    if (transient) {
      request.log.warn({ database: transient }, 'database unavailable, biller answered 503');
      return reply
        .code(503)
        .header('retry-after', String(retryAfterSeconds))
        .send({ response_Code: codes.failed });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status < 500) {
      const kind = request.routeOptions.url?.endsWith('BillPayment') ? 'payment' : 'inquiry';
      const answer = await biller
        .refuseMalformed(kind, request.body, new Date())
        .catch((recordError: unknown) => request.log.error({ err: recordError }, 'biller call failed'));
      if (answer) return reply.code(200).send(answer);
    } else request.log.error({ err: error }, 'biller call failed');
    return reply.code(500).send({ response_Code: codes.failed });
  });

  app.route({
    ...routeOf(billInquiry),
    handler: async (request) => biller.inquiry(request.body, new Date()),
  });
  app.route({
    ...routeOf(billPayment),
    handler: async (request) => biller.payment(request.body, new Date()),
  });
};

/**
 * The biller log: `/staffapi/biller/notifications` (docs/api.md "Accounts"; the call in
 * packages/shared/src/calls/money.ts), the calls above as they were recorded.
 */
export const billerLogRoutes: StaffRoutesPlugin = async (app) => {
  tagRoutes(app, 'Accounts');
  const { biller } = app.services;
  app.route({
    ...routeOf(staffCalls.billerNotifications),
    handler: async (request) => {
      const { data, total } = await biller.notifications(request.query);
      return { success: true as const, data, total };
    },
  });
};
