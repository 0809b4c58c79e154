import type {} from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '@portal/shared/messages';
import { unauthorized } from '../lib/http-error';
import type { SessionContext } from '../services/sessions';

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
 * The guard of a protected prefix: identity comes only from the session token. It runs before validation,
 * so a request without a live session is refused before its body is even looked at.
 */
export function requireSession(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const token = tokenOf(request);
    // A multipart call may carry its token as a field; the handler checks it once the fields are read.
    if (!token && request.isMultipart()) return;
    const session = token ? await app.services.sessions.authenticate(token) : undefined;
    if (!session) throw unauthorized(messages.authExpired);
    request.session = session;
  });
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
