import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { queryRows } from '../src/db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueMail } from '../src/db/repositories/mail-outbox';
import { OutboxSender, retryDelaySeconds } from '../src/mail/outbox-sender';
import { freePort } from './free-port';
import { createTestApp, metricsHeaders, signUp, type TestApp } from './helpers';

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a local port, as the relay would be in production. */
function startSmtp(port: number, received: Received[]) {
  const server = new SMTPServer({
    authOptional: true,
    // On close, the portal's pooled connection is told 421 after half a second (smtp-server waits 30 s).
    closeTimeout: 500,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  return new Promise<SMTPServer>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

let t: TestApp;
let port: number;
beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: 'Portal <no-reply@portal.test>',
  });
});
afterAll(() => t.close());

async function outboxRow(email: string) {
  const result = {
    rows: await queryRows<{ attempts: number; sent_at: Date | null; last_error: string | null }>(
      t.app.services.database.db,
      sql`select attempts, sent_at, last_error from mail_outbox where recipient = ${email}`,
    ),
  };
  return result.rows[0]!;
}

describe('mail outbox over SMTP', () => {
  it('a round asked for during another round also takes the messages queued since that one claimed', async () => {
    const db = t.app.services.database.db;
    // A sender of its own (never started: no round but the test's), on a database that holds a round just
    // after its claim, as a slow round would be held.
    let held: (() => void) | undefined;
    // Claims made after the message was queued. The app's own sender polls the same outbox, so whether this
    // sender's next claim gets the row (or finds it locked by the app's claim) is not for the test to say;
    // that another round runs after the held one is.
    let queued = false;
    let claimsAfterQueued = 0;
    let claimed!: () => void;
    const claimDone = new Promise<void>((resolve) => (claimed = resolve));
    const heldDb = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
        return async (query: Parameters<typeof db.execute>[0]) => {
          const result = await target.execute(query);
          if (queued) claimsAfterQueued += 1;
          if (!held) {
            const release = new Promise<void>((resolve) => (held = resolve));
            claimed();
            await release;
          }
          return result;
        };
      },
    });
    const sender = new OutboxSender({
      db: heldDb,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'no-reply@portal.test',
      log: t.app.log,
    });
    const recipient = `during-a-round-${Date.now()}@example.pk`;
    const running = sender.deliverDue();
    await claimDone;
    await enqueueMail(db, {
      recipient,
      subject: 'Queued during a round',
      textBody: 'text',
      htmlBody: '<p>text</p>',
    });
    queued = true;
    const asked = sender.deliverDue();
    held!();
    await Promise.all([running, asked]);
    await sender.stop();
    // Another round claimed after the message was queued; the old sender answered with the held round,
    // whose claim came before the message, and claimed nothing more.
    expect(claimsAfterQueued).toBeGreaterThanOrEqual(1);
  });

  it('keeps a message while the mail server is down and delivers it when it is back', async () => {
    const sender = t.app.services.mailSender!;
    const account = await signUp(t.app);
    expect(account.response.status).toBe(200);

    // Nothing listens on the port yet: the attempt fails and the message stays, with a later retry.
    await sender.deliverDue();
    const failed = await outboxRow(account.email);
    expect(failed.sent_at).toBeNull();
    expect(failed.attempts).toBeGreaterThanOrEqual(1);
    expect(failed.last_error).toMatch(/ECONNREFUSED/);
    // The operator sees the relay failing in the metrics (deploy/prometheus/alerts.yml alerts on it).
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: metricsHeaders });
    expect(metrics.body).toMatch(/portal_dependency_errors_total\{dependency="smtp"\} [1-9]/);

    const received: Received[] = [];
    const smtp = await startSmtp(port, received);
    try {
      await t.app.services.database.db.execute(
        sql`update mail_outbox set next_attempt_at = now() where sent_at is null`,
      );
      await sender.deliverDue();
      const sent = await outboxRow(account.email);
      expect(sent.sent_at).not.toBeNull();
      const mail = received.find((m) => m.to.includes(account.email))!;
      expect(mail.raw).toContain('Subject: Verify your email for the Student Portal');
      expect(mail.raw).toMatch(/portal\.test\/emailverification\//);
      expect(mail.raw).toContain('no-reply@portal.test');

      // Delivered once: another round sends nothing again.
      const before = received.length;
      await sender.deliverDue();
      expect(received.length).toBe(before);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('backs off: 30 s, doubling, at most an hour', () => {
    expect([1, 2, 3, 4].map(retryDelaySeconds)).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(20)).toBe(3600);
  });

  it('has no dev mailbox when SMTP is configured and DEV_MAILBOX is not set', async () => {
    const other = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, DEV_MAILBOX: 'false' });
    try {
      const response = await other.app.inject({ method: 'GET', url: '/dev/mailbox' });
      expect(response.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
