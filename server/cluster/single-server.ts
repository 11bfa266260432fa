// One server alone (the embedded database, which a second server cannot open): it is always the leader,
// and what it broadcasts reaches only itself.
import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger';
import { type Cluster, type ClusterChannel, type ClusterHandler, Handlers, type LeaderWork } from './cluster';

export class SingleServerCluster implements Cluster {
  readonly kind = 'single';
  readonly serverId = randomUUID();
  readonly isLeader = true;
  private readonly handlers = new Handlers();
  private readonly works: LeaderWork[] = [];
  private closed = false;

  constructor(private readonly logger: Logger) {}

  async broadcast(channel: ClusterChannel, payload: unknown): Promise<void> {
    this.handlers.deliver(channel, payload, this.serverId, (error) =>
      this.logger.warn({ err: error, channel }, 'cluster: a handler failed'),
    );
  }

  /** There are no other servers. */
  async tellOthersOnCommit(): Promise<void> {}

  subscribe(channel: ClusterChannel, handler: ClusterHandler): () => void {
    return this.handlers.subscribe(channel, handler);
  }

  onResync(handler: () => void): () => void {
    return this.handlers.onResync(handler);
  }

  whileLeading(work: LeaderWork): void {
    if (this.closed) return;
    this.works.push(work);
    work.start();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all(this.works.map((work) => work.stop()));
  }
}
