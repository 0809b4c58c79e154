import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { tuneGarbageCollector } from './lib/heap';

tuneGarbageCollector();

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const app = await buildApp({ config });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then stopping`);
    // Stops accepting connections, waits for requests in flight, closes the database and the mail sender.
    const forced = setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => {
        clearTimeout(forced);
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

// In embedded mode the staff command line finds the running server (which holds PGlite) through this file.
const serverFile = join(config.dataDir, 'server.json');
app.addHook('onClose', async () => {
  if (config.embedded) await rm(serverFile, { force: true });
});

try {
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  if (config.embedded)
    await writeFile(serverFile, JSON.stringify({ pid: process.pid, port }), { mode: 0o600 });
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  process.exit(1);
}
// A plain line for the person who ran `npm start`, on stderr: stdout carries the JSON log only, one object a
// line, for whatever collects it in production.
const where = config.publicUrl;
console.error(
  `\nStudent portal is running: open ${where} in a browser` +
    `\nStaff console: ${where}/staff` +
    (config.embedded && config.seed === 'demo' ? ' (demo admin in the README)' : '') +
    (config.devMailbox ? `\nE-mails it sends are readable at ${where}/dev/mailbox` : '') +
    (config.embedded ? `\nEmbedded database: ${config.dataDir}` : '') +
    '\n',
);
