import { defaultWebRoot } from './paths';
import Fastify from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { answerSerializerCompiler } from './lib/compiled-answers';
import { serializeError } from './lib/log-errors';
import { errorsPlugin } from './plugins/errors';
import { metricsPlugin } from './plugins/metrics';
import { servicesPlugin } from './plugins/services';
import { spaPlugin } from './plugins/spa';
import { mediaPlugin } from './plugins/media';
import { drainPlugin } from './plugins/drain';
import { securityHeadersPlugin } from './plugins/security-headers';
import { inputGuardPlugin } from './plugins/input-guard';
import { routeTablePlugin } from './plugins/route-table';
import { openApiPlugin } from './plugins/openapi';
import { authRoutes } from './modules/accounts/routes/auth';
import { billingRoutes } from './modules/vouchers/routes/biller';
import { captchaRoutes } from './modules/accounts/routes/captcha';
import { fileRoutes } from './routes/files/index';
import { forgetPasswordRoutes } from './modules/accounts/routes/forget-password';
import { adminRoutes } from './routes/internal/admin';
import { opsRoutes } from './routes/ops/index';
import { publicRoutes } from './modules/catalogue/routes/public';
import { sessionScope } from './routes/session-scope';
import { staffApiRoutes } from './routes/staffapi/index';
import { videoMediaRoutes } from './modules/learning/routes/videos';
import { coverRoutes } from './modules/learning/routes/covers';

export interface AppOptions {
  config: Config;
  /** Where the built SPA lives (apps/web/dist by default). */
  webRoot?: string;
  /** false for no log; a stream (and level) to send the log elsewhere, as the tests do. */
  logger?: false | { level?: string; stream?: NodeJS.WritableStream };
  /** The embedded database's starting data (DatabaseOptions.pgliteDataDir): the tests' template. */
  pgliteDataDir?: Blob;
}

/**
 * Answers over 1 KB are compressed; those up to 64 KB in one call on the event loop (brotli at quality 4:
 * about 0.2 ms for 64 KB), only larger ones as a stream on libuv's threadpool. @fastify/compress would
 * stream from 8 KB on 2 cores, but the pool is where argon2 runs: with 8 verifications in flight, a 14 KB
 * answer took 290–305 ms (p50) streamed against 140–145 ms compressed in one call (decision 0059).
 */
export const compression = { threshold: 1024, syncThreshold: 64 * 1024 };

/** Tokens travel in e-mail links; keep them out of the request log. */
function redactUrl(url: string): string {
  return url.replace(/\/(resetpassword|emailverification)\/[^/?#]+/g, '/$1/[redacted]');
}

/**
 * Builds the whole app, exactly as production runs it (server.ts only listens): external plugins first,
 * then the services, the error road, and the routes.
 */
export async function buildApp({ config, webRoot = defaultWebRoot, logger, pgliteDataDir }: AppOptions) {
  const app = Fastify({
    logger: logger !== false && {
      level: logger?.level ?? config.logLevel,
      ...(logger?.stream ? { stream: logger.stream } : {}),
      redact: ['req.headers.authorization'],
      serializers: {
        err: serializeError,
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // Opening PGlite, migrating and seeding a cold database can take longer than Fastify's default 10 s.
    pluginTimeout: 120_000,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ checked: config.env !== 'production' }));

  await app.register(routeTablePlugin);
  await app.register(drainPlugin);
  await app.register(servicesPlugin, { config, pgliteDataDir });
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...config.contentOrigins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:', ...config.contentOrigins],
        // Branch maps are embedded only from origins the operator allows (MAP_ORIGINS, decision 0011).
        frameSrc: config.public.mapOrigins.length > 0 ? config.public.mapOrigins : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  });
  await app.register(fastifyCompress, compression);
  // Only the staff console uses a cookie (its session, API.md); student calls never read one.
  await app.register(fastifyCookie);
  // Per-call limits are set where each call reads its parts (lib/multipart.ts); these are the ceiling.
  await app.register(fastifyMultipart, {
    limits: { fileSize: 10 * 1024 * 1024, files: 3, fields: 8, parts: 12, fieldSize: 16 * 1024 },
  });
  // Before every route, so that the published description sees each of them.
  await app.register(openApiPlugin, { publicUrl: config.publicUrl });
  await app.register(metricsPlugin);

  // One plugin per URL prefix (docs/api.md): routes/<prefix>/, and the session guard once over the
  // protected ones.
  await app.register(opsRoutes, { devMailbox: config.devMailbox });
  await app.register(authRoutes);
  await app.register(forgetPasswordRoutes);
  await app.register(publicRoutes);
  await app.register(captchaRoutes);
  await app.register(sessionScope);
  await app.register(staffApiRoutes);
  await app.register(fileRoutes);
  await app.register(billingRoutes);
  if (config.embedded) await app.register(adminRoutes);
  await app.register(videoMediaRoutes);
  await app.register(coverRoutes);
  await app.register(mediaPlugin);
  await app.register(spaPlugin, { webRoot });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
