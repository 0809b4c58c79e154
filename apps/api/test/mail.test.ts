import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { queryRows } from '../src/db/client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { enqueueMail } from '../src/db/repositories/mail-outbox';
import type * as MailOutbox from '../src/db/repositories/mail-outbox';
import { retryDelaySeconds } from '../src/mail/outbox-sender';
import { createTestApp, signUp, type TestApp } from './helpers';

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

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Lets a test hold a delivery round just after its claim, as a slow round would be held. */
const claimGate = vi.hoisted(() => ({
  hold: undefined as Promise<void> | undefined,
  onClaimed: undefined as (() => void) | undefined,
}));
vi.mock('../src/db/repositories/mail-outbox', async (importOriginal) => {
  const original = await importOriginal<typeof MailOutbox>();
  return {
    ...original,
    claimDueMail: async (...args: Parameters<typeof original.claimDueMail>) => {
      const claimed = await original.claimDueMail(...args);
      const hold = claimGate.hold;
      if (hold) {
        claimGate.onClaimed?.();
        await hold;
      }
      return claimed;
    },
  };
});

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
    const sender = t.app.services.mailSender!;
    const recipient = `during-a-round-${Date.now()}@example.pk`;
    // The running round has claimed (nothing of this message) and is held before it ends.
    let release!: () => void;
    const claimed = new Promise<void>((resolve) => {
      claimGate.hold = new Promise<void>((r) => (release = r));
      claimGate.onClaimed = resolve;
    });
    const running = sender.deliverDue();
    await claimed;
    claimGate.hold = undefined;
    await enqueueMail(t.app.services.database.db, {
      recipient,
      subject: 'Queued during a round',
      textBody: 'text',
      htmlBody: '<p>text</p>',
    });
    const asked = sender.deliverDue();
    release();
    await Promise.all([running, asked]);
    // Nothing listens on the port: the attempt failed, and it was made. (First in the file: no pooled
    // connection to a closed server can hold the send until the SMTP timeouts.)
    const row = await outboxRow(recipient);
    expect(row.attempts).toBeGreaterThanOrEqual(1);
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
