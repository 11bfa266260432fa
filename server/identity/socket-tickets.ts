// Short-lived single-use passes for the WebSocket: a browser cannot put a bearer header on a WebSocket
// handshake, and a token in the URL would end up in logs, so it trades its session for a 30-second ticket.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { SOCKET_TICKET_TTL_MS } from '@/contract/socket-ticket';
import type { Database } from '../db';
import { sessions, socketTickets, users } from '../db/schema';
import { addMs, type Clock } from './clock';
import { newToken, sha256 } from './secrets';
import type { SessionRecord, SessionStore } from './sessions';

export class SocketTickets {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly sessions: SessionStore,
  ) {}

  async issue(sessionId: string): Promise<{ ticket: string; expiresAt: Date }> {
    const now = this.clock.now();
    // Spent and expired tickets are worthless; clearing them here keeps the table small without a job.
    await this.db.delete(socketTickets).where(lt(socketTickets.expiresAt, addMs(now, -60_000)));
    const ticket = newToken();
    const expiresAt = addMs(now, SOCKET_TICKET_TTL_MS);
    await this.db.insert(socketTickets).values({ ticketHash: sha256(ticket), sessionId, expiresAt });
    return { ticket, expiresAt };
  }

  /** Spends the ticket; the session it was issued to, if that session is still live and fully verified. */
  async redeem(ticket: string): Promise<SessionRecord | undefined> {
    if (ticket.length < 20 || ticket.length > 100) return undefined;
    const now = this.clock.now();
    const [spent] = await this.db
      .update(socketTickets)
      .set({ consumedAt: now })
      .where(
        and(
          eq(socketTickets.ticketHash, sha256(ticket)),
          isNull(socketTickets.consumedAt),
          gt(socketTickets.expiresAt, now),
        ),
      )
      .returning({ sessionId: socketTickets.sessionId });
    if (!spent) return undefined;
    const [row] = await this.db
      .select({ session: sessions, phoneVerifiedAt: users.phoneVerifiedAt })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, spent.sessionId));
    if (!row || row.phoneVerifiedAt === null || !this.sessions.isActive(row.session, now)) return undefined;
    return row.session;
  }
}
