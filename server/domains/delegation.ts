// Whether the registrar points a zone at our name servers: a resolver is asked for the zone's NS records
// and the answer compared with NAMESERVERS. pending: never seen; active: every one of ours is listed; lost:
// was active, no longer is. A resolver that fails or is slow changes nothing but checkedAt, and no check
// waits longer than LOOKUP_DEADLINE_MS. Checks run right after a zone is created, when a member asks
// (once per 10 s per zone), and in the background every DELEGATION_CHECK_INTERVAL_SECONDS, one round at
// a time.
import { getServers } from 'node:dns';
import { Resolver } from 'node:dns/promises';
import { eq } from 'drizzle-orm';
import type { DelegationStatus } from '@/contract/domains';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit-log';
import { domains } from '../db/schema';
import { queryDns } from '../dns/client';
import { findDomain, toDomain } from './domain-record';
import type { DomainService } from './domain-service';
import { delegationCheckTooSoon } from './problems';

export type NsLookup = { ok: true; nameServers: string[] } | { ok: false; reason: string };
/** DS records in presentation form (`12345 13 2 ABCD…`). */
export type DsLookup = { ok: true; records: string[] } | { ok: false; reason: string };

export interface DelegationResolver {
  /** The NS names the world sees for `zone` (ASCII); ok with an empty list when it has none. */
  lookupNs(zone: string): Promise<NsLookup>;
  /** The DS records the parent zone publishes for `zone`; ok with an empty list when it has none. */
  lookupDs?(zone: string): Promise<DsLookup>;
}

/** `192.0.2.1`, `192.0.2.1:5353`, `[2001:db8::1]:53`, `2001:db8::1` → host and port. */
function resolverEndpoint(text: string): { host: string; port: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1]!, port: Number(bracketed[2] ?? 53) };
  const withPort = /^([^:]+):(\d+)$/.exec(text);
  if (withPort) return { host: withPort[1]!, port: Number(withPort[2]) };
  return { host: text, port: 53 };
}

/** Asks the resolvers in turn for the zone's DS records (node:dns has no DS look-up). */
async function lookupDsWith(servers: readonly string[], zone: string, deadlineMs: number): Promise<DsLookup> {
  let reason = 'no resolver';
  for (const server of servers) {
    const { host, port } = resolverEndpoint(server);
    try {
      const answer = await queryDns({
        host,
        port,
        name: zone,
        type: 'DS',
        recursionDesired: true,
        edns: 1232,
        timeoutMs: Math.max(500, Math.floor(deadlineMs / 2)),
      });
      if (answer.rcode !== 'NOERROR' && answer.rcode !== 'NXDOMAIN') {
        reason = answer.rcode;
        continue;
      }
      const records = (answer.answers ?? [])
        .filter((item) => item.type === 'DS' && item.name.toLowerCase().replace(/\.$/, '') === zone)
        .map((item) => {
          const ds = (
            item as { data: { keyTag: number; algorithm: number; digestType: number; digest: Buffer } }
          ).data;
          return `${ds.keyTag} ${ds.algorithm} ${ds.digestType} ${Buffer.from(ds.digest).toString('hex').toUpperCase()}`;
        });
      return { ok: true, records: [...new Set(records)].sort() };
    } catch (error) {
      reason = (error as Error).message;
    }
  }
  return { ok: false, reason };
}

export const LOOKUP_DEADLINE_MS = 3_000;
export const MANUAL_CHECK_INTERVAL_MS = 10_000;
/** Zones checked at once by a background round. */
const ROUND_CONCURRENCY = 8;

/** Answers that mean "the zone has no NS records" rather than "the resolver failed". */
const NO_ANSWER = new Set(['ENODATA', 'ENOTFOUND']);

