// A looser limit per client address on top of the per-address code rules: one network spraying codes
// at many addresses (mail bombing, guessing across accounts) is slowed down without touching the rest.
// Kept in memory: a restart forgets it, which is acceptable for a limit this coarse.
import type { Clock } from './clock';

export type NetworkAction = 'send-code' | 'enter-code';

export interface NetworkLimit {
  max: number;
  windowMs: number;
}

export const NETWORK_LIMIT_WINDOW_MS = 15 * 60_000;

/**
 * Generous enough for an office or school behind one address, tight enough to stop a script.
 * CODE_SENDS_PER_IP and CODE_TRIES_PER_IP change them.
 */
export const NETWORK_LIMITS: Record<NetworkAction, NetworkLimit> = {
  'send-code': { max: 30, windowMs: NETWORK_LIMIT_WINDOW_MS },
  'enter-code': { max: 100, windowMs: NETWORK_LIMIT_WINDOW_MS },
};

/** Above this many tracked keys the oldest are dropped, so a flood of addresses cannot grow memory. */
const MAX_KEYS = 50_000;

export class NetworkLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly clock: Clock,
    private readonly limits: Record<NetworkAction, NetworkLimit> = NETWORK_LIMITS,
  ) {}

  /** Counts one action; answers the seconds to wait when the network is over its limit. */
  hit(action: NetworkAction, ip: string | null): number | undefined {
    if (!ip) return undefined;
    const { max, windowMs } = this.limits[action];
    const now = this.clock.now().getTime();
    const key = `${action}|${ip}`;
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - windowMs);
    if (recent.length >= max) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil((recent[0]! + windowMs - now) / 1000));
    }
    recent.push(now);
    // Re-inserting moves the key to the end of the Map's order: the first keys are the least recent.
    this.hits.delete(key);
    this.hits.set(key, recent);
    if (this.hits.size > MAX_KEYS) {
      for (const oldest of [...this.hits.keys()].slice(0, MAX_KEYS / 10)) this.hits.delete(oldest);
    }
    return undefined;
  }
}
