import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
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
import type { StaffRole } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import { forbidden, unauthorized } from '../lib/http-error';
import type { Actor } from '../services/audit';
import type { StaffContext } from '../services/staff-sessions';

/** The staff session cookie (API.md): HttpOnly, SameSite=Strict, scoped to /staffapi. */
export const staffCookie = 'portal_staff';

/** Marks the guarded staff scope, so that its handlers see `request.staff` as present. */
export interface StaffTypeProvider extends ZodTypeProvider {
  readonly staffGuarded: true;
}

export type StaffRoutesPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, StaffTypeProvider>;

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
    /** The caller's staff session: present under the staff guard, null elsewhere. */
    staff: TypeProvider extends StaffTypeProvider ? StaffContext : StaffContext | null;
  }
  interface FastifyContextConfig {
    /**
     * The roles that may make a staff call (`admin` always may). Every route under the staff guard must say;
     * one that does not fails the app at start, so a forgotten line cannot open a call to every role.
     */
    staffRoles?: readonly StaffRole[];
  }
}
/* eslint-enable @typescript-eslint/no-unused-vars */

/** The actor of an audit entry for a call made in a staff session. */
export function actorOf(request: FastifyRequest & { staff: StaffContext }): Actor {
  return {
    staffId: request.staff.staff.id,
    label: request.staff.staff.email,
    role: request.staff.staff.role,
    address: request.ip,
  };
}

/** Ends the browser's copy of the staff session cookie. */
export function clearStaffCookie(reply: FastifyReply): void {
  reply.clearCookie(staffCookie, { path: '/staffapi' });
}

/**
 * The staff guard, the one place roles are enforced: on request, before the body is even read, the session
 * comes from the cookie only (a student's bearer token never opens a staff call) and the caller's role must
 * be one the route names. Returns the scope typed so that its handlers see `request.staff` as present.
 */
export function requireStaff(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const roles = route.config?.staffRoles;
    if (!roles || roles.length === 0)
      throw new Error(`Staff route ${route.method.toString()} ${route.url} does not name its roles`);
    route.schema = { security: [{ staffSession: [] }], ...route.schema };
  });
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[staffCookie];
    const context =
      token && /^[A-Za-z0-9_-]{16,128}$/.test(token)
        ? await app.services.staffSessions.authenticate(token)
        : undefined;
    if (!context) {
      if (token) clearStaffCookie(reply);
      throw unauthorized(messages.staffSessionExpired);
    }
    const roles = request.routeOptions.config.staffRoles ?? [];
    if (context.staff.role !== 'admin' && !roles.includes(context.staff.role))
      throw forbidden(messages.forbidden);
    request.staff = context;
  });
  return app.withTypeProvider<StaffTypeProvider>();
}
