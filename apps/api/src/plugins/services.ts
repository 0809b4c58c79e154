import fp from 'fastify-plugin';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { Mailer } from '../mail/mailer';
import { OutboxSender } from '../mail/outbox-sender';
import { AuthService } from '../services/auth';
import { seedDemoCatalogue } from '../services/catalogue';
import { createMetrics, type Metrics } from '../services/metrics';
import { PasswordHasher } from '../services/passwords';
import { MemoryStore, RateLimiter, RedisStore } from '../services/rate-limit';
import { SessionService } from '../services/sessions';
import type { SessionContext } from '../services/sessions';

export interface Services {
  config: Config;
  database: Database;
  metrics: Metrics;
  limiter: RateLimiter;
  sessions: SessionService;
  auth: AuthService;
  mailSender: OutboxSender | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
  interface FastifyRequest {
    session: SessionContext | null;
  }
}

/** Opens the database and builds the services once; closes them when the app closes. */
export const servicesPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const database = await openDatabase({
      url: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: config.databasePoolSize,
    });
    app.addHook('onClose', () => database.close());
    if (config.seed === 'demo') {
      const summary = await seedDemoCatalogue(database.db);
      if (summary) app.log.info(summary, 'demo catalogue loaded');
    }

    const metrics = createMetrics();
    const limiter = new RateLimiter(config.redisUrl ? new RedisStore(config.redisUrl) : new MemoryStore());
    app.addHook('onClose', () => limiter.store.close());

    const mailSender = config.mail.smtpUrl
      ? new OutboxSender({
          db: database.db,
          smtpUrl: config.mail.smtpUrl,
          from: config.mail.from,
          log: app.log,
        })
      : undefined;
    if (mailSender) {
      app.addHook('onReady', () => mailSender.start());
      app.addHook('onClose', () => mailSender.stop());
    }

    const sessions = new SessionService(database.db, config.secrets.sessionSecret, config.session);
    const auth = new AuthService({
      db: database.db,
      config,
      passwords: new PasswordHasher(config.secrets.passwordPepper),
      sessions,
      limiter,
      mailer: new Mailer(mailSender, app.log),
      metrics,
    });

    app.decorate('services', { config, database, metrics, limiter, sessions, auth, mailSender });
    app.decorateRequest('session', null);
  },
  { name: 'services' },
);
