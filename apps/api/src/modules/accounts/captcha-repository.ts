import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { captchaSolutions } from '../../db/schema';

/** Records a verified solution; false when it was verified before (a solution verifies once). */
export async function recordVerifiedSolution(
  ex: Executor,
  solutionHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await recordSolutionStatement(ex).execute({ solutionHash, expiresAt });
  return rows.length === 1;
}

// Every captcha solved: prepared.
const recordSolutionStatement = preparedPer((ex) =>
  ex
    .insert(captchaSolutions)
    .values({ solutionHash: sql.placeholder('solutionHash'), expiresAt: sql.placeholder('expiresAt') })
    .onConflictDoNothing()
    .returning({ solutionHash: captchaSolutions.solutionHash })
    .prepare('record_captcha_solution'),
);

/** Spends a verified solution: one conditional update, so two requests cannot both spend it. */
export async function spendSolution(ex: Executor, solutionHash: string): Promise<boolean> {
  const rows = await spendSolutionStatement(ex).execute({ solutionHash });
  return rows.length === 1;
}

// Every sign-up spends one: prepared.
const spendSolutionStatement = preparedPer((ex) =>
  ex
    .update(captchaSolutions)
    .set({ spentAt: sql`now()` })
    .where(
      and(
        eq(captchaSolutions.solutionHash, sql.placeholder('solutionHash')),
        isNull(captchaSolutions.spentAt),
        gt(captchaSolutions.expiresAt, sql`now()`),
      ),
    )
    .returning({ solutionHash: captchaSolutions.solutionHash })
    .prepare('spend_captcha_solution'),
);
