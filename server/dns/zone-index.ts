// The in-memory copy of every zone: per-zone lookup maps built once at publish, and the zone table that
// finds the zone a query name belongs to (the longest suffix wins, so a sub-zone beats its parent).
import { finishSteps, type Steps } from '@/domain/steps';
import type { PublishedRecord, PublishedZone } from '../drivers/dns/dns-driver';
import { validityAt } from './dnssec/sign';
import { signZone, type ZoneDnssec } from './dnssec/zone-signer';
import { encodeName, ownerName, parentName, TYPE } from './names';
import { encodeRecord, parseSoa } from './records';
import { encodeRRset, type RRset } from './rrset';

export interface ZoneIndex {
  /** Lowercase, no trailing dot. */
  name: string;
  serial: number;
  /** Different for every index ever built: response caches key on it, so a swap invalidates them. */
  version: number;
  /** Every name that exists in the zone, empty non-terminals included (with no RRsets). */
  nodes: Map<string, Map<number, RRset>>;
  /** Names below the apex that own NS records: delegations to other servers. */
  cuts: Set<string>;
  hasWildcards: boolean;
  /** The SOA as the authority section of a negative answer carries it: ttl min(SOA ttl, minimum). */
  negativeSoa: Buffer;
  /** The same followed by the SOA's RRSIGs, for signed zones. */
  negativeSoaSigned?: Buffer;
  /** Signed zones: the keys, the NSEC3 chain and where each name sits in it. */
  dnssec?: ZoneDnssec;
  recordCount: number;
}

export interface BuildOptions {
  /** The index this one replaces: signatures of unchanged RRsets are taken over from it. */
  previous?: ZoneIndex;
  /** Milliseconds since 1970: when signatures start (an hour before) and end (two weeks after). */
  now?: number;
}

let versions = 0;

/** Builds the index of a zone; throws an Error naming the zone and the record it cannot serve. */
export function buildZoneIndex(zone: PublishedZone, options: BuildOptions = {}): ZoneIndex {
  return finishSteps(buildZoneIndexSteps(zone, options));
}

/** buildZoneIndex, pausing between records (see src/domain/steps.ts); signing a zone does not pause. */
export function* buildZoneIndexSteps(zone: PublishedZone, options: BuildOptions = {}): Steps<ZoneIndex> {
  const name = zone.name.trim().toLowerCase().replace(/\.$/, '');
  try {
    encodeName(name);
    if (name === '') throw new Error('the root zone is not served');
    const grouped = new Map<string, { wire: Buffer; types: Map<number, Pending> }>();
    let soaMinimum: number | undefined;
    for (const record of zone.records) {
      yield;
      const owner = ownerName(record.name, name);
      const encoded = encodeRecord(record, zone.serial);
      if (record.type === 'SOA') {
        if (owner !== name) throw new Error(`the SOA record must be at the apex, not ${record.name}`);
        if (soaMinimum !== undefined) throw new Error('more than one SOA record');
        soaMinimum = parseSoa(record.value.trim())!.minimum;
      }
      let group = grouped.get(owner);
      if (!group) {
        group = { wire: encodeName(owner), types: new Map() };
        grouped.set(owner, group);
      }
      addRecord(group.types, encoded);
    }
    if (soaMinimum === undefined) throw new Error('no SOA record at the apex');

    const nodes = new Map<string, Map<number, RRset>>();
    const cuts = new Set<string>();
    let hasWildcards = false;
    for (const [owner, group] of grouped) {
      yield;
      const rrsets = toRRsets(owner, group.wire, group.types);
      nodes.set(owner, rrsets);
      if (owner !== name && rrsets.has(TYPE.NS)) cuts.add(owner);
      if (owner.startsWith('*.')) hasWildcards = true;
    }
    // Every ancestor of an owner exists too, as an empty non-terminal when it owns nothing (RFC 4592 §2.2.2).
    for (const owner of grouped.keys()) {
      yield;
      for (let ancestor = parentName(owner); ancestor.length > name.length; ancestor = parentName(ancestor)) {
        if (nodes.has(ancestor)) continue;
        nodes.set(ancestor, new Map());
      }
    }
    const soa = nodes.get(name)!.get(TYPE.SOA)!;
    const negativeTtl = Math.min(soa.ttl, soaMinimum);
    const keys = zone.dnssec?.keys ?? [];
    const previous = options.previous?.name === name ? options.previous : undefined;
    const dnssec =
      keys.length === 0
        ? undefined
        : signZone({
            zone: name,
            nodes,
            cuts,
            keyTtl: soa.ttl,
            negativeTtl,
            keys,
            validity: validityAt(options.now ?? Date.now()),
            previous,
          });
    const negativeSoa = encodeRRset(encodeName(name), TYPE.SOA, negativeTtl, soa.rdatas);
    return {
      name,
      serial: zone.serial,
      version: ++versions,
      nodes,
      cuts,
      hasWildcards,
      negativeSoa,
      negativeSoaSigned: soa.rrsigs
        ? Buffer.concat([negativeSoa, encodeRRset(encodeName(name), TYPE.RRSIG, negativeTtl, soa.rrsigs)])
        : undefined,
      dnssec,
      recordCount: zone.records.length,
    };
  } catch (error) {
    throw new Error(`zone ${name}: ${(error as Error).message}`);
  }
}

