import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Executor } from '../db/client';

/** Any constant the instances agree on: the lock that lets one instance at a time do the housekeeping. */
const housekeepingLock = 7_315_002;

/** How long biller notifications stay: a year and a month, for disputes with the aggregator. */
export const BILLER_LOG_DAYS = 400;

/**
 * Rows nothing reads any more, by table, and the statement that deletes them (docs/operations.md
 * "Housekeeping"). Sessions past their absolute or idle expiry cannot sign anyone in; spent or expired links
 * and captcha solutions cannot be used again; sent mail is kept a month for questions about it.
 */
function deletions(studentIdleMinutes: number): Record<string, SQL> {
  return {
    sessions: sql`delete from sessions
      where expires_at < now() or last_seen_at < now() - make_interval(mins => ${studentIdleMinutes})`,
    staff_sessions: sql`delete from staff_sessions
      where expires_at < now() or last_seen_at < now() - interval '30 minutes'`,
    email_tokens: sql`delete from email_tokens
      where expires_at < now() - interval '7 days' or used_at < now() - interval '7 days'`,
    staff_setup_tokens: sql`delete from staff_setup_tokens
      where expires_at < now() - interval '7 days' or used_at < now() - interval '7 days'`,
    captcha_solutions: sql`delete from captcha_solutions where expires_at < now() - interval '1 hour'`,
    mail_outbox: sql`delete from mail_outbox where sent_at < now() - interval '30 days'`,
    // A report a crash left half-written (a refused file's is deleted at once; a big file takes seconds).
    reconciliation_reports: sql`delete from reconciliation_reports
      where finished_at is null and lists is null and created_at < now() - interval '1 hour'`,
    // An import's rows are kept a day for its author to page (decision 0042); what an apply changed is in
    // the audit log. One a crash left half-read goes after an hour.
    import_reports: sql`delete from import_reports
      where created_at < now() - interval '1 day'
         or (finished_at is null and created_at < now() - interval '1 hour')`,
    biller_notifications: sql`delete from biller_notifications
      where received_at < now() - make_interval(days => ${BILLER_LOG_DAYS})`,
  };
}

async function deleted(ex: Executor, statement: SQL): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    ex,
    sql`with gone as (${statement} returning 1) select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}

/**
 * One round of housekeeping, by whichever instance takes the lock first (the others skip it): the rows
 * deleted per table, or undefined when another instance holds the lock. The audit log is not touched: it is
 * append-only (decision 0034), kept for as long as the programme keeps records.
 */
export async function runHousekeeping(
  db: Db,
  options: { studentIdleMinutes: number },
): Promise<Record<string, number> | undefined> {
  return db.transaction(async (tx) => {
    const [lock] = await queryRows<{ taken: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${housekeepingLock}) as taken`,
    );
    if (!lock?.taken) return undefined;
    const counts: Record<string, number> = {};
    for (const [table, statement] of Object.entries(deletions(options.studentIdleMinutes)))
      counts[table] = await deleted(tx, statement);
    return counts;
  });
}
