import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, students } from '../../db/schema';
import { studentColumns } from '../students/repository';
import { preparedPer, preparedSelect } from '../../db/prepared';

const insertSessionStatement = preparedPer((ex) =>
  ex
    .insert(sessions)
    .values({
      studentId: sql.placeholder('studentId'),
      tokenHash: sql.placeholder('tokenHash'),
      expiresAt: sql`${sql.placeholder('expiresAt')}::timestamptz`,
    })
    .returning({ id: sessions.id })
    .prepare('insert_session'),
);

/** A new session's row (a sign-in's): a prepared statement, like the look-up below. */
export async function insertSession(
  ex: Executor,
  values: { studentId: string; tokenHash: string; expiresAt: Date },
): Promise<string> {
  const [row] = await insertSessionStatement(ex).execute({
    studentId: values.studentId,
    tokenHash: values.tokenHash,
    expiresAt: values.expiresAt.toISOString(),
  });
  return row!.id;
}

const liveSessionStatement = preparedSelect('find_live_session', (ex) =>
  ex
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, student: studentColumns })
    .from(sessions)
    .innerJoin(students, eq(students.id, sessions.studentId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`${sql.placeholder('idleCutoff')}::timestamptz`),
      ),
    ),
);

/**
 * The live session with this token hash and its student, in one indexed query: every student call
 * starts here, so it must stay one round trip. It is a prepared statement: PostgreSQL plans it once per
 * connection instead of once per call (the plan of its joins and subqueries costs more than running it).
 */
export async function findLiveSession(ex: Executor, tokenHash: string, idleCutoff: Date) {
  const [row] = await liveSessionStatement(ex).execute({ tokenHash, idleCutoff: idleCutoff.toISOString() });
  return row;
}

export async function touchSession(ex: Executor, id: string): Promise<void> {
  await ex
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, id));
}

export async function deleteSession(ex: Executor, id: string): Promise<void> {
  await ex.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteStudentSessions(ex: Executor, studentId: string): Promise<void> {
  await ex.delete(sessions).where(eq(sessions.studentId, studentId));
}
