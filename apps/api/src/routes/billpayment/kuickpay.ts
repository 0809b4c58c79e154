import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billerRefusalSchema,
  billInquiryAnswerSchema,
  billPaymentAnswerSchema,
} from '@portal/shared/schemas/biller-answers';
import { billInquirySchema, billPaymentSchema } from '@portal/shared/schemas/fees';
import { codes } from '../../billing/kuickpay';
import { transientDatabaseCause } from '../../db/transient';
import { retryAfterSeconds } from '../../plugins/errors';
import { tagRoutes } from '../../plugins/openapi';

/** The biller's answer on 200, Kuickpay's bare code on every refusal. */
function billerAnswers<Answer extends typeof billInquiryAnswerSchema | typeof billPaymentAnswerSchema>(
  answer: Answer,
) {
  return { 200: answer, '4xx': billerRefusalSchema, '5xx': billerRefusalSchema };
}
const security = [{ billerUsername: [], billerPassword: [] }];

/**
 * The Kuickpay biller endpoints, called by the aggregator with `username` and `password` headers. They
 * answer Kuickpay's own codes (never the portal's envelope); wrong credentials are 401 with code 04.
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

  app.post(
    '/billpayment/kuickpay/BillInquiry',
    { schema: { body: billInquirySchema, response: billerAnswers(billInquiryAnswerSchema), security } },
    async (request) => {
      return biller.inquiry(request.body, new Date());
    },
  );

  app.post(
    '/billpayment/kuickpay/BillPayment',
    { schema: { body: billPaymentSchema, response: billerAnswers(billPaymentAnswerSchema), security } },
    async (request) => {
      return biller.payment(request.body, new Date());
    },
  );
};