type Pending = { ttl: number; rdatas: Buffer[]; targets: string[] };

/** Adds an encoded record to the RRsets of its owner being gathered. */
function addRecord(types: Map<number, Pending>, encoded: ReturnType<typeof encodeRecord>): void {
  let set = types.get(encoded.type);
  if (!set) {
    set = { ttl: encoded.ttl, rdatas: [], targets: [] };
    types.set(encoded.type, set);
  }
  set.ttl = Math.min(set.ttl, encoded.ttl);
  // An RRset holds each record once (RFC 2181 §5): an identical one adds nothing but its ttl.
  if (set.rdatas.some((rdata) => rdata.equals(encoded.rdata))) return;
  set.rdatas.push(encoded.rdata);
  if (encoded.target !== undefined) set.targets.push(encoded.target);
}

function toRRsets(owner: string, ownerWire: Buffer, types: Map<number, Pending>): Map<number, RRset> {
  const rrsets = new Map<number, RRset>();
  for (const [type, set] of types) {
    rrsets.set(type, { owner, type, ...set, wire: encodeRRset(ownerWire, type, set.ttl, set.rdatas) });
  }
  return rrsets;
}

/** Some names of a zone as they now stand, and its new SOA (see DnsDriver.publishNames). */
export interface NamesChange {
  serial: number;
  soa: PublishedRecord;
  /** Each changed name (relative, '@' the apex) with every record it now holds, the SOA aside. */
  names: Map<string, PublishedRecord[]>;
}

/**
 * The index of an unsigned zone after a change to a few of its names, built from `previous` in time that
 * follows the change, not the zone: the other names' RRsets are shared with it (never modified), only the
 * map of names is copied. Answers the new index and the owners whose RRsets changed (for IXFR). A signed
 * zone is rebuilt whole instead (its NSEC3 chain and signatures follow every name).
 */
