import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** How many requests the drain holds now: those in flight, and at most a few hundred whose client left. */
    readonly requestsTracked: number;
  }
}

/** A request whose connection is closed: nothing can be answered to it any more (an injected one has none). */
const clientGone = (request: FastifyRequest) => request.raw.socket?.destroyed === true;

/** The set is swept of requests whose client went away once it holds this many (and twice what stays). */
const SWEEP_FROM = 256;

/**
 * Graceful shutdown: closing the app waits (up to `timeoutMs`) for the requests already in flight before the
 * onClose hooks end the database pool under them. New requests get 503 meanwhile (Fastify's own rule).
 *
 * Two callback hooks only: an onRequestAbort hook would make Fastify watch every request for aborts, which cost
 * a quarter of getinfo's throughput (bench/README.md). A request whose client went away is not waited for.
 * Nor does Fastify run onResponse for it, so such requests are swept from the set when it grows: a phone
 * that leaves a page mid-call would otherwise leave its request (and all it holds) here until the process
 * ends. The sweep runs once the set reaches twice what the last one left, so it costs O(1) a request.
 */
export const drainPlugin = fp<{ timeoutMs?: number }>(
  async (app, { timeoutMs = 10_000 }) => {
    const inFlight = new Set<FastifyRequest>();
    let sweepAt = SWEEP_FROM;
    app.decorate('requestsTracked', { getter: () => inFlight.size });
    app.addHook('onRequest', (request, _reply, next) => {
      inFlight.add(request);
      if (inFlight.size >= sweepAt) {
        for (const held of inFlight) if (clientGone(held)) inFlight.delete(held);
        sweepAt = Math.max(SWEEP_FROM, 2 * inFlight.size);
      }
      next();
    });
    app.addHook('onResponse', (request, _reply, next) => {
      inFlight.delete(request);
      next();
    });
    app.addHook('preClose', async () => {
      const deadline = Date.now() + timeoutMs;
      const waiting = () => [...inFlight].filter((request) => !clientGone(request)).length;
      if (waiting() === 0) return;
      app.log.info({ inFlight: waiting() }, 'waiting for requests in flight');
      while (waiting() > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
  },
  { name: 'drain' },
);
