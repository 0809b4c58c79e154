import { and, eq, gt, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedPer } from '../../db/prepared';
import { emailTokens, students } from '../../db/schema';
import { emailVerified } from '../students/repository';

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

/** The conditional update that spends a token, answering the student it belongs to. */
function spendToken(ex: Executor, tokenHash: string | Placeholder, purpose: TokenPurpose) {
  return ex
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
  const [row] = await spendToken(ex, tokenHash, purpose);
  return row?.studentId;
}

/**
 * Spends a verification token and marks its student's address verified, in one statement (the spend is its
 * CTE): atomic without a transaction around it, and one round trip instead of four. Returns the student, or
 * undefined when the token is unknown, used or expired (and then nothing changes).
 */
export async function consumeVerificationToken(ex: Executor, tokenHash: string): Promise<string | undefined> {
  const [row] = await verificationStatement(ex).execute({ tokenHash });
  return row?.id;
}

// Every address verified: prepared.
const verificationStatement = preparedPer((ex) => {
  const spent = ex.$with('spent').as(spendToken(ex, sql.placeholder('tokenHash'), 'verify'));
  return ex
    .with(spent)
    .update(students)
    .set(emailVerified)
    .from(spent)
    .where(eq(students.id, spent.studentId))
    .returning({ id: students.id })
    .prepare('consume_verification_token');
});
