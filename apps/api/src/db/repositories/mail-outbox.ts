import { count, desc, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../client';
import { preparedPer } from '../prepared';
import { mailOutbox } from '../schema';

export interface OutgoingMail {
  recipient: string;
  subject: string;
  textBody: string;
  htmlBody: string;
}

export async function enqueueMail(ex: Executor, mail: OutgoingMail): Promise<void> {
  await ex.insert(mailOutbox).values(mail);
}

export interface ClaimedMail extends OutgoingMail {
  id: string;
  attempts: number;
}

/**
 * Claims due messages for one delivery attempt. SKIP LOCKED and the lease on next_attempt_at let several
 * instances send from one outbox without sending a message twice.
 */
export async function claimDueMail(
  ex: Executor,
  limit: number,
  leaseSeconds: number,
): Promise<ClaimedMail[]> {
  return queryRows<ClaimedMail>(
    ex,
    sql`
    update mail_outbox
       set attempts = attempts + 1,
           next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
     where id in (
       select id from mail_outbox
        where sent_at is null and next_attempt_at <= now()
        order by next_attempt_at
        limit ${limit}
        for update skip locked)
    returning id, recipient, subject, text_body as "textBody", html_body as "htmlBody", attempts`,
  );
}

export async function markMailSent(ex: Executor, id: string): Promise<void> {
  await markMailSentStatement(ex).execute({ id });
}

// Every mail sent: prepared.
const markMailSentStatement = preparedPer((ex) =>
  ex
    .update(mailOutbox)
    .set({ sentAt: sql`now()`, lastError: null })
    .where(eq(mailOutbox.id, sql.placeholder('id')))
    .prepare('mark_mail_sent'),
);

export async function markMailFailed(ex: Executor, id: string, error: string, retryInSeconds: number) {
  await ex
    .update(mailOutbox)
    .set({
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`,
    })
    .where(eq(mailOutbox.id, id));
}

export async function listRecentMail(ex: Executor, limit: number) {
  return ex
    .select({
      id: mailOutbox.id,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      htmlBody: mailOutbox.htmlBody,
      textBody: mailOutbox.textBody,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      attempts: mailOutbox.attempts,
      lastError: mailOutbox.lastError,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(limit);
}

export async function countPendingMail(ex: Executor): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
  return row?.n ?? 0;
}
