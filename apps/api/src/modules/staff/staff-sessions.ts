import type { Db } from '../../db/client';
import {
  deleteStaffSession,
  findLiveStaffSession,
  insertStaffSession,
  touchStaffSession,
  type StaffRow,
} from './sessions-repository';
import { hashToken, newToken } from '../../lib/tokens';

export interface StaffContext {
  sessionId: string;
  staff: StaffRow;
}

/** API.md: staff sessions are idle 30 minutes, absolute 12 hours. */
const staffSessionPolicy = { idleMinutes: 30, maxHours: 12 };

/**
 * Staff sessions: random tokens in an HttpOnly cookie, stored as keyed hashes. A session lives only while
 * its account is active, so disabling an account ends its sessions on their next call, and they are deleted too.
 */
export class StaffSessionService {
  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly policy = staffSessionPolicy,
  ) {}

  async create(staffId: string): Promise<{ token: string; sessionId: string; maxAgeSeconds: number }> {
    const token = newToken();
    const maxAgeSeconds = this.policy.maxHours * 3600;
    const sessionId = await insertStaffSession(this.db, {
      staffId,
      tokenHash: hashToken(this.#key(), token),
      expiresAt: new Date(Date.now() + maxAgeSeconds * 1000),
    });
    return { token, sessionId, maxAgeSeconds };
  }

  async authenticate(token: string): Promise<StaffContext | undefined> {
    const idleMs = this.policy.idleMinutes * 60_000;
    const row = await findLiveStaffSession(
      this.db,
      hashToken(this.#key(), token),
      new Date(Date.now() - idleMs),
    );
    if (!row) return undefined;
    if (Date.now() - row.lastSeenAt.getTime() > 60_000) await touchStaffSession(this.db, row.sessionId);
    return { sessionId: row.sessionId, staff: row.staff };
  }

  async revoke(sessionId: string): Promise<void> {
    await deleteStaffSession(this.db, sessionId);
  }

  /** A key of its own, so that a student token hash can never match a staff one. */
  #key(): string {
    return `staff:${this.secret}`;
  }
}
