import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { Mailer } from '../mail/mailer';
import { OutboxSender } from '../mail/outbox-sender';
import { AuthService } from '../modules/accounts/auth';
import { seedDemoCatalogue } from '../modules/catalogue/catalogue';
import { createMetrics, type Metrics } from '../services/metrics';
import { PasswordHasher } from '../modules/accounts/passwords';
import { buildId } from '../build-info';
import { runHousekeeping } from '../services/housekeeping';
import { appliedSchema } from '../db/schema-version';
import { FallbackStore, MemoryStore, RateLimiter, RedisStore } from '../services/rate-limit';
import { SessionService } from '../modules/accounts/sessions';
import { StaffSessionService } from '../modules/staff/staff-sessions';
import { seedDemoAdmin, StaffAuthService } from '../modules/staff/staff-auth';
import { CaptchaService } from '../modules/accounts/captcha';
import { OnboardingService } from '../modules/students/onboarding';
import { EnrolmentsService } from '../modules/enrolments/enrolments';
import { VouchersService } from '../modules/vouchers/vouchers';
import { OutlineService } from '../modules/learning/outline';
import { MaterialsService } from '../modules/learning/materials';
import { AnnouncementsService } from '../modules/learning/announcements';
import { KuickpayBiller } from '../modules/vouchers/kuickpay';
import { StudentPresenter } from '../modules/students/student-view';
import { AdmissionsService } from '../modules/students/admissions';
import { countingErrors, fileStorageFor, S3FileStorage, type FileStorage } from '../storage/file-storage';
import { UrlSigner } from '../storage/signed-urls';
import { LocalVideoStorage, S3VideoStorage, type VideoStorage } from '../storage/video-storage';
import { CatalogueService } from '../modules/catalogue/catalogue-service';
import { FeeScheduleService } from '../modules/catalogue/fee-schedule';
import { GrantsService } from '../modules/catalogue/grants';
import { CatalogueFileService } from '../modules/catalogue/catalogue-file';
import { ReconciliationService } from '../modules/vouchers/reconciliation';
import { ImportReportsService } from '../services/import-reports';
import { AuditService } from '../modules/audit/audit-log';
import { join } from 'node:path';

