// The control plane of domains: every change to a zone runs in one transaction that holds the domain's
// row lock, writes the records and the audit entry, increases the SOA serial, and hands the zone as it now
// stands to the DNS driver before committing (a change to a few names of an unsigned zone: those names and
// the SOA alone, so that one record costs the same in a zone of 2 records or 20,000). A driver that throws rolls the whole change back (502), so
// the console and the name servers never disagree about a committed change. Other servers sharing the
// database are told the zone's name when the change commits; each loads it into its own embedded DNS server.
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Cluster } from '../cluster';
import type { Database, Transaction } from '../db';
import { ensureInstanceSettings } from '../db/instance-settings';
import { dnsRecords, dnssecKeys, domains } from '../db/schema';
import { SIGNATURE_REFRESH_SECONDS } from '../dns/dnssec/sign';
import type { DnsDriver, PreparedZone, PublishedRecord, PublishedZone } from '../drivers/dns/dns-driver';
import { ProblemError } from '../http/problem';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import type { DomainsConfig } from './config';
import { DelegationChecker, type DelegationResolver } from './delegation';
import { createKeyVault, dnssecView, type KeyVault, keysOf, zoneKeys } from './dnssec';
import {
  allPublishedZones,
  type DomainRow,
  lockDomain,
  publishedZoneNamed,
  recordsNamedOrSoa,
  toPublishedRecord,
  toPublishedZone,
  zoneRecords,
} from './domain-record';
import { dnsServerRefused, domainNotFound } from './problems';
import { nextSerial } from './serial';
import { soaValue } from './zone-defaults';
import { cleanUpImports } from './zone-import';

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
  /** The installation secret, which seals DNSSEC private keys; read from the database when absent. */
  instanceSecret?: string;
  /**
   * The servers sharing this database: zone changes are announced to them, theirs are loaded here, and the
   * delegation checks and signature renewals run on the leader only. Absent: this server alone does both.
   */
  cluster?: Cluster;
  /**
   * Zones served beside the teams' (the reverse zones of the compute address blocks, which another feature
   * keeps): handed to the driver with the teams' at start, and read again by name when another server
   * announces a change to one.
   */
  extraZones?: ExtraZones;
}

export interface ExtraZones {
  /** Their names: no team may add one of them, or a zone inside or around one, as a domain. */
  names: readonly string[];
  all(): Promise<PublishedZone[]>;
  named(name: string): Promise<PublishedZone | undefined>;
}

/** How often signed zones are looked at for signatures due for renewal. */
const RESIGN_CHECK_MS = 3_600_000;

/** What an edit of a zone did: its result, and whether it changed a record (no change: no new serial). */
export interface ZoneEditOutcome<T> {
  result: T;
  changed: boolean;
  /**
   * The names (relative, '@' the apex) whose records the edit changed, when it knows them: the driver is
   * then handed those names alone (DnsDriver.publishNames), not the whole zone.
   */
  names?: string[];
}

export class DomainService {
  readonly delegation: DelegationChecker;
  private starting: Promise<void> | undefined;
  private vault: Promise<KeyVault> | undefined;
  private resignTimer: NodeJS.Timeout | undefined;
  private resigning: Promise<void> | undefined;
  /** Zones other servers changed, loaded one after another in the order announced. */
  private reloading: Promise<void> = Promise.resolve();
  private stopFollowing: (() => void) | undefined;

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

