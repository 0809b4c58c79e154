import type { Db } from '../../db/client';
import { deleteSession, findLiveSession, insertSession, touchSession } from './sessions-repository';
import type { StudentRow } from '../students/repository';
import { hashToken, newToken } from '../../lib/tokens';

export interface SessionContext {
  sessionId: string;
  student: StudentRow;
}

/** Sessions: random tokens, stored as keyed hashes, with an idle and an absolute expiry. */
export class SessionService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly policy: { idleMinutes: number; maxHours: number },
  ) {}

  async create(studentId: string): Promise<{ token: string; sessionId: string }> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + this.policy.maxHours * 3_600_000);
    const sessionId = await insertSession(this.db, {
      studentId,
      tokenHash: hashToken(this.secret, token),
      expiresAt,
    });
    return { token, sessionId };
  }

  async authenticate(token: string): Promise<SessionContext | undefined> {
    const idleMs = this.policy.idleMinutes * 60_000;
    const row = await findLiveSession(this.db, hashToken(this.secret, token), new Date(Date.now() - idleMs));
    if (!row) return undefined;
    // Writing on every call would double the work of a read; a touch every few minutes keeps the idle
    // expiry right to within that slack.
    if (Date.now() - row.lastSeenAt.getTime() > Math.min(5 * 60_000, idleMs / 4))
      await touchSession(this.db, row.sessionId);
    return { sessionId: row.sessionId, student: row.student };
  }

  async revoke(sessionId: string): Promise<void> {
    await deleteSession(this.db, sessionId);
  }
}
