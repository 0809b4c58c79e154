import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Graceful shutdown: closing the app waits (up to `timeoutMs`) for the requests already in flight before the
 * onClose hooks end the database pool under them. New requests get 503 meanwhile (Fastify's own rule).
 *
 * Two callback hooks only: an onRequestAbort hook would make Fastify watch every request for aborts, which cost
 * a quarter of getinfo's throughput (bench/README.md). A request whose client went away is not waited for.
 */
export const drainPlugin = fp<{ timeoutMs?: number }>(
  async (app, { timeoutMs = 10_000 }) => {
    const inFlight = new Set<FastifyRequest>();
    app.addHook('onRequest', (request, _reply, next) => {
      inFlight.add(request);
      next();
    });
    app.addHook('onResponse', (request, _reply, next) => {
      inFlight.delete(request);
      next();
    });
    app.addHook('preClose', async () => {
      const deadline = Date.now() + timeoutMs;
      const waiting = () => [...inFlight].filter((request) => !request.raw.socket?.destroyed).length;
      if (waiting() === 0) return;
      app.log.info({ inFlight: waiting() }, 'waiting for requests in flight');
      while (waiting() > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });
  },
  { name: 'drain' },
);
