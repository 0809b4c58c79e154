/**
 * Child process started by servers.ts: runs one server under test in its own process (own event loop, own
 * libuv threadpool), so the load generator in the parent does not share its event loop.
 *
 *   app   the real app: buildApp() with the settings of the environment, exactly as server.ts runs it
 *   bare  the baseline: Fastify and a pg.Pool answering one select of a student row by primary key
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { tuneGarbageCollector } from '../../apps/api/src/lib/heap';

export type ServerKind = 'app' | 'bare';

export type ChildMessage = { type: 'listening'; port: number } | { type: 'error'; message: string };

interface Closable {
  close(): Promise<unknown>;
}

async function startApp(): Promise<{ server: Closable; port: number }> {
  tuneGarbageCollector(); // as server.ts does
  const config = loadConfig(process.env);
  const app = await buildApp({ config });
  await app.listen({ port: config.port, host: config.host });
  return { server: app, port: portOf(app.server.address()) };
}

/** The columns the app reads for a student (apps/api/src/modules/students/repository.ts studentColumns). */
const studentSelect = `select id, cnic, email, email_verified_at, full_name, father_name, gender, dob, phone_number,
  home_address, last_qualification, province, city, have_laptop, image_key, roll_no, status, reject_reason,
  is_profile_complete, is_document_uploaded, is_document_verified, on_site_allowed
  from students where id = $1`;

async function startBare(): Promise<{ server: Closable; port: number }> {
  const config = loadConfig(process.env);
  const studentId = process.env.BENCH_STUDENT_ID;
  if (!studentId) throw new Error('BENCH_STUDENT_ID is not set');
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: config.databasePoolSize });
  const app = Fastify({ logger: false });
  app.addHook('onClose', () => pool.end());
  app.post('/studentapi/getinfo', async (_request, reply) => {
    const { rows } = await pool.query(studentSelect, [studentId]);
    if (!rows[0]) return reply.code(404).send({ success: false, message: 'no such student' });
    return { success: true, studentData: rows[0] as unknown };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { server: app, port: portOf(app.server.address()) };
}

function portOf(address: string | AddressInfo | null): number {
  if (address && typeof address === 'object') return address.port;
  throw new Error(`unexpected listen address ${String(address)}`);
}

const send = (message: ChildMessage) => process.send?.(message);

const kind = process.argv[2] as ServerKind;
try {
  const { server, port } = kind === 'app' ? await startApp() : await startBare();
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // The parent went away without stopping us: do not linger holding database connections.
  process.once('disconnect', stop);
  send({ type: 'listening', port });
} catch (error) {
  send({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exit(1);
}
