import fp from 'fastify-plugin';
import { z } from 'zod';
import { errorAnswerSchema } from '@portal/shared/schemas/envelope';
import { countPendingMail } from '../db/repositories/mail-outbox';
import { unauthorized } from '../lib/http-error';
import { safeEqual } from '../lib/tokens';

/** For the operator's scraper, not for a person: in English only, like the metrics themselves. */
const metricsTokenNeeded = 'Send the metrics token (METRICS_TOKEN) as a bearer token';

/** Request counts and latencies per route, pool usage and the outbox backlog, at GET /metrics. */
export const metricsPlugin = fp(
  (app, _options, done) => {
    const { metrics, database } = app.services;
    app.addHook('onResponse', (request, reply, hookDone) => {
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpRequests.inc({ route, method: request.method, status: String(reply.statusCode) });
      metrics.httpDuration.observe({ route, method: request.method }, reply.elapsedTime / 1000);
      hookDone();
    });
    const metricsAnswer = {
      description: 'Prometheus text format',
      content: { 'text/plain': { schema: z.string() } },
    };
    const { metricsToken } = app.services.config;
    app.get(
      '/metrics',
      {
        logLevel: 'warn',
        schema: {
          tags: ['Operations'],
          security: [{ metricsToken: [] }],
          response: { 200: metricsAnswer, 401: errorAnswerSchema },
        },
        // What the portal counts is for its operator: its routes, its load, its sign-in failures.
        onRequest: async (request) => {
          const [scheme, token] = (request.headers.authorization ?? '').split(' ');
          if (!metricsToken || scheme !== 'Bearer' || !token || !safeEqual(token, metricsToken))
            throw unauthorized(metricsTokenNeeded);
        },
      },
      async (_request, reply) => {
        const pool = database.poolStats();
        if (pool) {
          metrics.dbPool.set({ state: 'total' }, pool.total);
          metrics.dbPool.set({ state: 'idle' }, pool.idle);
          metrics.dbPool.set({ state: 'waiting' }, pool.waiting);
        }
        metrics.mailOutboxPending.set(await countPendingMail(database.db));
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      },
    );
    done();
  },
  { name: 'metrics', dependencies: ['services'] },
);
