import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StaffRole } from '@portal/shared/constants/staff';
import { messages } from '@portal/shared/messages';
import { forbidden, unauthorized } from '../lib/http-error';
import type { Actor } from '../modules/audit/audit';
import type { StaffContext } from '../modules/staff/staff-sessions';

/** The staff session cookie (API.md): HttpOnly, SameSite=Strict, scoped to /staffapi. */
export const staffCookie = 'portal_staff';

/** Marks the guarded staff scope, so that its handlers see `request.staff` as present. */
export interface StaffTypeProvider extends ZodTypeProvider {
  readonly staffGuarded: true;
}

export type StaffRoutesPlugin = FastifyPluginAsync<Record<never, never>, RawServerDefault, StaffTypeProvider>;

/** The app a staff routes plugin registers on, for the functions it splits its routes into. */
export type StaffApp = Parameters<StaffRoutesPlugin>[0];

// `request.staff` is declared beside `request.session`, in session-guard.ts: one augmentation of the request.
declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The roles that may make a staff call (`admin` always may). Every route under the staff guard must say;
     * one that does not fails the app at start, so a forgotten line cannot open a call to every role.
     */
    staffRoles?: readonly StaffRole[];
  }
}

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
