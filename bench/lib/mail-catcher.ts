import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A mail catcher: a real SMTP server on a local port that the app's outbox delivers to, as it would to the
 * relay in production. It keeps the links of the messages by recipient, so that a virtual applicant can
 * wait for its verification link exactly as a person waits for the e-mail.
 */
export interface MailCatcher {
  /** smtp://127.0.0.1:<port>, for the app's SMTP_URL. */
  url: string;
  /** Messages received in all. */
  received(): number;
  /** Messages received per recipient. */
  perRecipient(): ReadonlyMap<string, number>;
  /** The token of the first `kind` link mailed to `email`, once it arrives (rejects after `timeoutMs`). */
  waitForLink(email: string, kind: string, timeoutMs: number): Promise<string>;
  close(): Promise<void>;
}

/** The body of a message as text: quoted-printable soft breaks and escapes undone (links are ASCII). */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Listens on 127.0.0.1 and a free port by default; `--target` runs give a fixed port on every address, for a
 * staging deployment's SMTP_URL to point at.
 */
export async function startMailCatcher(listen: { port?: number; host?: string } = {}): Promise<MailCatcher> {
  const bodies = new Map<string, string[]>();
  const waiters = new Map<string, (() => void)[]>();
  let received = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const text = decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8'));
        received += 1;
        for (const { address } of session.envelope.rcptTo) {
          const recipient = address.toLowerCase();
          bodies.set(recipient, [...(bodies.get(recipient) ?? []), text]);
          for (const wake of waiters.get(recipient) ?? []) wake();
          waiters.delete(recipient);
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port ?? 0, listen.host ?? '127.0.0.1', () => resolve());
  });
  // A client that goes away mid-session (an instance killed while it delivered) is not the catcher's failure.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;

  const linkOf = (email: string, kind: string) => {
    const pattern = new RegExp(`/${kind}/([A-Za-z0-9_-]+)`);
    for (const body of bodies.get(email) ?? []) {
      const token = pattern.exec(body)?.[1];
      if (token) return token;
    }
    return undefined;
  };

  return {
    url: `smtp://${listen.host && listen.host !== '0.0.0.0' ? listen.host : '127.0.0.1'}:${port}`,
    received: () => received,
    perRecipient: () => new Map([...bodies].map(([recipient, list]) => [recipient, list.length])),
    async waitForLink(email, kind, timeoutMs) {
      const recipient = email.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const token = linkOf(recipient, kind);
        if (token) return token;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no ${kind} mail to ${email} within ${timeoutMs / 1000} s`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.set(recipient, [
            ...(waiters.get(recipient) ?? []),
            () => {
              clearTimeout(timer);
              resolve();
            },
          ]);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
