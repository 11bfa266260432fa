// The control plane of domains: every change to a zone runs in one transaction that holds the domain's
// row lock, writes the records and the audit entry, increases the SOA serial, and hands the zone as it now
// stands to the DNS driver before committing. A driver that throws rolls the whole change back (502), so
// the console and the name servers never disagree about a committed change.
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db';
import { dnsRecords, domains } from '../db/schema';
import type { DnsDriver, PublishedZone } from '../drivers/dns/dns-driver';
import { ProblemError } from '../http/problem';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import type { DomainsConfig } from './config';
import { DelegationChecker, type DelegationResolver } from './delegation';
import { allPublishedZones, type DomainRow, lockDomain, toPublishedZone, zoneRecords } from './domain-record';
import { dnsServerRefused, domainNotFound } from './problems';
import { nextSerial } from './serial';
import { soaValue } from './zone-defaults';

export interface DomainServiceDeps {
  db: Database;
  clock: Clock;
  logger: Logger;
  driver: DnsDriver;
  live: LiveUpdates;
  config: DomainsConfig;
  /** Asks the world who serves a zone (DELEGATION_RESOLVER or the system's resolvers). */
  resolver: DelegationResolver;
  /** How long a delegation check waits for the resolver (LOOKUP_DEADLINE_MS by default). */
  delegationDeadlineMs?: number;
}

/** What an edit of a zone did: its result, and whether it changed a record (no change: no new serial). */
export interface ZoneEditOutcome<T> {
  result: T;
  changed: boolean;
}

export class DomainService {
  readonly delegation: DelegationChecker;
  private starting: Promise<void> | undefined;

  constructor(readonly deps: DomainServiceDeps) {
    this.delegation = new DelegationChecker(this);
  }

  get db(): Database {
    return this.deps.db;
  }

  get config(): DomainsConfig {
    return this.deps.config;
  }

  get driver(): DnsDriver {
    return this.deps.driver;
  }

  /** Hands every zone to the driver and starts the background delegation checks; once. */
  start(): Promise<void> {
    this.starting ??= (async () => {
      await this.deps.driver.syncAll(await allPublishedZones(this.db));
      this.delegation.startBackground(this.config.delegationCheckIntervalSeconds);
    })().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  async close(): Promise<void> {
    await this.starting?.catch(() => {});
    await this.delegation.close();
    await this.deps.driver.close();
  }

  /**
   * Runs `edit` on the team's zone under its row lock; when it changed records, the serial increases
   * (on the domain and in the SOA record) and the driver gets the zone before the transaction commits.
   */
  async editZone<T>(
    teamId: string,
    domainId: string,
    edit: (tx: Transaction, domain: DomainRow, now: Date) => Promise<ZoneEditOutcome<T>>,
  ): Promise<T> {
    const now = this.deps.clock.now();
    const { result, changed } = await this.db.transaction(async (tx) => {
      const domain = await lockDomain(tx, teamId, domainId);
      if (!domain) throw domainNotFound();
      const outcome = await edit(tx, domain, now);
      if (outcome.changed) await this.commitZone(tx, domain, now);
      return outcome;
    });
    // Committed: the team's open consoles show the records (and the zone's new serial) at once.
    if (changed)
      await this.deps.live.publishToTeam(teamId, { type: 'dns-records.changed', teamId, domainId });
    return result;
  }

  /** Increases the serial of a locked domain and publishes the zone as it now stands in `tx`. */
  async commitZone(tx: Transaction, domain: DomainRow, now: Date): Promise<number> {
    const serial = nextSerial(domain.serial, now);
    await tx.update(domains).set({ serial, updatedAt: now }).where(eq(domains.id, domain.id));
    await tx
      .update(dnsRecords)
      .set({
        value: soaValue(this.config, domain.name, serial),
        version: sql`${dnsRecords.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(dnsRecords.domainId, domain.id), eq(dnsRecords.type, 'SOA')));
    const records = await zoneRecords(tx, domain.id);
    await this.publish(toPublishedZone({ name: domain.name, serial }, records));
    return serial;
  }

  /** driver.publish, with any failure turned into the 502 that rolls the caller's transaction back. */
  async publish(zone: PublishedZone): Promise<void> {
    await this.callDriver(() => this.deps.driver.publish(zone), { zone: zone.name, serial: zone.serial });
  }

  async unpublish(name: string): Promise<void> {
    await this.callDriver(() => this.deps.driver.unpublish(name), { zone: name, removed: true });
  }

  private async callDriver(action: () => Promise<void>, context: Record<string, unknown>): Promise<void> {
    try {
      await action();
    } catch (error) {
      if (error instanceof ProblemError) throw error;
      this.deps.logger.error(
        { err: error, driver: this.deps.driver.info.kind, ...context },
        'the DNS driver refused a change; rolled back',
      );
      throw dnsServerRefused();
    }
  }
}
