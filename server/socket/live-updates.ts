// The one place that pushes changes to open console sockets, once the change has committed:
//   live.publishToTeam(teamId, { type: 'compute.updated', compute })   every ACTIVE member of the team
//   live.publishToUsers([userId], { type: 'membership.changed', teamId })   named people (their own news)
// Team messages go to every open socket of every ACTIVE member, looked up when sent: a member removed a
// moment ago gets nothing more, a member added a moment ago gets it without reconnecting. Route handlers
// reach it as c.get('live').
// With servers sharing PostgreSQL, every message goes through the cluster (NOTIFY), and each server delivers
// it to the sockets it holds: a console connected to any server hears of a change made through any other.
import { and, eq, inArray, not, or } from 'drizzle-orm';
import type { ServerMessage } from '@/contract/socket';
import type { Cluster } from '../cluster';
import type { Database } from '../db';
import { teamMembers, teams } from '../db/schema';
import { usesTwoFactor } from '../identity/two-factor';
import type { Logger } from '../logger';

export type Deliver = (message: ServerMessage) => void;

/** What goes between servers: a message for a team's active members, or for named people. */
type LiveEnvelope = { team: string; message: ServerMessage } | { users: string[]; message: ServerMessage };

export class LiveUpdates {
  private readonly byUser = new Map<string, Set<Deliver>>();
  /** Per team, the publication in progress: messages about one team go out in the order they were published. */
  private readonly tails = new Map<string, Promise<void>>();

  /** Set when other servers may hold sockets too: messages then go through it, to every server. */
  private readonly cluster: Cluster | undefined;

  constructor(
    private readonly db: Database,
    private readonly logger: Logger,
    cluster?: Cluster,
  ) {
    if (cluster?.kind !== 'postgres') return;
    this.cluster = cluster;
    cluster.subscribe('live', (payload) => {
      const envelope = payload as LiveEnvelope;
      if ('team' in envelope) void this.publishHere(envelope.team, envelope.message);
      else this.deliverHere(envelope.users, envelope.message);
    });
    // Back from a lost link (the database failed over): what was published meanwhile never reached this
    // server, so every console connected here is told to read again what it shows.
    cluster.onResync(() => this.deliverHere([...this.byUser.keys()], { type: 'resync' }));
  }

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

  /**
   * Whether a message could reach anyone: a socket on this server, or possibly one on another. Callers skip
   * reading what they would send when it is false.
   */
  get listening(): boolean {
    return this.cluster !== undefined || this.byUser.size > 0;
  }

  /** How many sockets are subscribed here (for tests and health). */
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
    if (this.cluster) return this.cluster.broadcast('live', { team: teamId, message } satisfies LiveEnvelope);
    return this.publishHere(teamId, message);
  }

  /** To the team's active members among the sockets this server holds. */
  private publishHere(teamId: string, message: ServerMessage): Promise<void> {
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
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(
          and(
            eq(teamMembers.teamId, teamId),
            eq(teamMembers.status, 'ACTIVE'),
            inArray(teamMembers.userId, connected),
            // A team that requires two-factor sign-in tells nothing to members who do not use it.
            or(not(teams.requireTwoFactor), usesTwoFactor('team_members.user_id')),
          ),
        );
      this.deliverHere(
        members.map((member) => member.userId),
        message,
      );
    } catch (error) {
      this.logger.warn({ err: error, teamId, type: message.type }, 'live update not delivered');
    }
  }

  publishToUsers(userIds: readonly string[], message: ServerMessage): void {
    if (this.cluster)
      void this.cluster.broadcast('live', { users: [...userIds], message } satisfies LiveEnvelope);
    else this.deliverHere(userIds, message);
  }

  private deliverHere(userIds: readonly string[], message: ServerMessage): void {
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
