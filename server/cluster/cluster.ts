// What servers sharing one database tell each other, and which of them runs the background work.
//
// - broadcast(channel, payload): every server, this one included, receives it (live updates for open sockets).
// - tellOthersOnCommit(tx, channel, payload): the other servers receive it once `tx` commits, and never if it
//   rolls back (a zone changed: their embedded DNS servers load it again).
// - whileLeading(work): the work runs on exactly one server at a time (sweeps, checks, timers of stored
//   transitions); when that server stops or dies, another takes over.
//
// One server on the embedded database (cluster/single-server.ts) does all of it in process; servers on
// PostgreSQL (cluster/postgres-cluster.ts) use LISTEN/NOTIFY and an advisory lock.
import type { Transaction } from '../db';

export type ClusterChannel = 'live' | 'dns';

export type ClusterHandler = (payload: unknown, origin: string) => void;

/** Background work that must run on one server at a time. */
export interface LeaderWork {
  /** For the log: "metering", "delegation checks"… */
  name: string;
  start(): void;
  /** Resolves once whatever it was doing has finished or been dropped safely. */
  stop(): Promise<void>;
}

export interface Cluster {
  readonly kind: 'single' | 'postgres';
  /** This server's name among the others (random per start). */
  readonly serverId: string;
  broadcast(channel: ClusterChannel, payload: unknown): Promise<void>;
  tellOthersOnCommit(tx: Transaction, channel: ClusterChannel, payload: unknown): Promise<void>;
  subscribe(channel: ClusterChannel, handler: ClusterHandler): () => void;
  /** After the link to the other servers was lost and is back: messages may have been missed meanwhile. */
  onResync(handler: () => void): () => void;
  whileLeading(work: LeaderWork): void;
  readonly isLeader: boolean;
  /** Stops the leader's work (if this server leads) and the link to the others. */
  close(): Promise<void>;
}

/** Subscribers per channel, shared by both kinds. */
export class Handlers {
  private readonly byChannel = new Map<ClusterChannel, Set<ClusterHandler>>();
  private readonly resync = new Set<() => void>();

  subscribe(channel: ClusterChannel, handler: ClusterHandler): () => void {
    const set = this.byChannel.get(channel) ?? new Set();
    set.add(handler);
    this.byChannel.set(channel, set);
    return () => set.delete(handler);
  }

  onResync(handler: () => void): () => void {
    this.resync.add(handler);
    return () => this.resync.delete(handler);
  }

  deliver(
    channel: ClusterChannel,
    payload: unknown,
    origin: string,
    onError: (error: unknown) => void,
  ): void {
    for (const handler of this.byChannel.get(channel) ?? []) {
      try {
        handler(payload, origin);
      } catch (error) {
        onError(error);
      }
    }
  }

  resynced(onError: (error: unknown) => void): void {
    for (const handler of this.resync) {
      try {
        handler();
      } catch (error) {
        onError(error);
      }
    }
  }
}

/**
 * Runs `task` every `everyMs` while started, one run at a time (a failed run is reported and the next one
 * tries again); stop() waits for a run under way.
 */
export function periodic(
  everyMs: number,
  task: () => Promise<void>,
  onError: (error: unknown) => void,
): Pick<LeaderWork, 'start' | 'stop'> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        running ??= task()
          .catch(onError)
          .finally(() => {
            running = undefined;
          });
      }, everyMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
