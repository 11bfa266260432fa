// Opaque bearer sessions: the browser holds a 256-bit random token, the database only its SHA-256. A
// session ends when revoked, when unused for the idle timeout, or at its absolute expiry, whichever is first.
import { and, desc, eq, gt, isNull, ne, type SQL } from 'drizzle-orm';
import type { Database } from '../db';
import { sessions, users } from '../db/schema';
import { addMs, type Clock } from './clock';
import { newToken, sha256 } from './secrets';
import type { SessionEvents } from './session-events';

export type SessionRecord = typeof sessions.$inferSelect;
export type UserRecord = typeof users.$inferSelect;

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}

/** last_seen_at moves at most once a minute: a write per request would cost more than it tells. */
export const LAST_SEEN_RESOLUTION_MS = 60_000;

export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly policy: SessionPolicy,
    private readonly events: SessionEvents,
  ) {}

  async create(userId: string, client: ClientInfo): Promise<{ token: string; session: SessionRecord }> {
    const token = newToken();
    const now = this.clock.now();
    const [session] = await this.db
      .insert(sessions)
      .values({
        userId,
        tokenHash: sha256(token),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: addMs(now, this.policy.maxMs),
        userAgent: client.userAgent?.slice(0, 512) ?? null,
        ip: client.ip,
      })
      .returning();
    return { token, session: session! };
  }

  /** The live session and its user for a bearer token, or undefined for anything unusable. */
  async authenticate(
    token: string,
    client: Pick<ClientInfo, 'ip'>,
  ): Promise<{ session: SessionRecord; user: UserRecord } | undefined> {
    // Real tokens are 43 characters; anything far off is not worth a query.
    if (token.length < 20 || token.length > 100) return undefined;
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sha256(token)))
      .limit(1);
    const now = this.clock.now();
    if (!row || !this.isActive(row.session, now)) return undefined;

    let session = row.session;
    if (now.getTime() - session.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
      const [touched] = await this.db
        .update(sessions)
        .set({ lastSeenAt: now, ...(client.ip ? { ip: client.ip } : {}) })
        .where(eq(sessions.id, session.id))
        .returning();
      session = touched ?? session;
    }
    return { session, user: row.user };
  }

  /** The earlier of the idle and the absolute expiry, as the console shows it. */
  expiresAt(session: SessionRecord): Date {
    const idle = addMs(session.lastSeenAt, this.policy.idleMs);
    return idle < session.expiresAt ? idle : session.expiresAt;
  }

  isActive(session: SessionRecord, now: Date = this.clock.now()): boolean {
    return session.revokedAt === null && now < this.expiresAt(session);
  }

  async listActive(userId: string): Promise<SessionRecord[]> {
    return this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), this.activeNow()))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  }

  /** Ends one of the user's live sessions; false when the user has no such live session. */
  async revoke(userId: string, sessionId: string): Promise<boolean> {
    const ended = await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), this.activeNow()))
      .returning({ id: sessions.id });
    this.events.ended(ended.map((row) => row.id));
    return ended.length > 0;
  }

  /** "Sign out everywhere else": ends every live session of the user but the one asking. */
  async revokeOthers(userId: string, keepSessionId: string): Promise<number> {
    const ended = await this.db
      .update(sessions)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), this.activeNow()))
      .returning({ id: sessions.id });
    this.events.ended(ended.map((row) => row.id));
    return ended.length;
  }

  private activeNow(): SQL {
    const now = this.clock.now();
    return and(
      isNull(sessions.revokedAt),
      gt(sessions.expiresAt, now),
      gt(sessions.lastSeenAt, addMs(now, -this.policy.idleMs)),
    )!;
  }
}
