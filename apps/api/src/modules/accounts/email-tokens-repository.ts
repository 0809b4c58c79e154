import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { emailTokens } from '../../db/schema';

export type TokenPurpose = 'verify' | 'reset';

export async function insertEmailToken(
  ex: Executor,
  values: { studentId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await ex.insert(emailTokens).values(values);
}

/** Uses up every unused token of a purpose (a newer reset link replaces the older ones). */
export async function retireEmailTokens(
  ex: Executor,
  studentId: string,
  purpose: TokenPurpose,
): Promise<void> {
  await ex
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(emailTokens.studentId, studentId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)),
    );
}

/**
 * Spends a token: one conditional update, so two clicks at the same moment cannot both succeed.
 * Returns the student it belongs to, or undefined when it is unknown, used or expired.
 */
export async function consumeEmailToken(
  ex: Executor,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<string | undefined> {
  const [row] = await ex
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ studentId: emailTokens.studentId });
  return row?.studentId;
}
