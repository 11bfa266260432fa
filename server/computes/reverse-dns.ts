// The reverse zones of the compute address blocks, as the DNS driver serves them: for each zone an SOA,
// our name servers' NS records and a PTR for every live compute address that has a reverse name. The
// computes table is the source of truth (reverse_ipv4/reverse_ipv6); a zone is built from it whole and
// handed to the driver whenever one of its PTRs changes, inside the change's transaction, like a team zone.
// Its SOA serial is kept in the database (server_settings), moved on in that transaction, so every server
// sharing the database serves the zone with the same serial and a read never changes it.
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { DEFAULT_TTL } from '@/contract/domains';
import type { Database, Transaction } from '../db';
import { computes, serverSettings } from '../db/schema';
import type { ZoneKey } from '../dns/dnssec/keys';
import { reverseName, reverseZoneOf, reverseZonesOf } from '../dns/reverse-zones';
import type { DnsDriver, PublishedRecord, PublishedZone } from '../drivers/dns/dns-driver';
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';
import type { Logger } from '../logger';
import type { Queryable } from '../tenancy/team-record';
import { isLive } from './compute-record';
import type { ReverseNameCheck } from './reverse-name-check';

/** SOA timers, in seconds, as team zones have them (server/domains/zone-defaults.ts). */
const SOA_TIMERS = '7200 3600 1209600 300';

export interface ReverseDnsOptions {
  driver: DnsDriver;
  logger: Logger;
  /** The CIDR blocks computes get addresses from (the simulator's pools, libvirt's bridge blocks). */
  blocks: readonly string[];
  /** NAMESERVERS: the first is the SOA's primary. */
  nameServers: readonly string[];
  /** The SOA's responsible mailbox as a name (hostmaster.example.rw); default hostmaster.<zone>. */
  hostmaster?: string;
  /** Set (REVERSE_DNS_DNSSEC): the reverse zones are signed, each with its key. */
  keys?: (zone: string) => ZoneKey[];
  /** Whether a name resolves to an address (reverse-name-check.ts). */
  check: ReverseNameCheck;
  /** Seconds since 1970, for serials (the app's clock in tests). */
  now: () => Date;
  /** Tells the other servers sharing the database, once `db` commits, that the zone changed. */
  announce?: (tx: Transaction, zone: string) => Promise<void>;
}

type PtrRow = {
  ipv4: string | null;
  ipv6: string | null;
  reverseIpv4: string | null;
  reverseIpv6: string | null;
};

export class ReverseDns {
  readonly zones: readonly string[];

  constructor(readonly options: ReverseDnsOptions) {
    this.zones = reverseZonesOf(options.blocks);
  }

  get check(): ReverseNameCheck {
    return this.options.check;
  }

  /** The reverse zone that holds `address`, if our blocks have one. */
  zoneOf(address: string | null): string | undefined {
    return address ? reverseZoneOf(address, this.zones) : undefined;
  }

  /** Every reverse zone as it now stands in `db` (for the driver's syncAll at start). */
  async all(db: Queryable): Promise<PublishedZone[]> {
    const rows = await ptrRows(db);
    return Promise.all(this.zones.map(async (zone) => this.build(zone, rows, await this.serialOf(db, zone))));
  }

  /** One reverse zone as it stands, or undefined for a name that is not one of ours. */
  async named(db: Queryable, name: string): Promise<PublishedZone | undefined> {
    if (!this.zones.includes(name)) return undefined;
    return this.build(name, await ptrRows(db), await this.serialOf(db, name));
  }

  /**
   * Hands the driver the zones holding these addresses, as they stand in `db` (a transaction: before it
   * commits); a driver that throws is a 502 that rolls the change back.
   */
  async publish(tx: Transaction, addresses: readonly (string | null)[]): Promise<void> {
    try {
      await this.publishFor(tx, addresses);
    } catch (error) {
      if (error instanceof ProblemError) throw error;
      this.options.logger.error({ err: error }, 'reverse dns: the DNS driver refused a change; rolled back');
      throw new ProblemError(502, {
        title: t('computes.problem.dnsUnavailable.title'),
        detail: t('computes.problem.dnsUnavailable.detail'),
      });
    }
  }

  private async publishFor(tx: Transaction, addresses: readonly (string | null)[]): Promise<void> {
    const zones = new Set(
      addresses.map((address) => this.zoneOf(address)).filter((zone) => zone !== undefined),
    );
    if (zones.size === 0) return;
    const rows = await ptrRows(tx);
    for (const zone of zones) {
      await this.options.driver.publish(this.build(zone, rows, await this.nextSerial(tx, zone)));
      await this.options.announce?.(tx, zone);
    }
  }

