import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { claimDueMail, markMailFailed, markMailSent } from '../db/repositories/mail-outbox';

/**
 * A delivery round claims a few due messages at a time for LEASE_SECONDS: another instance takes them only
 * after that, so an instance killed mid-round delays its claimed messages by at most a minute (it was five
 * before admission day's fault run, bench/admission-day.ts), and never loses them. Each send is bounded by
 * the SMTP timeouts below, and a round stops claiming its leased messages once too little of the lease is
 * left for one more send, so two instances never both send a message whose lease ran out under a slow relay.
 */
export const CLAIM_BATCH = 5;
export const LEASE_SECONDS = 60;
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };
/** The longest one send can take under those timeouts, with a margin. */
const SEND_BOUND_MS = 40_000;

/** Seconds to wait before the next attempt after `attempts` failures: 30 s doubling, at most an hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

export interface OutboxSenderOptions {
  db: Db;
  smtpUrl: string;
  from: string;
  log: FastifyBaseLogger;
  pollMs?: number;
  /** Told of each delivery the relay refused or did not answer (the dependency-error metric). */
  onSendError?: () => void;
}

/**
 * Delivers the outbox over SMTP. A failed delivery stays in the outbox and is tried again with backoff, so
 * a mail server that is down loses nothing; it only delays.
 */
export class OutboxSender {
  readonly #transport: Transporter;
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<number> | undefined;
  #followUp: Promise<number> | undefined;
  #stopped = false;

  constructor(private readonly options: OutboxSenderOptions) {
    // Pooled: the connection to the relay stays open between messages instead of a handshake for each.
    this.#transport = nodemailer.createTransport(
      { url: options.smtpUrl, pool: true, maxConnections: 2, ...smtpTimeouts },
      { from: options.from },
    );
  }

  start(): void {
    this.#schedule(0);
  }

  /** Asks for a delivery round soon (after a new message is queued). */
  nudge(): void {
    if (!this.#stopped) this.#schedule(0);
  }

  /**
   * One delivery round; returns how many messages were sent. A call during a round waits for one more round
   * after it: the running round may have claimed before the caller's message was committed.
   */
  deliverDue(): Promise<number> {
    if (this.#running) {
      this.#followUp ??= this.#running
        .catch(() => 0)
        .then(() => {
          this.#followUp = undefined;
          return this.#stopped ? 0 : this.deliverDue();
        });
      return this.#followUp;
    }
    this.#running = this.#deliver().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#followUp?.catch(() => 0);
    await this.#running?.catch(() => 0);
    this.#transport.close();
  }

  #schedule(ms: number) {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.deliverDue()
        .catch((error: unknown) => this.options.log.error({ err: error }, 'mail delivery round failed'))
        .finally(() => {
          if (!this.#stopped) this.#schedule(this.options.pollMs ?? 5000);
        });
    }, ms);
    this.#timer.unref();
  }

  async #deliver(): Promise<number> {
    let sent = 0;
    for (;;) {
      const claimedAt = Date.now();
      const batch = await claimDueMail(this.options.db, CLAIM_BATCH, LEASE_SECONDS);
      if (batch.length === 0) return sent;
      for (const mail of batch) {
        // The rest of the batch goes back to the outbox when its lease ends, for whichever instance is first.
        if (Date.now() - claimedAt > LEASE_SECONDS * 1000 - SEND_BOUND_MS) break;
        try {
          await this.#transport.sendMail({
            from: this.options.from,
            to: mail.recipient,
            subject: mail.subject,
            text: mail.textBody,
            html: mail.htmlBody,
          });
          await markMailSent(this.options.db, mail.id);
          sent += 1;
        } catch (error) {
          this.options.onSendError?.();
          const delay = retryDelaySeconds(mail.attempts);
          // The recipient stays out of the log; the outbox row says who it was for.
          this.options.log.warn(
            { mailId: mail.id, attempts: mail.attempts, retryInSeconds: delay, err: String(error) },
            'mail delivery failed',
          );
          await markMailFailed(this.options.db, mail.id, String(error), delay);
        }
      }
      if (this.#stopped) return sent;
    }
  }
}
