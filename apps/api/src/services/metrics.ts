import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** One registry per app instance (tests build several apps in one process). */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by route, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route',
      labelNames: ['route', 'method'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    // The spec's analytics events for registration and verification, kept on our side as counters.
    registrations: new Counter({
      name: 'portal_registrations_total',
      help: 'Accounts created',
      registers: [registry],
    }),
    verifications: new Counter({
      name: 'portal_email_verifications_total',
      help: 'E-mail addresses verified',
      registers: [registry],
    }),
    logins: new Counter({
      name: 'portal_logins_total',
      help: 'Sign-in attempts by outcome',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    rateLimited: new Counter({
      name: 'portal_rate_limited_total',
      help: 'Requests refused by a rate limit',
      labelNames: ['route'] as const,
      registers: [registry],
    }),
    rateLimitFallbacks: new Counter({
      name: 'portal_rate_limit_fallback_total',
      help: 'Rate-limit counts made in this process because Redis could not be reached',
      registers: [registry],
    }),
    dependencyErrors: new Counter({
      name: 'portal_dependency_errors_total',
      help: 'Calls to a dependency that failed: redis, s3 (or files, the folder store), smtp',
      labelNames: ['dependency'] as const,
      registers: [registry],
    }),
    housekeepingDeleted: new Counter({
      name: 'portal_housekeeping_deleted_total',
      help: 'Rows the hourly housekeeping deleted, by table',
      labelNames: ['table'] as const,
      registers: [registry],
    }),
    buildInfo: new Gauge({
      name: 'portal_build_info',
      help: 'The build this process runs and the database schema it found (always 1)',
      labelNames: ['build', 'schema'] as const,
      registers: [registry],
    }),
    dbPool: new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (PostgreSQL)',
      labelNames: ['state'] as const,
      registers: [registry],
    }),
    mailOutboxPending: new Gauge({
      name: 'mail_outbox_pending',
      help: 'Messages waiting in the outbox',
      registers: [registry],
    }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
