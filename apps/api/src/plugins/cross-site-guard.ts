import type { FastifyRequest } from 'fastify';
import { messages } from '@portal/shared/messages';
import { forbidden } from '../lib/http-error';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Whether a browser sent this request from the portal's own pages (decision 0033). A browser says where a
 * request comes from in `Sec-Fetch-Site`, or failing that in `Origin`; a client that is not a browser (the
 * staff command line, curl) sends neither and carries no one else's cookie, so it passes.
 */
export function fromOwnPages(request: FastifyRequest, trustedOrigins: readonly string[]): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return site === undefined;
  if (trustedOrigins.includes(origin)) return true;
  // A browser that says `same-site` or `cross-site` is on another origin: a sibling subdomain is `same-site`.
  if (site !== undefined) return false;
  // A browser older than Fetch Metadata: its Origin must name the host it sent the request to.
  return URL.canParse(origin) && new URL(origin).host === request.headers.host;
}

/**
 * Refuses (403) a state-changing request that a browser sent from another site. The staff session is a
 * cookie, which a browser attaches whoever makes the request; SameSite=Strict does not stop a sibling
 * subdomain, which is the same site.
 */
export function refuseCrossSite(trustedOrigins: readonly string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!safeMethods.has(request.method) && !fromOwnPages(request, trustedOrigins))
      throw forbidden(messages.forbidden);
  };
}