  /**
   * Hands every zone to the driver, follows the zones other servers change, and starts the background
   * delegation checks and signature renewals (on the leader, when servers share the database); once.
   */
  start(): Promise<void> {
    this.starting ??= (async () => {
      this.followOtherServers();
      // Imports their server did not finish: applied ones are settled, abandoned ones removed.
      await cleanUpImports(this.db, this.deps.clock.now());
      await this.deps.driver.syncAll(await this.everyZone());
      const background = {
        name: 'delegation checks and DNSSEC signature renewals',
        start: () => {
          this.delegation.startBackground(this.config.delegationCheckIntervalSeconds);
          this.startResigning();
        },
        stop: () => this.stopBackground(),
      };
      if (this.deps.cluster) this.deps.cluster.whileLeading(background);
      else background.start();
    })().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  async close(): Promise<void> {
    await this.starting?.catch(() => {});
    this.stopFollowing?.();
    await this.stopBackground();
    await this.delegation.close();
    await this.reloading;
    await this.deps.driver.close();
  }

  private async stopBackground(): Promise<void> {
    clearInterval(this.resignTimer);
    this.resignTimer = undefined;
    await this.resigning;
    await this.delegation.stopBackground();
  }

  /**
   * With servers sharing PostgreSQL and each answering DNS itself, a zone changed through another server is
   * read again here once its change committed; after a lost link to the others, every zone is.
   */
  private followOtherServers(): void {
    const cluster = this.deps.cluster;
    if (cluster?.kind !== 'postgres' || this.deps.driver.info.kind !== 'embedded') return;
    const unsubscribe = cluster.subscribe('dns', (payload, origin) => {
      if (origin === cluster.serverId) return;
      this.reload(() => this.reloadZone((payload as { name: string }).name));
    });
    const unfollow = cluster.onResync(() =>
      this.reload(async () => this.deps.driver.syncAll(await this.everyZone())),
    );
    this.stopFollowing = () => {
      unsubscribe();
      unfollow();
    };
  }

  private reload(task: () => Promise<void>): void {
    this.reloading = this.reloading
      .then(task)
      .catch((error: unknown) =>
        this.deps.logger.error({ err: error }, 'dns: loading a changed zone failed'),
      );
  }

  /** The teams' zones and the extra ones, as the database holds them. */
  private async everyZone(): Promise<PublishedZone[]> {
    const zones = await allPublishedZones(this.db, () => this.keyVault());
    return [...zones, ...((await this.deps.extraZones?.all()) ?? [])];
  }

  private async reloadZone(name: string): Promise<void> {
    const zone =
      (await publishedZoneNamed(this.db, name, () => this.keyVault())) ??
      (await this.deps.extraZones?.named(name));
    if (zone) await this.deps.driver.publish(zone);
    else await this.deps.driver.unpublish(name);
  }

  /** Seals and opens DNSSEC private keys (the installation secret, read once). */
  keyVault(): Promise<KeyVault> {
    this.vault ??= (
      this.deps.instanceSecret
        ? Promise.resolve(this.deps.instanceSecret)
        : ensureInstanceSettings(this.db).then((settings) => settings.instanceSecret)
    ).then(createKeyVault);
    this.vault.catch(() => {
      this.vault = undefined;
    });
    return this.vault;
  }

  /**
   * Stores the DS records the name server reports for each key (PowerDNS shows its own), so the console
   * shows what the server really serves.
   */
  async recordReportedDs(teamId: string, domainId: string): Promise<void> {
    const reportedDs = this.deps.driver.reportedDs;
    if (!reportedDs) return;
    const [domain] = await this.db
      .select()
      .from(domains)
      .where(and(eq(domains.id, domainId), eq(domains.teamId, teamId)));
    if (!domain) return;
    const reported = await reportedDs.call(this.deps.driver, domain.name);
    const keys = (await keysOf(this.db, [domainId])).get(domainId) ?? [];
    const view = dnssecView(domain, keys);
    for (const [index, key] of keys.entries()) {
      const match = reported.find((item) => item.dnskey === view.keys[index]!.dnskey);
      if (match) await this.db.update(dnssecKeys).set({ ds: match.ds }).where(eq(dnssecKeys.id, key.id));
    }
  }

  /**
   * Signatures last two weeks: a signed zone untouched for six days gets a new serial, so the embedded
   * server renews the signatures due within a week and secondaries transfer them. PowerDNS signs on its own.
   */
  private startResigning(): void {
    if (this.deps.driver.info.kind !== 'embedded' || this.resignTimer) return;
    this.resignTimer = setInterval(() => {
      this.resigning ??= this.resignDue()
        .then(() => {})
        .catch((error: unknown) =>
          this.deps.logger.warn({ err: error }, 'dnssec: renewing signatures failed'),
        )
        .finally(() => {
          this.resigning = undefined;
        });
    }, RESIGN_CHECK_MS);
    this.resignTimer.unref();
  }

  async resignDue(): Promise<number> {
    const before = new Date(this.deps.clock.now().getTime() - (SIGNATURE_REFRESH_SECONDS - 86_400) * 1000);
    const due = await this.db
      .selectDistinct({ id: domains.id, teamId: domains.teamId })
      .from(domains)
      .innerJoin(dnssecKeys, eq(dnssecKeys.domainId, domains.id))
      .where(lt(domains.updatedAt, before));
    for (const domain of due) {
      await this.editZone(domain.teamId, domain.id, async () => ({ result: undefined, changed: true }));
    }
    return due.length;
  }

  /**
   * Runs `edit` on the team's zone under its row lock; when it changed records, the serial increases
   * (on the domain and in the SOA record) and the driver gets the zone before the transaction commits.
   */
  async editZone<T>(
    teamId: string,
    domainId: string,
    edit: (tx: Transaction, domain: DomainRow, now: Date, vault: KeyVault) => Promise<ZoneEditOutcome<T>>,
  ): Promise<T> {
    const now = this.deps.clock.now();
    // Read before the transaction: on PGlite (one connection) a read outside it would wait for it forever.
    const vault = await this.keyVault();
    const { result, changed } = await this.db.transaction(async (tx) => {
      const domain = await lockDomain(tx, teamId, domainId);
      if (!domain) throw domainNotFound();
      const outcome = await edit(tx, domain, now, vault);
      if (outcome.changed) await this.commitZone(tx, domain, now, vault, outcome.names);
      return outcome;
    });
    // Committed: the team's open consoles show the records (and the zone's new serial) at once.
    if (changed)
      await this.deps.live.publishToTeam(teamId, { type: 'dns-records.changed', teamId, domainId });
    return result;
  }

  /**
   * Increases the serial of a locked domain and publishes the zone as it now stands in `tx`: only `names`
   * when given and the driver can take them (an unsigned zone), the whole zone otherwise.
   */
  async commitZone(
    tx: Transaction,
    domain: DomainRow,
    now: Date,
    vault: KeyVault,
    names?: readonly string[],
  ): Promise<number> {
    const serial = nextSerial(domain.serial, now);
    await this.writeSerial(tx, domain, serial, now);
    const keys = (await keysOf(tx, [domain.id])).get(domain.id) ?? [];
    if (names && keys.length === 0 && (await this.publishNames(tx, domain, serial, names))) return serial;
    const records = await zoneRecords(tx, domain.id);
    const signing = zoneKeys(vault, keys);
    await this.publish(tx, toPublishedZone({ name: domain.name, serial }, records, signing));
    return serial;
  }

  /** Hands the driver the records of `names` and the new SOA; false when it wants the whole zone. */
  private async publishNames(
    tx: Transaction,
    domain: DomainRow,
    serial: number,
    names: readonly string[],
  ): Promise<boolean> {
    const driver = this.deps.driver;
    if (!driver.publishNames) return false;
    const rows = await recordsNamedOrSoa(tx, domain.id, names);
    const soa = rows.find((row) => row.type === 'SOA');
    if (!soa) return false;
    const change = {
      serial,
      soa: toPublishedRecord(soa),
      names: new Map(names.map((name) => [name, [] as PublishedRecord[]])),
    };
    for (const row of rows) if (row.type !== 'SOA') change.names.get(row.name)?.push(toPublishedRecord(row));
    let applied = false;
    await this.callDriver(
      async () => {
        applied = await driver.publishNames!(domain.name, change);
      },
      { zone: domain.name, serial, names: names.length },
    );
    if (applied) await this.deps.cluster?.tellOthersOnCommit(tx, 'dns', { name: domain.name });
    return applied;
  }

  /** The domain's new serial, on the domain and in its SOA record. */
  private async writeSerial(tx: Transaction, domain: DomainRow, serial: number, now: Date): Promise<void> {
    await tx.update(domains).set({ serial, updatedAt: now }).where(eq(domains.id, domain.id));
    await tx
      .update(dnsRecords)
      .set({
        value: soaValue(this.config, domain.name, serial),
        version: sql`${dnsRecords.version} + 1`,
        updatedAt: now,
      })
      .where(and(eq(dnsRecords.domainId, domain.id), eq(dnsRecords.type, 'SOA')));
  }

  /**
   * The zone as it will stand, made ready for the driver ahead of the change's transaction (for big zones:
   * see PreparedZone); a driver failure is the same 502 as publish's.
   */
  async prepareZone(zone: PublishedZone): Promise<PreparedZone> {
    const driver = this.deps.driver;
    if (!driver.prepare) return { zone, commit: () => driver.publish(zone) };
    let prepared: PreparedZone | undefined;
    await this.callDriver(
      async () => {
        prepared = await driver.prepare!(zone);
      },
      { zone: zone.name, serial: zone.serial },
    );
    return prepared!;
  }

  /**
   * commitZone for a zone prepared ahead (prepareZone) at `serial`, computed from the locked domain's: the
   * serial is written and the prepared zone swapped in before `tx` commits.
   */
  async commitPreparedZone(
    tx: Transaction,
    domain: DomainRow,
    now: Date,
    prepared: PreparedZone,
  ): Promise<void> {
    await this.writeSerial(tx, domain, prepared.zone.serial, now);
    await this.callDriver(() => prepared.commit(), { zone: domain.name, serial: prepared.zone.serial });
    await this.deps.cluster?.tellOthersOnCommit(tx, 'dns', { name: domain.name });
  }

  /**
   * driver.publish, with any failure turned into the 502 that rolls the caller's transaction back; the other
   * servers load the zone once `tx` commits.
   */
  async publish(tx: Transaction, zone: PublishedZone): Promise<void> {
    await this.callDriver(() => this.deps.driver.publish(zone), { zone: zone.name, serial: zone.serial });
    await this.deps.cluster?.tellOthersOnCommit(tx, 'dns', { name: zone.name });
  }

  async unpublish(tx: Transaction, name: string): Promise<void> {
    await this.callDriver(() => this.deps.driver.unpublish(name), { zone: name, removed: true });
    await this.deps.cluster?.tellOthersOnCommit(tx, 'dns', { name });
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
