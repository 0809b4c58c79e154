import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  healthAnswerSchema,
  mailboxAnswerSchema,
  notReadyAnswerSchema,
  READINESS_CHECKS,
  readyAnswerSchema,
} from '@portal/shared/schemas/ops-answers';
import { buildId } from '../../build-info';
import { listRecentMail } from '../../db/repositories/mail-outbox';
import { tagRoutes } from '../../plugins/openapi';

/**
 * `/healthz`, `/readyz` and, in embedded mode, `/dev/mailbox` (API.md "Operations"). `/metrics` is answered
 * by plugins/metrics.ts, which also counts every request.
 */
export const opsRoutes: FastifyPluginAsyncZod<{ devMailbox: boolean }> = async (app, { devMailbox }) => {
  tagRoutes(app, 'Operations');
  const { database, limiter, storage, schema } = app.services;
  // Each answers within its own bound (Redis 250 ms, the pool's connect timeout, the S3 client's).
  const checks = {
    database: () => database.ping(),
    redis: () => limiter.store.ping(),
    storage: () => storage.check(),
  } satisfies Record<(typeof READINESS_CHECKS)[number], () => Promise<void>>;

  app.get('/healthz', { logLevel: 'warn', schema: { response: { 200: healthAnswerSchema } } }, () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/readyz',
    { logLevel: 'warn', schema: { response: { 200: readyAnswerSchema, 503: notReadyAnswerSchema } } },
    async (request, reply) => {
      const outcomes = await Promise.allSettled(READINESS_CHECKS.map((name) => checks[name]()));
      const failed = READINESS_CHECKS.filter((_, i) => outcomes[i]!.status === 'rejected');
      if (failed.length === 0) return { status: 'ready' as const, schema, build: buildId };
      request.log.warn({ failed }, 'not ready');
      return reply.code(503).send({ status: 'unavailable' as const, failed });
    },
  );

  if (!devMailbox) return;

  app.get(
    '/dev/mailbox',
    {
      schema: {
        querystring: z.object({ format: z.string().max(16).optional().describe('json for the JSON form') }),
        // The HTML page is sent as text and bypasses the serializer; only the JSON form is checked.
        response: {
          200: {
            description: 'The e-mails as JSON with format=json, else as an HTML page',
            content: {
              'application/json': { schema: mailboxAnswerSchema },
              'text/html': { schema: z.string() },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const mails = await listRecentMail(database.db, 50);
      if (request.query.format === 'json') {
        return {
          success: true as const,
          data: mails.map((mail) => ({
            ...mail,
            createdAt: mail.createdAt.toISOString(),
            sentAt: mail.sentAt?.toISOString() ?? null,
          })),
        };
      }
      const articles = mails
        .map(
          (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p>To: ${escapeHtml(mail.recipient)} &middot; ${mail.createdAt.toISOString()}</p>
${mail.htmlBody}
</article><hr>`,
        )
        .join('\n');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev mailbox</title></head><body><h1>Dev mailbox</h1><p>E-mails the portal would have sent, newest first (embedded mode only).</p>${articles || '<p>No e-mails yet.</p>'}</body></html>`,
        );
    },
  );
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
