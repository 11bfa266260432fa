// The one place that pushes changes to open console sockets, once the change has committed:
//   live.publishToTeam(teamId, { type: 'compute.updated', compute })   every ACTIVE member of the team
//   live.publishToUsers([userId], { type: 'membership.changed', teamId })   named people (their own news)
// Team messages go to every open socket of every ACTIVE member, looked up when sent: a member removed a
// moment ago gets nothing more, a member added a moment ago gets it without reconnecting. Route handlers
// reach it as c.get('live').
import { and, eq, inArray } from 'drizzle-orm';
import type { ServerMessage } from '../../src/contract/socket';
import type { Database } from '../db';
import { teamMembers } from '../db/schema';
import type { Logger } from '../logger';

export type Deliver = (message: ServerMessage) => void;

export class LiveUpdates {
  private readonly byUser = new Map<string, Set<Deliver>>();
  /** Per team, the publication in progress: messages about one team go out in the order they were published. */
  private readonly tails = new Map<string, Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
  ) {}

  /** Registers an open socket of `userId`; call the returned function when it closes. */
  subscribe(userId: string, deliver: Deliver): () => void {
    const set = this.byUser.get(userId) ?? new Set();
    set.add(deliver);
    this.byUser.set(userId, set);
    return () => {
      set.delete(deliver);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
  }

  /** How many sockets are subscribed (for tests and health). */
  get subscribers(): number {
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  /**
   * Sends to the team's active members; resolves once sent. Never rejects: a lost update must not undo
   * the change it reports (the console refetches on reconnect anyway).
   */
  publishToTeam(teamId: string, message: ServerMessage): Promise<void> {
    // Nobody listening (tests through app.request, a server with no console open): no query at all.
    if (this.byUser.size === 0) return Promise.resolve();
    const previous = this.tails.get(teamId) ?? Promise.resolve();
    const sent = previous.then(() => this.send(teamId, message));
    this.tails.set(teamId, sent);
    void sent.finally(() => {
      if (this.tails.get(teamId) === sent) this.tails.delete(teamId);
    });
    return sent;
  }

  private async send(teamId: string, message: ServerMessage): Promise<void> {
    try {
      const connected = [...this.byUser.keys()];
      const members = await this.db
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(
          and(
            eq(teamMembers.teamId, teamId),
            eq(teamMembers.status, 'ACTIVE'),
            inArray(teamMembers.userId, connected),
          ),
        );
      this.publishToUsers(
        members.map((member) => member.userId),
        message,
      );
    } catch (error) {
      this.logger.warn({ err: error, teamId, type: message.type }, 'live update not delivered');
    }
  }

  publishToUsers(userIds: readonly string[], message: ServerMessage): void {
    for (const userId of userIds) {
      for (const deliver of this.byUser.get(userId) ?? []) {
        try {
          deliver(message);
        } catch (error) {
          this.logger.debug({ err: error }, 'live update to one socket failed');
        }
      }
    }
  }
}
