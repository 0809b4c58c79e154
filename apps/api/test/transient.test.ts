import { createServer, type Server, type Socket } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { isTransientDatabaseError, transientDatabaseCause } from '../src/db/transient';
import { conflict } from '../src/lib/http-error';

/** An ErrorResponse as pg-protocol's parser builds it from the server's fields. */
function serverError(code: string, message: string, severity = 'ERROR') {
  const error = new pg.DatabaseError(message, 0, 'error');
  error.severity = severity;
  error.code = code;
  return error;
}

/** As Drizzle 0.45 throws it: the driver's error as `cause`, the query and its parameters in the message. */
function wrapped(cause: Error) {
  return new DrizzleQueryError('insert into students (email) values ($1)', ['secret@example.pk'], cause);
}

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

/** A TCP server on a free port of 127.0.0.1 that treats each connection as `onConnection` says. */
async function fakeServer(onConnection: (socket: Socket) => void): Promise<number> {
  const server = createServer((socket) => {
    sockets.push(socket);
    onConnection(socket);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

/** The error node-pg gives when its query meets what `onConnection` does to the connection. */
async function driverError(port: number, options: Partial<pg.PoolConfig> = {}): Promise<Error> {
  const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', database: 'x', max: 1, ...options });
  pool.on('error', () => {});
  try {
    await pool.query('select 1');
  } catch (error) {
    return error as Error;
  } finally {
    await pool.end().catch(() => {});
  }
  throw new Error('the query did not fail');
}

describe('isTransientDatabaseError', () => {
  it('knows the SQLSTATEs a retry can cure, bare and wrapped by Drizzle', () => {
    const states = ['08006', '08001', '08003', '57P01', '57P02', '57P03', '53300', '40001', '40P01'];
    for (const code of states) {
      const error = serverError(code, 'terminating connection due to administrator command', 'FATAL');
      expect(isTransientDatabaseError(error), code).toBe(true);
      expect(isTransientDatabaseError(wrapped(error)), code).toBe(true);
    }
    expect(transientDatabaseCause(wrapped(serverError('57P01', 'terminating connection')))).toEqual({
      code: '57P01',
      message: 'terminating connection',
    });
  });

  it('leaves the failures a retry does not cure to the 500 path', () => {
    for (const code of ['23505', '23503', '42601', '42P01', '22P02', '53100', '57014']) {
      expect(isTransientDatabaseError(wrapped(serverError(code, 'no'))), code).toBe(false);
    }
    expect(isTransientDatabaseError(new Error('Client was closed and is not queryable'))).toBe(false);
    expect(
      isTransientDatabaseError(new TypeError("Cannot read properties of undefined (reading 'id')")),
    ).toBe(false);
    expect(isTransientDatabaseError(conflict('No seats remaining'))).toBe(false);
    expect(isTransientDatabaseError('Connection terminated')).toBe(false);
    expect(isTransientDatabaseError(undefined)).toBe(false);
  });

  it("knows node-pg's own messages for a connection that is gone", () => {
    for (const message of [
      'Connection terminated',
      'Connection terminated unexpectedly',
      'timeout exceeded when trying to connect',
      'Client has encountered a connection error and is not queryable',
    ]) {
      expect(isTransientDatabaseError(wrapped(new Error(message))), message).toBe(true);
    }
  });

  it('follows a cause chain that loops without hanging', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(isTransientDatabaseError(a)).toBe(false);
  });

  it('recognises what the real driver throws: refused, cut, silent and exhausted servers', async () => {
    const closed = await fakeServer((socket) => socket.destroy());
    servers.pop()!.close();
    const refused = await driverError(closed);
    expect((refused as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
    expect(isTransientDatabaseError(wrapped(refused))).toBe(true);

    const cut = await driverError(await fakeServer((socket) => socket.once('data', () => socket.destroy())));
    expect(cut.message).toBe('Connection terminated unexpectedly');
    expect(isTransientDatabaseError(cut)).toBe(true);

    const reset = await driverError(
      await fakeServer((socket) => socket.once('data', () => socket.resetAndDestroy())),
    );
    expect((reset as NodeJS.ErrnoException).code).toBe('ECONNRESET');
    expect(isTransientDatabaseError(reset)).toBe(true);

    const silent = await driverError(await fakeServer(() => {}), { connectionTimeoutMillis: 50 });
    expect(silent.message).toBe('Connection terminated due to connection timeout');
    expect(isTransientDatabaseError(wrapped(silent))).toBe(true);
  });

  it('recognises a pool that cannot hand out a connection in time', async () => {
    const port = await fakeServer(() => {});
    const pool = new pg.Pool({ host: '127.0.0.1', port, user: 'x', max: 1, connectionTimeoutMillis: 100 });
    pool.on('error', () => {});
    const first = pool.connect().catch((error: unknown) => error);
    const second = await pool.connect().catch((error: unknown) => error);
    await first;
    await pool.end().catch(() => {});
    expect((second as Error).message).toBe('timeout exceeded when trying to connect');
    expect(isTransientDatabaseError(second)).toBe(true);
  });
});
