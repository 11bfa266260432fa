// The reverse zones of the compute address blocks, as the DNS driver serves them: for each zone an SOA,
// our name servers' NS records and a PTR for every live compute address that has a reverse name. The
// computes table is the source of truth (reverse_ipv4/reverse_ipv6); a zone is built from it whole and
// handed to the driver whenever one of its PTRs changes, inside the change's transaction, like a team zone.
import { and, isNotNull, or } from 'drizzle-orm';
import { DEFAULT_TTL } from '@/contract/domains';
import type { Database, Transaction } from '../db';
import { computes } from '../db/schema';
import type { ZoneKey } from '../dns/dnssec/keys';
import { reverseName, reverseZoneOf, reverseZonesOf } from '../dns/reverse-zones';
import type { DnsDriver, PublishedRecord, PublishedZone } from '../drivers/dns/dns-driver';
import { ProblemError } from '../http/problem';
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
  /** The serial each zone was last published with: unix seconds, or one more when that went by. */
  private serials = new Map<string, number>();

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
    return this.zones.map((zone) => this.build(zone, rows));
  }

  /** One reverse zone as it stands, or undefined for a name that is not one of ours. */
  async named(db: Queryable, name: string): Promise<PublishedZone | undefined> {
    if (!this.zones.includes(name)) return undefined;
    return this.build(name, await ptrRows(db));
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
        title: 'DNS server unavailable',
        detail: 'The DNS server did not take the change, so nothing was changed. Try again in a moment.',
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
      await this.options.driver.publish(this.build(zone, rows));
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

  private build(zone: string, rows: PtrRow[]): PublishedZone {
    const { nameServers } = this.options;
    const serial = this.nextSerial(zone);
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

  private nextSerial(zone: string): number {
    const serial = Math.max(
      (this.serials.get(zone) ?? 0) + 1,
      Math.floor(this.options.now().getTime() / 1000),
    );
    this.serials.set(zone, serial);
    return serial;
  }
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
