import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import { enqueueMail, type OutgoingMail } from '../db/repositories/mail-outbox';
import type { OutboxSender } from './outbox-sender';

/** Where a change's e-mail goes: the outbox in the change's transaction (the Mailer, or the bare outbox). */
export interface MailQueue {
  queue(ex: Executor, mail: OutgoingMail): Promise<void>;
  /** Called after the transaction commits. */
  nudge(): void;
}

/** The outbox alone, for a process that sends nothing itself (the command line): the server's sender will. */
export const bareOutbox: MailQueue = { queue: enqueueMail, nudge: () => {} };

/**
 * Writes mail to the outbox, inside the caller's transaction, so a message exists exactly when the change
 * that caused it does. Without SMTP (embedded mode) the log says where to read it: /dev/mailbox. The link
 * itself is never logged, in any mode: it carries a token that opens the account, and logs travel further
 * (collectors, support tickets) than the mailbox does.
 */
export class Mailer implements MailQueue {
  constructor(
    private readonly sender: OutboxSender | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  async queue(ex: Executor, mail: OutgoingMail): Promise<void> {
    await enqueueMail(ex, mail);
    this.queued(mail);
  }

  /** Told of a mail that a statement of its own wrote to the outbox (a sign-up's one write). */
  queued(mail: OutgoingMail): void {
    if (!this.sender) this.log.info(`mail to the dev mailbox, read it at /dev/mailbox: "${mail.subject}"`);
  }

  /** Called after the transaction commits. */
  nudge(): void {
    this.sender?.nudge();
  }
}