/** node:dns with DELEGATION_RESOLVER's servers, or the system's when none are given. */
export function systemDelegationResolver(
  servers: readonly string[] | undefined,
  deadlineMs = LOOKUP_DEADLINE_MS,
): DelegationResolver {
  return {
    lookupDs: (zone) => lookupDsWith(servers ?? getServers(), zone, deadlineMs),
    async lookupNs(zone) {
      const resolver = new Resolver({ timeout: Math.max(500, Math.floor(deadlineMs / 2)), tries: 1 });
      if (servers) resolver.setServers([...servers]);
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<NsLookup>((resolve) => {
        timer = setTimeout(() => {
          resolver.cancel();
          resolve({ ok: false, reason: 'timeout' });
        }, deadlineMs);
      });
      const lookup = resolver.resolveNs(zone).then(
        (nameServers): NsLookup => ({ ok: true, nameServers }),
        (error: NodeJS.ErrnoException): NsLookup =>
          NO_ANSWER.has(error.code ?? '')
            ? { ok: true, nameServers: [] }
            : { ok: false, reason: error.code ?? error.message },
      );
      try {
        return await Promise.race([lookup, deadline]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** A resolver that never answers, for an app made without one (tests, embedding): status stays as it is. */
export const unconfiguredResolver: DelegationResolver = {
  lookupNs: async () => ({ ok: false, reason: 'no resolver configured' }),
  lookupDs: async () => ({ ok: false, reason: 'no resolver configured' }),
};

function normalizeHost(name: string): string {
  return name.trim().toLowerCase().replace(/\.$/, '');
}

export function delegationStatusAfter(
  previous: DelegationStatus,
  found: readonly string[],
  ours: readonly string[],
): DelegationStatus {
  const seen = new Set(found.map(normalizeHost));
  if (ours.every((host) => seen.has(normalizeHost(host)))) return 'active';
  return previous === 'pending' ? 'pending' : 'lost';
}

export class DelegationChecker {
  private readonly inflight = new Map<string, Promise<void>>();
  private readonly lastRequested = new Map<string, number>();
  private readonly background = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  /** Background rounds are on (this server leads, or is alone). */
  private rounds = false;
  private closed = false;

  constructor(private readonly service: DomainService) {}

  /** Checks the zone now; a check of it already under way is joined rather than repeated. */
  check(domainId: string): Promise<void> {
    const running = this.inflight.get(domainId);
    if (running) return running;
    const started = this.run(domainId).finally(() => this.inflight.delete(domainId));
    this.inflight.set(domainId, started);
    return started;
  }

  /** A member's "check now": at most once per MANUAL_CHECK_INTERVAL_MS per zone (429 otherwise). */
  async checkRequested(domainId: string): Promise<void> {
    const now = this.service.deps.clock.now().getTime();
    const last = this.lastRequested.get(domainId);
    if (last !== undefined && now - last < MANUAL_CHECK_INTERVAL_MS) {
      throw delegationCheckTooSoon(Math.ceil((MANUAL_CHECK_INTERVAL_MS - (now - last)) / 1000));
    }
    if (this.lastRequested.size > 10_000) {
      for (const [id, at] of this.lastRequested)
        if (now - at >= MANUAL_CHECK_INTERVAL_MS) this.lastRequested.delete(id);
    }
    this.lastRequested.set(domainId, now);
    await this.check(domainId);
  }

  /** Starts a check without waiting for it (right after a zone is created). */
  checkSoon(domainId: string): void {
    if (this.closed) return;
    const started = this.check(domainId).catch((error: unknown) =>
      this.service.deps.logger.warn({ err: error, domainId }, 'delegation check failed'),
    );
    this.background.add(started);
    void started.finally(() => this.background.delete(started));
  }

  /** Resolves once the checks started with checkSoon and the current background round have finished. */
  async idle(): Promise<void> {
    while (this.background.size > 0 || this.round) {
      await Promise.allSettled([...this.background, this.round]);
    }
  }

  /** One round over every zone, ROUND_CONCURRENCY at a time. */
  async checkAll(): Promise<void> {
    const rows = await this.service.db.select({ id: domains.id }).from(domains);
    const queue = rows.map((row) => row.id);
    const worker = async () => {
      for (let id = queue.shift(); id !== undefined && !this.closed; id = queue.shift()) {
        await this.check(id).catch((error: unknown) =>
          this.service.deps.logger.warn({ err: error, domainId: id }, 'delegation check failed'),
        );
      }
    };
    await Promise.all(Array.from({ length: ROUND_CONCURRENCY }, worker));
  }

  /** Every `intervalSeconds` after the previous round ended (rounds never overlap); 0: off. */
  startBackground(intervalSeconds: number): void {
    if (intervalSeconds <= 0 || this.closed || this.rounds) return;
    this.rounds = true;
    const schedule = () => {
      this.timer = setTimeout(() => {
        this.round = this.checkAll()
          .catch((error: unknown) =>
            this.service.deps.logger.warn({ err: error }, 'background delegation round failed'),
          )
          .finally(() => {
            this.round = undefined;
            if (!this.closed && this.rounds) schedule();
          });
      }, intervalSeconds * 1000);
      this.timer.unref();
    };
    schedule();
  }

  /** Ends the background rounds (another server leads now); checks asked for by people still run. */
  async stopBackground(): Promise<void> {
    this.rounds = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.round;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    await this.idle();
    await Promise.allSettled([...this.inflight.values()]);
  }

  /** Whatever the resolver does, a check answers within the deadline (a silent resolver is a failure). */
  private async withDeadline<T extends { ok: boolean }>(
    lookup: Promise<T>,
  ): Promise<T | { ok: false; reason: string }> {
    const deadlineMs = this.service.deps.delegationDeadlineMs ?? LOOKUP_DEADLINE_MS;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<{ ok: false; reason: string }>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, reason: 'timeout' }), deadlineMs);
    });
    try {
      return await Promise.race([
        lookup.catch((error: unknown) => ({ ok: false as const, reason: String(error) })),
        deadline,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  private lookupDs(zone: string): Promise<DsLookup> {
    const { resolver } = this.service.deps;
    if (!resolver.lookupDs)
      return Promise.resolve({ ok: false, reason: 'the resolver cannot look up DS records' });
    return this.withDeadline(resolver.lookupDs(zone));
  }

  /**
   * Asks the parent for the zone's DS records now and stores what it says (turning signing off and
   * finishing a key roll decide on a fresh answer, not the last background check).
   */
  async checkDs(domainId: string): Promise<DsLookup> {
    const { db, clock } = this.service.deps;
    const [domain] = await db.select({ name: domains.name }).from(domains).where(eq(domains.id, domainId));
    if (!domain) return { ok: false, reason: 'no such domain' };
    const lookup = await this.lookupDs(domain.name);
    if (lookup.ok) {
      await db
        .update(domains)
        .set({ dsFound: lookup.records, dsCheckedAt: clock.now() })
        .where(eq(domains.id, domainId));
    }
    return lookup;
  }

  private async run(domainId: string): Promise<void> {
    const { db, clock, config, logger, live } = this.service.deps;
    const [domain] = await db.select({ name: domains.name }).from(domains).where(eq(domains.id, domainId));
    if (!domain) return;
    const [lookup, dsLookup] = await Promise.all([
      this.withDeadline(this.service.deps.resolver.lookupNs(domain.name)),
      this.lookupDs(domain.name),
    ]);
    const now = clock.now();
    if (!lookup.ok)
      logger.info({ zone: domain.name, reason: lookup.reason }, 'delegation check got no answer');
    const changed = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(domains).where(eq(domains.id, domainId)).for('update');
      if (!row) return undefined;
      let dsChanged = false;
      if (dsLookup.ok) {
        dsChanged = dsLookup.records.join('\n') !== row.dsFound.join('\n') || row.dsCheckedAt === null;
        await tx
          .update(domains)
          .set({ dsFound: dsLookup.records, dsCheckedAt: now })
          .where(eq(domains.id, domainId));
      }
      if (!lookup.ok) {
        await tx.update(domains).set({ delegationCheckedAt: now }).where(eq(domains.id, domainId));
        return dsChanged ? row.teamId : undefined;
      }
      const found = [...new Set(lookup.nameServers.map(normalizeHost))].sort();
      const previous = row.delegationStatus as DelegationStatus;
      const status = delegationStatusAfter(previous, found, config.nameServers);
      await tx
        .update(domains)
        .set({ delegationStatus: status, delegationFound: found, delegationCheckedAt: now })
        .where(eq(domains.id, domainId));
      if (status === previous) return dsChanged ? row.teamId : undefined;
      await recordAudit(tx, {
        teamId: row.teamId,
        actor: SYSTEM_ACTOR,
        action: 'domain.delegation_changed',
        target: row.displayName,
        details: { domainId, from: previous, to: status, found },
        at: now,
      });
      return row.teamId;
    });
    if (changed === undefined || !live.listening) return;
    const current = await findDomain(db, changed, domainId);
    if (current) {
      await live.publishToTeam(changed, {
        type: 'domain.updated',
        domain: toDomain(current.row, current.recordCount, config.nameServers, current.keys),
      });
    }
  }
}
