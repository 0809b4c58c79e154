import fp from 'fastify-plugin';

/**
 * Graceful shutdown: closing the app waits (up to `timeoutMs`) for the requests already in flight before the
 * onClose hooks end the database pool under them. New requests get 503 meanwhile (Fastify's own rule).
 */
export const drainPlugin = fp<{ timeoutMs?: number }>(
  async (app, { timeoutMs = 10_000 }) => {
    let inFlight = 0;
    let drained: (() => void) | undefined;
    app.addHook('onRequest', async () => {
      inFlight += 1;
    });
    const done = () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    };
    app.addHook('onResponse', async () => done());
    // Fastify wants exactly one parameter on an async abort hook.
    app.addHook('onRequestAbort', async (_request) => done());
    app.addHook('preClose', async () => {
      if (inFlight === 0) return;
      app.log.info({ inFlight }, 'waiting for requests in flight');
      await new Promise<void>((resolve) => {
        drained = resolve;
        setTimeout(resolve, timeoutMs).unref();
      });
    });
  },
  { name: 'drain' },
);
