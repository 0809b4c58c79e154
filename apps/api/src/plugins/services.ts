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
import { StaffSessionService } from '../services/staff-sessions';
import { seedDemoAdmin, StaffAuthService } from '../services/staff-auth';
import { CaptchaService } from '../services/captcha';
import { OnboardingService } from '../services/onboarding';
import { CoursesService } from '../services/courses';
import { FeesService } from '../services/fees';
import { LearningService } from '../services/learning';
import { KuickpayBiller } from '../billing/kuickpay';
import { StudentPresenter } from '../services/student-view';
import { AdmissionsService } from '../services/admissions';
import { LocalFileStorage, S3FileStorage, type FileStorage } from '../storage/file-storage';
import { UrlSigner } from '../storage/signed-urls';
import { LocalVideoStorage, S3VideoStorage, type VideoStorage } from '../storage/video-storage';
import { ContentAdminService } from '../services/content-admin';
import { join } from 'node:path';

export interface Services {
  config: Config;
  database: Database;
  metrics: Metrics;
  limiter: RateLimiter;
  sessions: SessionService;
  staffSessions: StaffSessionService;
  staffAuth: StaffAuthService;
  auth: AuthService;
  mailSender: OutboxSender | undefined;
  storage: FileStorage;
  signer: UrlSigner;
  presenter: StudentPresenter;
  captcha: CaptchaService;
  onboarding: OnboardingService;
  courses: CoursesService;
  passwords: PasswordHasher;
  fees: FeesService;
  learning: LearningService;
  biller: KuickpayBiller;
  admissions: AdmissionsService;
  videos: VideoStorage;
  content: ContentAdminService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Opens the database and builds the services once; closes them when the app closes. */
export const servicesPlugin = fp<{ config: Config; pgliteDataDir?: Blob }>(
  async (app, { config, pgliteDataDir }) => {
    const database = await openDatabase({
      url: config.databaseUrl,
      pgliteDir: config.pgliteDir,
      pgliteDataDir,
      poolSize: config.databasePoolSize,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
      // The code and message only: node-pg's error carries its whole client (statements, settings), one
      // 20 KB log line per connection when PostgreSQL restarts (seen in bench/admission-day.ts's fault run).
      onIdleError: (error) =>
        app.log.warn(
          { code: (error as { code?: string }).code, error: error.message },
          'database connection lost while idle',
        ),
    });
    app.addHook('onClose', () => database.close());
    const passwords = new PasswordHasher(config.secrets.passwordPepper, config.passwordCost);
    if (config.seed === 'demo') {
      const summary = await seedDemoCatalogue(database.db, passwords);
      if (summary) app.log.info(summary, 'demo catalogue loaded');
    }
    // The demo admin's password and secret are in README.md: never in a deployment with its own database.
    if (config.embedded && config.seed === 'demo') {
      if (await seedDemoAdmin(database.db, passwords, config.secrets.sessionSecret))
        app.log.info('demo staff admin created (README.md, "Staff console (demo)")');
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
    const storage = config.s3
      ? new S3FileStorage(config.s3)
      : new LocalFileStorage(join(config.dataDir, 'uploads'));
    if (storage instanceof S3FileStorage) app.addHook('onClose', () => storage.close());
    // Unfinished uploads older than a day are swept from the folder (S3: the bucket's lifecycle rule).
    const videos = config.s3
      ? new S3VideoStorage(config.s3)
      : new LocalVideoStorage(join(config.dataDir, 'videos'), 24 * 3_600_000);
    app.addHook('onClose', () => videos.close());
    const signer = new UrlSigner(config.secrets.sessionSecret);
    const presenter = new StudentPresenter(signer, config);
    const captcha = new CaptchaService(database.db, config.secrets.captchaHmacKey, config.captchaMaxNumber);
    const onboarding = new OnboardingService({
      db: database.db,
      config,
      storage,
      captcha,
      presenter,
      limiter,
      log: app.log,
    });
    const fees = new FeesService(database.db, config.kuickpay.prefix);
    // Overdue vouchers expire and give their seats back without anyone acting (booking also does it per slot).
    const voucherSweeper = setInterval(() => {
      fees.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'voucher sweep failed'));
    }, 60_000).unref();
    app.addHook('onClose', () => clearInterval(voucherSweeper));
    // Files left by interrupted uploads go away within the hour.
    const sweeper = setInterval(() => {
      onboarding
        .sweepOrphans()
        .catch((error: unknown) => app.log.warn({ err: error }, 'orphan sweep failed'));
    }, 3_600_000).unref();
    app.addHook('onClose', () => clearInterval(sweeper));
    const mailer = new Mailer(mailSender, app.log);
    const auth = new AuthService({
      db: database.db,
      config,
      passwords,
      sessions,
      limiter,
      mailer,
      metrics,
      presenter,
    });

    const staffSessions = new StaffSessionService(database.db, config.secrets.sessionSecret);
    const staffAuth = new StaffAuthService({
      db: database.db,
      settings: { publicUrl: config.publicUrl, sessionSecret: config.secrets.sessionSecret },
      passwords,
      limiter,
      sessions: staffSessions,
    });

    app.decorate('services', {
      config,
      database,
      metrics,
      limiter,
      sessions,
      staffSessions,
      staffAuth,
      auth,
      mailSender,
      storage,
      signer,
      presenter,
      captcha,
      onboarding,
      courses: new CoursesService(database.db),
      passwords,
      fees,
      learning: new LearningService(database.db, signer),
      videos,
      content: new ContentAdminService(database.db, storage),
      biller: new KuickpayBiller(database.db, config.kuickpay.prefix, config.kuickpay),
      admissions: new AdmissionsService({
        db: database.db,
        mail: mailer,
        signer,
        consumerPrefix: config.kuickpay.prefix,
      }),
    });
    app.decorateRequest('session', null);
    app.decorateRequest('staff', null);
  },
  { name: 'services' },
);