  /** publishFor outside any change (an address came or went with its machine): failures are logged. */
  async refresh(db: Database, addresses: readonly (string | null)[]): Promise<void> {
    try {
      await db.transaction((tx) => this.publishFor(tx, addresses));
    } catch (error) {
      this.options.logger.error(
        { err: error, addresses },
        'reverse dns: a reverse zone could not be published',
      );
    }
  }

  private build(zone: string, rows: PtrRow[], serial: number): PublishedZone {
    const { nameServers } = this.options;
    const plain = { priority: null, weight: null, port: null };
    const records: PublishedRecord[] = [
      {
        type: 'SOA',
        name: '@',
        ttl: DEFAULT_TTL,
        value: `${nameServers[0]} ${this.options.hostmaster ?? `hostmaster.${zone}`} ${serial} ${SOA_TIMERS}`,
        ...plain,
      },
      ...nameServers.map(
        (host): PublishedRecord => ({ type: 'NS', name: '@', ttl: DEFAULT_TTL, value: host, ...plain }),
      ),
    ];
    for (const row of rows) {
      for (const [address, target] of [
        [row.ipv4, row.reverseIpv4],
        [row.ipv6, row.reverseIpv6],
      ] as const) {
        if (!address || !target || this.zoneOf(address) !== zone) continue;
        const owner = reverseName(address)!.slice(0, -(zone.length + 1));
        records.push({ type: 'PTR', name: owner, ttl: DEFAULT_TTL, value: target, ...plain });
      }
    }
    const keys = this.options.keys?.(zone);
    return { name: zone, serial, records, ...(keys && keys.length > 0 ? { dnssec: { keys } } : {}) };
  }

  /**
   * Moves the zone's serial on, in the change's transaction: one more than the last, or the time in seconds
   * when that is later (a time-based serial, RFC 1912).
   */
  private async nextSerial(tx: Transaction, zone: string): Promise<number> {
    const now = this.unixSeconds();
    const [row] = await tx
      .insert(serverSettings)
      .values({ key: serialKey(zone), value: String(now) })
      .onConflictDoUpdate({
        target: serverSettings.key,
        set: {
          value: sql`greatest(${serverSettings.value}::bigint + 1, ${now})::text`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ value: serverSettings.value });
    return Number(row!.value);
  }

  /**
   * The serial the zone was last published with; a zone never published gets the time in seconds, kept so
   * that every later read (and every other server) gives the same.
   */
  private async serialOf(db: Queryable, zone: string): Promise<number> {
    const stored = () =>
      db
        .select({ value: serverSettings.value })
        .from(serverSettings)
        .where(eq(serverSettings.key, serialKey(zone)));
    let [row] = await stored();
    if (!row) {
      await db
        .insert(serverSettings)
        .values({ key: serialKey(zone), value: String(this.unixSeconds()) })
        .onConflictDoNothing({ target: serverSettings.key });
      [row] = await stored();
    }
    return Number(row!.value);
  }

  private unixSeconds(): number {
    return Math.floor(this.options.now().getTime() / 1000);
  }
}

function serialKey(zone: string): string {
  return `reverse-zone-serial:${zone}`;
}

/** Live computes that have a reverse name for an address. */
function ptrRows(db: Queryable): Promise<PtrRow[]> {
  return db
    .select({
      ipv4: computes.ipv4,
      ipv6: computes.ipv6,
      reverseIpv4: computes.reverseIpv4,
      reverseIpv6: computes.reverseIpv6,
    })
    .from(computes)
    .where(and(isLive, or(isNotNull(computes.reverseIpv4), isNotNull(computes.reverseIpv6))));
}

/**
 * The blocks compute addresses come from: the simulator's pools, or the bridge blocks of the libvirt
 * hosts (hosts on QEMU's user networking give guests no public address, so no reverse zone).
 */
export function addressBlocksOf(config: {
  computeDriver: string;
  simulator: { ipv4Pool: readonly string[]; ipv6Pool: string };
  libvirt?: { hosts: readonly { network: { mode: string; ipv4?: string; ipv6?: string } }[] };
}): string[] {
  if (config.computeDriver !== 'libvirt') return [...config.simulator.ipv4Pool, config.simulator.ipv6Pool];
  return (config.libvirt?.hosts ?? []).flatMap((host) =>
    host.network.mode === 'bridge'
      ? [host.network.ipv4, host.network.ipv6].filter((block): block is string => block !== undefined)
      : [],
  );
}