export function applyNamesChange(
  previous: ZoneIndex,
  change: NamesChange,
): { index: ZoneIndex; owners: string[] } {
  const name = previous.name;
  if (previous.dnssec) throw new Error(`zone ${name}: a signed zone is rebuilt whole`);
  try {
    const nodes = new Map(previous.nodes);
    let cuts = previous.cuts;
    let hasWildcards = previous.hasWildcards;
    let recordCount = previous.recordCount;
    const apexWire = encodeName(name);

    const soaEncoded = encodeRecord(change.soa, change.serial);
    const soaMinimum = parseSoa(change.soa.value.trim())!.minimum;
    const soa: RRset = {
      owner: name,
      type: TYPE.SOA,
      ttl: soaEncoded.ttl,
      rdatas: [soaEncoded.rdata],
      targets: [],
      wire: encodeRRset(apexWire, TYPE.SOA, soaEncoded.ttl, [soaEncoded.rdata]),
    };
    nodes.set(name, new Map(nodes.get(name)).set(TYPE.SOA, soa));

    const owners: string[] = [];
    for (const [relative, records] of change.names) {
      const owner = ownerName(relative, name);
      owners.push(owner);
      const types = new Map<number, Pending>();
      for (const record of records) {
        if (record.type === 'SOA') throw new Error('the SOA record is set apart from the changed names');
        addRecord(types, encodeRecord(record, change.serial));
      }
      const before = nodes.get(owner);
      for (const set of before?.values() ?? []) if (set.type !== TYPE.SOA) recordCount -= set.rdatas.length;
      const rrsets = toRRsets(owner, owner === name ? apexWire : encodeName(owner), types);
      for (const set of rrsets.values()) recordCount += set.rdatas.length;
      if (owner === name) rrsets.set(TYPE.SOA, soa);

      if (owner !== name && before?.has(TYPE.NS) !== rrsets.has(TYPE.NS)) {
        cuts = new Set(cuts);
        if (rrsets.has(TYPE.NS)) cuts.add(owner);
        else cuts.delete(owner);
      }
      if (rrsets.size > 0) {
        nodes.set(owner, rrsets);
        if (owner.startsWith('*.')) hasWildcards = true;
        // Every ancestor exists, as an empty non-terminal when it owns nothing (RFC 4592 §2.2.2).
        for (let above = parentName(owner); above.length > name.length; above = parentName(above)) {
          if (nodes.has(above)) break;
          nodes.set(above, new Map());
        }
      } else if (before) {
        // A name left with nothing stays only as the empty non-terminal of a name below it; so do the
        // empty non-terminals above it. (A scan of the names, in memory, only when a name empties.)
        for (let gone = owner; gone.length > name.length; gone = parentName(gone)) {
          const node = gone === owner ? rrsets : nodes.get(gone);
          if (!node || node.size > 0 || hasNameBelow(nodes, gone)) {
            if (gone === owner) nodes.set(owner, rrsets);
            break;
          }
          nodes.delete(gone);
        }
      }
    }
    const negativeTtl = Math.min(soa.ttl, soaMinimum);
    return {
      index: {
        name,
        serial: change.serial,
        version: ++versions,
        nodes,
        cuts,
        hasWildcards,
        negativeSoa: encodeRRset(apexWire, TYPE.SOA, negativeTtl, soa.rdatas),
        recordCount,
      },
      owners,
    };
  } catch (error) {
    throw new Error(`zone ${name}: ${(error as Error).message}`);
  }
}

function hasNameBelow(nodes: Map<string, unknown>, owner: string): boolean {
  const suffix = `.${owner}`;
  for (const other of nodes.keys()) if (other.endsWith(suffix)) return true;
  return false;
}

/** The zone a name belongs to, if any, in O(labels): a sub-zone beats its parent. */
export class ZoneTable {
  private zones = new Map<string, ZoneIndex>();
  /** Increases on every change of any zone: caches of whole answers start over when it does. */
  generation = 0;

  get size(): number {
    return this.zones.size;
  }

  names(): string[] {
    return [...this.zones.keys()];
  }

  get(name: string): ZoneIndex | undefined {
    return this.zones.get(name.toLowerCase());
  }

  /** Replaces (or adds) one zone: queries see either the old index or the new one, never a mix. */
  set(index: ZoneIndex): void {
    this.zones.set(index.name, index);
    this.generation++;
  }

  delete(name: string): void {
    this.zones.delete(name.trim().toLowerCase().replace(/\.$/, ''));
    this.generation++;
  }

  /** Replaces every zone at once. */
  replaceAll(indexes: ZoneIndex[]): void {
    this.zones = new Map(indexes.map((index) => [index.name, index]));
    this.generation++;
  }

  /** `qname` lowercase, no trailing dot. */
  find(qname: string): ZoneIndex | undefined {
    for (let name = qname; name !== ''; name = parentName(name)) {
      const zone = this.zones.get(name);
      if (zone) return zone;
    }
    return undefined;
  }
}
