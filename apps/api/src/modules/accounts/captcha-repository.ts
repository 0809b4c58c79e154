import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { captchaSolutions } from '../../db/schema';

/** Records a verified solution; false when it was verified before (a solution verifies once). */
export async function recordVerifiedSolution(
  ex: Executor,
  solutionHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await ex
    .insert(captchaSolutions)
    .values({ solutionHash, expiresAt })
    .onConflictDoNothing()
    .returning({ solutionHash: captchaSolutions.solutionHash });
  return rows.length === 1;
}

/** Spends a verified solution: one conditional update, so two requests cannot both spend it. */
export async function spendSolution(ex: Executor, solutionHash: string): Promise<boolean> {
  const rows = await ex
    .update(captchaSolutions)
    .set({ spentAt: sql`now()` })
    .where(
      and(
        eq(captchaSolutions.solutionHash, solutionHash),
        isNull(captchaSolutions.spentAt),
        gt(captchaSolutions.expiresAt, sql`now()`),
      ),
    )
    .returning({ solutionHash: captchaSolutions.solutionHash });
  return rows.length === 1;
}
