// Servers sharing one PostgreSQL database:
// - Messages go out with NOTIFY on one connection per server that also LISTENs, so every server (this one
//   included) receives them in the order each server sent them. A payload too long for NOTIFY (8,000 bytes)
//   is stored in cluster_messages and only its id is sent; receivers read it back, still in order.
// - The leader is the server holding a session advisory lock on its own connection. Followers try to take it
//   every leaderCheckMs; a leader that stops, is killed or loses that connection releases it (PostgreSQL ends
//   the session), and the next try of another server takes over. The work is written so that two servers
//   doing it for a moment (a leader that has not yet noticed its connection is gone) charge or send nothing
//   twice: every job locks and re-reads what it changes. And they cannot do it at once: each leader takes a
//   new term (an epoch) and every transaction of its work checks the term is still current (fencing.ts).
// Why an advisory lock rather than a job library (pg-boss, graphile-worker): the background work here is a
// handful of periodic sweeps over the database, each already idempotent and resumable from the stored state,
// not a queue of discrete jobs; one leader running them is simpler to reason about and needs no new tables
// or worker processes.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Transaction } from '../db';
import type { Logger } from '../logger';
import {
  type Cluster,
  type ClusterChannel,
  type ClusterHandler,
  Handlers,
  type LeaderWork,
  periodic,
} from './cluster';
import { claimLeadership, type LeaderTerm, runAsLeaderWork, StaleLeaderError } from './fencing';

/** Any fixed number, the same on every server of one database (the migration lock uses 7_314_159). */
const LEADER_LOCK_KEY = 7_314_160;
const CHANNELS: readonly ClusterChannel[] = ['live', 'dns'];
const channelName = (channel: ClusterChannel) => `ikirere_${channel}`;
/** NOTIFY refuses payloads of 8,000 bytes or more; keep a margin for the envelope. */
const MAX_INLINE_BYTES = 7_500;
/** Stored payloads are read back within moments; older ones are removed by the leader. */
const STORED_MESSAGE_TTL_MS = 5 * 60_000;
const RECONNECT_MAX_MS = 5_000;

interface Envelope {
  /** The sending server. */
  o: string;
  /** The payload, or the id of the cluster_messages row that holds it. */
  p?: unknown;
  ref?: number;
}

export interface PostgresClusterOptions {
  url: string;
  pool: pg.Pool;
  logger: Logger;
  /** How often a follower tries to lead and the leader checks its lock's connection (default 1 s). */
  leaderCheckMs?: number;
}

export class PostgresCluster implements Cluster {
  readonly kind = 'postgres';
  readonly serverId = randomUUID();
  private readonly handlers = new Handlers();
  private readonly works: LeaderWork[] = [];
  private readonly leaderCheckMs: number;
  private listener: pg.Client | undefined;
  private lockClient: pg.Client | undefined;
  private leading = false;
  /** The term this server leads under (cluster_leadership.epoch) while it leads. */
  private epoch: number | undefined;
  private readonly term: LeaderTerm = {
    current: () => (this.leading ? this.epoch : undefined),
    deposed: (epoch) => {
      if (this.leading && this.epoch === epoch) this.lockLost(new StaleLeaderError(epoch));
    },
  };
  private closed = false;
  private sending: Promise<void> = Promise.resolve();
  private receiving: Promise<void> = Promise.resolve();
  private tickTimer: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private leadershipChange: Promise<void> = Promise.resolve();

  constructor(private readonly options: PostgresClusterOptions) {
    this.leaderCheckMs = options.leaderCheckMs ?? 1_000;
    this.whileLeading({
      name: 'removing old cluster messages',
      ...periodic(
        60_000,
        () =>
          options.pool
            .query('delete from cluster_messages where created_at < $1', [
              new Date(Date.now() - STORED_MESSAGE_TTL_MS),
            ])
            .then(() => {}),
        (error) => options.logger.warn({ err: error }, 'cluster: removing old messages failed'),
      ),
    });
  }

  get isLeader(): boolean {
    return this.leading;
  }

  /** Connects the listener (failing the start when the database cannot be reached) and begins leader checks. */
  async start(): Promise<void> {
    this.listener = await this.connectListener();
    this.tick();
  }

  broadcast(channel: ClusterChannel, payload: unknown): Promise<void> {
    const sent = this.sending.then(() => this.send(channel, payload));
    this.sending = sent.catch((error: unknown) =>
      this.options.logger.warn({ err: error, channel }, 'cluster: a message was not sent'),
    );
    return this.sending;
  }

  async tellOthersOnCommit(tx: Transaction, channel: ClusterChannel, payload: unknown): Promise<void> {
    let text = JSON.stringify({ o: this.serverId, p: payload } satisfies Envelope);
    if (Buffer.byteLength(text) > MAX_INLINE_BYTES) {
      const result = await tx.execute<{ id: number }>(
        sql`insert into cluster_messages (channel, body) values (${channel}, ${text}) returning id`,
      );
      text = JSON.stringify({ o: this.serverId, ref: Number(result.rows[0]!.id) } satisfies Envelope);
    }
    await tx.execute(sql`select pg_notify(${channelName(channel)}, ${text})`);
  }

  subscribe(channel: ClusterChannel, handler: ClusterHandler): () => void {
    return this.handlers.subscribe(channel, handler);
  }

  onResync(handler: () => void): () => void {
    return this.handlers.onResync(handler);
  }

