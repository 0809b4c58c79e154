import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import { enqueueMail, type OutgoingMail } from '../db/repositories/mail-outbox';
import type { OutboxSender } from './outbox-sender';

/**
 * Writes mail to the outbox, inside the caller's transaction, so a message exists exactly when the change
 * that caused it does. Without SMTP (embedded mode) the link is printed to the log for the developer.
 */
export class Mailer {
  constructor(
    private readonly sender: OutboxSender | undefined,
    private readonly log: FastifyBaseLogger,
  ) {}

  async queue(ex: Executor, mail: OutgoingMail, link: string): Promise<void> {
    await enqueueMail(ex, mail);
    if (!this.sender) this.log.info(`mail to the dev mailbox (/dev/mailbox): "${mail.subject}" ${link}`);
  }

  /** Called after the transaction commits. */
  nudge(): void {
    this.sender?.nudge();
  }
}
