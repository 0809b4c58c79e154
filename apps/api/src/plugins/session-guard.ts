import type {} from '@fastify/multipart';
import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyRequest,
  FastifySchema,
  FastifyTypeProvider,
  FastifyTypeProviderDefault,
  RawRequestDefaultExpression,
  RawServerBase,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyRequestType, ResolveFastifyRequestType } from 'fastify/types/type-provider';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { messages } from '@portal/shared/messages';
import { unauthorized } from '../lib/http-error';
import type { SessionContext } from '../modules/accounts/sessions';
import type { StaffContext } from '../modules/staff/staff-sessions';
import type { StaffTypeProvider } from './staff-guard';

/**
 * The type provider of the guarded scope: the zod provider, marked so that a handler registered there sees
 * `request.session` as present. Only `requireSession` hands out an instance of this type, after adding the
 * guard, so the type cannot be had without the hook that makes it true.
 */
export interface SessionTypeProvider extends ZodTypeProvider {
  readonly sessionGuarded: true;
}

/** A plugin of routes that sit under the session guard. */
export type SessionRoutesPlugin = FastifyPluginAsync<
  Record<never, never>,
  RawServerDefault,
  SessionTypeProvider
>;

/** The app a student routes plugin registers on, for the functions it splits its routes into. */
export type SessionApp = Parameters<SessionRoutesPlugin>[0];

/* eslint-disable @typescript-eslint/no-unused-vars -- every declaration of an interface must repeat its
   type parameters, names included, even those it does not use */
declare module 'fastify' {
  interface FastifyRequest<
    RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
    RawServer extends RawServerBase = RawServerDefault,
    RawRequest extends RawRequestDefaultExpression<RawServer> = RawRequestDefaultExpression<RawServer>,
    SchemaCompiler extends FastifySchema = FastifySchema,
    TypeProvider extends FastifyTypeProvider = FastifyTypeProviderDefault,
    ContextConfig = ContextConfigDefault,
    Logger extends FastifyBaseLogger = FastifyBaseLogger,
    RequestType extends FastifyRequestType = ResolveFastifyRequestType<
      TypeProvider,
      SchemaCompiler,
      RouteGeneric
    >,
  > {
    /** The caller's session: present under the guard, null elsewhere (and in a multipart call until read). */
    session: TypeProvider extends SessionTypeProvider ? SessionContext : SessionContext | null;
    /** The caller's staff session: present under the staff guard (staff-guard.ts), null elsewhere. */
    staff: TypeProvider extends StaffTypeProvider ? StaffContext : StaffContext | null;
  }
}
/* eslint-enable @typescript-eslint/no-unused-vars */

const bearer = /^Bearer ([A-Za-z0-9_-]{16,128})$/;

function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header) return bearer.exec(header)?.[1];
  // The spec's client may also send the token in the body.
  const body = request.body as { databaseToken?: unknown } | undefined;
  const token = body && typeof body === 'object' ? body.databaseToken : undefined;
  return typeof token === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(token) ? token : undefined;
}

/**
 * The guard of the protected scope: identity comes only from the session token. It runs before validation,
 * so a request without a live session is refused before its body is even looked at. Returns the scope typed
 * so that its handlers see `request.session` as present; register it once, on the scope of every protected
 * route (routes/session-scope.ts).
 */
export function requireSession(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const token = tokenOf(request);
    // A multipart call may carry its token as a field; the handler checks it once the fields are read.
    if (!token && request.isMultipart()) return;
    const session = token ? await app.services.sessions.authenticate(token) : undefined;
    if (!session) throw unauthorized(messages.authExpired);
    request.session = session;
  });
  return app.withTypeProvider<SessionTypeProvider>();
}

/** The session of a multipart call: from the header, or from its databaseToken field. */
export async function multipartSession(
  app: FastifyInstance,
  request: FastifyRequest,
  fieldToken: string | undefined,
): Promise<SessionContext> {
  if (request.session) return request.session;
  const token = fieldToken && /^[A-Za-z0-9_-]{16,128}$/.test(fieldToken) ? fieldToken : undefined;
  const session = token ? await app.services.sessions.authenticate(token) : undefined;
  if (!session) throw unauthorized(messages.authExpired);
  request.session = session;
  return session;
}