  whileLeading(work: LeaderWork): void {
    if (this.closed) return;
    this.works.push(work);
    if (this.leading) runAsLeaderWork(this.term, () => work.start());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.tickTimer);
    clearTimeout(this.reconnectTimer);
    await this.ticking;
    await this.leadershipChange;
    if (this.leading) {
      this.leading = false;
      await this.stopWorks();
    }
    await this.sending;
    await this.receiving;
    // Ending the lock's session releases the lock at once: another server takes over at its next check.
    await Promise.all([this.lockClient?.end().catch(() => {}), this.listener?.end().catch(() => {})]);
    this.lockClient = undefined;
    this.listener = undefined;
  }

  // ── Messages ──

  private async send(channel: ClusterChannel, payload: unknown): Promise<void> {
    if (this.closed) return;
    let text = JSON.stringify({ o: this.serverId, p: payload } satisfies Envelope);
    if (Buffer.byteLength(text) > MAX_INLINE_BYTES) {
      const result = await this.options.pool.query<{ id: string }>(
        'insert into cluster_messages (channel, body) values ($1, $2) returning id',
        [channel, text],
      );
      text = JSON.stringify({ o: this.serverId, ref: Number(result.rows[0]!.id) } satisfies Envelope);
    }
    // The listening connection keeps this server's messages in order; while it is being replaced, the pool.
    await (this.listener ?? this.options.pool).query('select pg_notify($1, $2)', [
      channelName(channel),
      text,
    ]);
  }

  private received(message: pg.Notification): void {
    const channel = CHANNELS.find((name) => channelName(name) === message.channel);
    if (!channel || !message.payload) return;
    const text = message.payload;
    // One at a time, so a payload read back from the table keeps its place among the others.
    this.receiving = this.receiving
      .then(async () => {
        let envelope = JSON.parse(text) as Envelope;
        if (envelope.ref !== undefined) {
          const stored = await this.options.pool.query<{ body: string }>(
            'select body from cluster_messages where id = $1',
            [envelope.ref],
          );
          if (!stored.rows[0]) throw new Error(`cluster message ${envelope.ref} is gone`);
          envelope = JSON.parse(stored.rows[0].body) as Envelope;
        }
        this.handlers.deliver(channel, envelope.p, envelope.o, (error) =>
          this.options.logger.warn({ err: error, channel }, 'cluster: a handler failed'),
        );
      })
      .catch((error: unknown) =>
        this.options.logger.warn({ err: error, channel }, 'cluster: a message could not be read'),
      );
  }

  private async connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.options.url, connectionTimeoutMillis: 5_000 });
    client.on('notification', (message) => this.received(message));
    client.on('error', (error) => this.listenerLost(client, error));
    client.on('end', () => this.listenerLost(client));
    try {
      await client.connect();
      await client.query(CHANNELS.map((channel) => `LISTEN ${channelName(channel)}`).join('; '));
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  }

  private listenerLost(client: pg.Client, error?: Error): void {
    if (this.listener !== client || this.closed) return;
    this.listener = undefined;
    this.options.logger.warn({ err: error }, 'cluster: lost the link to the other servers; reconnecting');
    void client.end().catch(() => {});
    this.reconnect(250);
  }

  private reconnect(delayMs: number): void {
    if (this.closed) return;
    this.reconnectTimer = setTimeout(() => {
      this.connectListener().then(
        (client) => {
          if (this.closed) {
            void client.end().catch(() => {});
            return;
          }
          this.listener = client;
          this.options.logger.info('cluster: link to the other servers restored');
          // Whatever was announced meanwhile was missed: those who keep copies read them again.
          this.handlers.resynced((error) =>
            this.options.logger.warn({ err: error }, 'cluster: catching up after a reconnect failed'),
          );
        },
        () => this.reconnect(Math.min(delayMs * 2, RECONNECT_MAX_MS)),
      );
    }, delayMs);
    this.reconnectTimer.unref();
  }

  // ── Leadership ──

  private tick(): void {
    if (this.closed) return;
    this.ticking = this.checkLeadership().finally(() => {
      this.ticking = undefined;
      if (this.closed) return;
      this.tickTimer = setTimeout(() => this.tick(), this.leaderCheckMs);
      this.tickTimer.unref();
    });
  }

  private async checkLeadership(): Promise<void> {
    try {
      this.lockClient ??= await this.connectLockClient();
      if (this.leading) {
        await this.lockClient.query('select 1');
        return;
      }
      const { rows } = await this.lockClient.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
        LEADER_LOCK_KEY,
      ]);
      if (!rows[0]?.ok || this.closed) return;
      this.becomeLeader(await claimLeadership(this.lockClient, this.serverId));
    } catch (error) {
      this.lockLost(error);
    }
  }

  private async connectLockClient(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.options.url, connectionTimeoutMillis: 5_000 });
    client.on('error', (error) => {
      if (this.lockClient === client) this.lockLost(error);
    });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  }

  private becomeLeader(epoch: number): void {
    this.leading = true;
    this.epoch = epoch;
    this.options.logger.info(
      { serverId: this.serverId, epoch },
      'cluster: this server runs the background work',
    );
    this.leadershipChange = this.leadershipChange.then(() => {
      if (!this.leading || this.epoch !== epoch) return;
      for (const work of this.works) runAsLeaderWork(this.term, () => work.start());
    });
  }

  private lockLost(error: unknown): void {
    const client = this.lockClient;
    this.lockClient = undefined;
    void client?.end().catch(() => {});
    if (!this.leading) return;
    this.leading = false;
    this.epoch = undefined;
    this.options.logger.warn({ err: error }, 'cluster: lost the leader lock; background work stops here');
    this.leadershipChange = this.leadershipChange.then(() => this.stopWorks());
  }

  private async stopWorks(): Promise<void> {
    await Promise.all(
      this.works.map((work) =>
        work
          .stop()
          .catch((error: unknown) =>
            this.options.logger.warn(
              { err: error, work: work.name },
              'cluster: stopping background work failed',
            ),
          ),
      ),
    );
  }
}