export interface Services {
  config: Config;
  /** The newest migration the database had applied when this instance started (for /readyz). */
  schema: string;
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
  enrolments: EnrolmentsService;
  passwords: PasswordHasher;
  vouchers: VouchersService;
  outline: OutlineService;
  materials: MaterialsService;
  biller: KuickpayBiller;
  admissions: AdmissionsService;
  videos: VideoStorage;
  catalogue: CatalogueService;
  feeSchedule: FeeScheduleService;
  grants: GrantsService;
  catalogueFile: CatalogueFileService;
  announcements: AnnouncementsService;
  reconciliation: ReconciliationService;
  imports: ImportReportsService;
  audit: AuditService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

/** Opens the database, closed with the app. */
async function openAppDatabase(app: FastifyInstance, config: Config, pgliteDataDir?: Blob) {
  const database = await openDatabase({
    url: config.databaseUrl,
    migrationUrl: config.databaseMigrationUrl,
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
  return database;
}

/**
 * Loads the demo catalogue when SEED asks for it. Its demo students (whose passwords README.md prints) come
 * with it on the embedded database, or when SEED=demo-with-students names them; the demo admin, on the
 * embedded database only.
 */
async function seedWhenAsked(
  app: FastifyInstance,
  config: Config,
  db: Database['db'],
  passwords: PasswordHasher,
) {
  if (config.seed === 'none') return;
  const students = config.embedded || config.seed === 'demo-with-students';
  const summary = await seedDemoCatalogue(db, passwords, { students });
  if (summary) app.log.info(summary, 'demo catalogue loaded');
  // The demo admin's password and secret are in README.md: never in a deployment with its own database.
  if (config.embedded && (await seedDemoAdmin(db, passwords, config.secrets.sessionSecret)))
    app.log.info('demo staff admin created (README.md, "Staff console (demo)")');
}

/**
 * The rate limits' counters: in this process, or in Redis with this process's own as the fall-back while
 * Redis cannot be reached (decision 0037), counted and logged at most every 30 s.
 */
function openLimitStore(app: FastifyInstance, config: Config, metrics: Metrics) {
  if (!config.redisUrl) return new MemoryStore();
  let lastLogged = 0;
  const redis = new RedisStore(config.redisUrl, undefined, config.redisCommandTimeoutMs);
  return new FallbackStore(redis, (error) => {
    metrics.rateLimitFallbacks.inc();
    metrics.dependencyErrors.inc({ dependency: 'redis' });
    if (Date.now() - lastLogged < 30_000) return;
    lastLogged = Date.now();
    app.log.warn({ error: error.message }, 'Redis unreachable: rate limits count in this process meanwhile');
  });
}

/** The SMTP sender of the outbox when SMTP_URL is set, started when the app is ready. */
function startMailSender(app: FastifyInstance, config: Config, db: Database['db'], metrics: Metrics) {
  if (!config.mail.smtpUrl) return undefined;
  const sender = new OutboxSender({
    db,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    log: app.log,
    onSendError: () => metrics.dependencyErrors.inc({ dependency: 'smtp' }),
  });
  app.addHook('onReady', () => sender.start());
  app.addHook('onClose', () => sender.stop());
  return sender;
}

/**
 * Documents and videos: in S3 when it is configured, else in folders under DATA_DIR. Each failed call to the
 * image store is counted (`portal_dependency_errors_total{dependency="s3"|"files"}`).
 */
function openStorage(app: FastifyInstance, config: Config, metrics: Metrics) {
  const store = fileStorageFor(config);
  if (store instanceof S3FileStorage) app.addHook('onClose', () => store.close());
  const dependency = config.s3 ? 's3' : 'files';
  const storage = countingErrors(store, () => metrics.dependencyErrors.inc({ dependency }));
  // Unfinished uploads older than a day are swept from the folder (S3: the bucket's lifecycle rule).
  const videos = config.s3
    ? new S3VideoStorage(config.s3)
    : new LocalVideoStorage(join(config.dataDir, 'videos'), 24 * 3_600_000);
  app.addHook('onClose', () => videos.close());
  return { storage, videos };
}

/** Work nobody asks for: overdue vouchers, orphaned upload files, and rows nothing reads any more. */
function startSweeps(
  app: FastifyInstance,
  config: Config,
  shared: SharedParts,
  vouchers: VouchersService,
  onboarding: OnboardingService,
) {
  const every = (ms: number, sweep: () => Promise<unknown>, what: string) => {
    const timer = setInterval(() => {
      sweep().catch((error: unknown) => app.log.warn({ err: error }, `${what} failed`));
    }, ms).unref();
    app.addHook('onClose', () => clearInterval(timer));
  };
  // Overdue vouchers expire and give their seats back without anyone acting (booking also does it per slot).
  every(60_000, () => vouchers.sweep(), 'voucher sweep');
  // Files no row has named for FILE_GRACE_HOURS (replaced, or left by interrupted uploads) go away.
  every(
    3_600_000,
    async () => {
      const swept = await onboarding.sweepOrphans();
      if (swept > 0) shared.metrics.housekeepingDeleted.inc({ table: 'orphan_files' }, swept);
    },
    'orphan sweep',
  );
  // Expired sessions, spent links, old mail and biller notifications: by one instance at a time.
  every(
    3_600_000,
    async () => {
      const counts = await runHousekeeping(shared.database.db, {
        studentIdleMinutes: config.session.idleMinutes,
      });
      if (!counts) return;
      for (const [table, count] of Object.entries(counts))
        shared.metrics.housekeepingDeleted.inc({ table }, count);
      app.log.info({ deleted: counts }, 'housekeeping');
    },
    'housekeeping',
  );
}

/** accounts: the student's sessions, captcha and sign-in (sign-up, verification, reset). */
function accountServices(app: FastifyInstance, config: Config, shared: SharedParts) {
  const { database, passwords, limiter, metrics, mailer, signer } = shared;
  const { db } = database;
  const sessions = new SessionService(db, config.secrets.sessionSecret, config.session);
  const presenter = new StudentPresenter(signer, config);
  const captcha = new CaptchaService(db, config.secrets.captchaHmacKey, config.captchaMaxNumber);
  const auth = new AuthService({ db, config, passwords, sessions, limiter, mailer, metrics, presenter });
  return { sessions, presenter, captcha, auth };
}

/** students: the profile and documents a student fills in, and the staff's review of them. */
function studentServices(
  app: FastifyInstance,
  config: Config,
  shared: SharedParts,
  accounts: ReturnType<typeof accountServices>,
) {
  const { database, limiter, mailer, storage, signer } = shared;
  const { db } = database;
  const { captcha, presenter } = accounts;
  return {
    onboarding: new OnboardingService({ db, config, storage, captcha, presenter, limiter, log: app.log }),
    admissions: new AdmissionsService({ db, mail: mailer, signer, consumerPrefix: config.kuickpay.prefix }),
  };
}

/** staff: the staff's sessions, their sign-in with TOTP, and staff accounts (invites, roles). */
function staffServices(config: Config, shared: SharedParts) {
  const { database, passwords, limiter, mailer } = shared;
  const staffSessions = new StaffSessionService(database.db, config.secrets.sessionSecret);
  const staffAuth = new StaffAuthService({
    db: database.db,
    settings: { publicUrl: config.publicUrl, sessionSecret: config.secrets.sessionSecret },
    passwords,
    limiter,
    sessions: staffSessions,
    mail: mailer,
  });
  return { staffSessions, staffAuth };
}

/**
 * The modules whose services each hold one subject's rules for every audience (docs/architecture.md):
 * catalogue, enrolments, learning, vouchers and audit, with the kept CSV imports they report through.
 */
function subjectServices(config: Config, shared: SharedParts) {
  const { database, signer, storage } = shared;
  const { db } = database;
  const prefix = config.kuickpay.prefix;
  return {
    catalogue: new CatalogueService(db),
    feeSchedule: new FeeScheduleService(db),
    grants: new GrantsService(db),
    catalogueFile: new CatalogueFileService(db),
    enrolments: new EnrolmentsService(db),
    outline: new OutlineService(db, signer),
    materials: new MaterialsService(db, storage),
    announcements: new AnnouncementsService(db),
    vouchers: new VouchersService(db, prefix),
    reconciliation: new ReconciliationService(db, prefix),
    biller: new KuickpayBiller(db, prefix, config.kuickpay),
    audit: new AuditService(db),
    imports: new ImportReportsService(db),
  };
}

interface SharedParts {
  database: Database;
  passwords: PasswordHasher;
  limiter: RateLimiter;
  metrics: Metrics;
  mailer: Mailer;
  storage: FileStorage;
  signer: UrlSigner;
}

/** Opens the database and builds the services once; closes them when the app closes. */
export const servicesPlugin = fp<{ config: Config; pgliteDataDir?: Blob }>(
  async (app, { config, pgliteDataDir }) => {
    const database = await openAppDatabase(app, config, pgliteDataDir);
    const passwords = new PasswordHasher(config.secrets.passwordPepper, config.passwordCost);
    await seedWhenAsked(app, config, database.db, passwords);

    const metrics = createMetrics();
    const schema = await appliedSchema(database.db);
    metrics.buildInfo.set({ build: buildId, schema }, 1);
    app.log.info({ build: buildId, schema }, 'database migrated');
    const limiter = new RateLimiter(openLimitStore(app, config, metrics));
    app.addHook('onClose', () => limiter.store.close());
    const mailSender = startMailSender(app, config, database.db, metrics);
    const { storage, videos } = openStorage(app, config, metrics);
    // A missing bucket stops the start, by its name: else the first upload would answer 500.
    await storage.check();
    const shared: SharedParts = {
      database,
      passwords,
      limiter,
      metrics,
      mailer: new Mailer(mailSender, app.log),
      storage,
      signer: new UrlSigner(config.secrets.sessionSecret),
    };
    const { mailer: _mailer, ...parts } = shared;
    const accounts = accountServices(app, config, shared);
    const students = studentServices(app, config, shared, accounts);
    const subjects = subjectServices(config, shared);
    startSweeps(app, config, shared, subjects.vouchers, students.onboarding);
    app.decorate('services', {
      config,
      schema,
      ...parts,
      mailSender,
      videos,
      ...accounts,
      ...students,
      ...staffServices(config, shared),
      ...subjects,
    });
    app.decorateRequest('session', null);
    app.decorateRequest('staff', null);
  },
  { name: 'services' },
);
