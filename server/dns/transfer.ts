// Zone transfers out (AXFR, RFC 5936; IXFR, RFC 1995): the zone as a stream of resource records framed
// by its SOA, or the differences between the version a secondary holds and the current one, packed into
// as many messages as it takes. The differences are computed when a zone is replaced, only while
// secondaries are configured, and the last HISTORY_VERSIONS of them are kept per zone.
import { encodeName, TYPE } from './names';
import { encodeRRset, type RRset } from './rrset';
import type { ZoneIndex } from './zone-index';

/** Versions of a zone whose differences are kept for IXFR; an older secondary gets the whole zone. */
export const HISTORY_VERSIONS = 20;
/** Messages of a transfer stay under this size (a TCP message may be 65,535 octets). */
const MESSAGE_OCTETS = 16_384;
const HEADER_OCTETS = 12;
const QR_AA = 0x8400;

export interface ZoneDiff {
  fromSerial: number;
  toSerial: number;
  fromSoa: Buffer;
  toSoa: Buffer;
  deleted: Buffer[];
  added: Buffer[];
}

function split(set: RRset, out: Buffer[]): void {
  const owner = encodeName(set.owner);
  for (const rdata of set.rdatas) out.push(encodeRRset(owner, set.type, set.ttl, [rdata]));
  for (const rrsig of set.rrsigs ?? []) out.push(encodeRRset(owner, TYPE.RRSIG, set.ttl, [rrsig]));
}

const recordsCache = new WeakMap<ZoneIndex, { soa: Buffer; records: Buffer[] }>();

/** The zone's SOA record, and every other record of the zone (signatures and NSEC3 included) one by one. */
export function zoneRecords(index: ZoneIndex): { soa: Buffer; records: Buffer[] } {
  const cached = recordsCache.get(index);
  if (cached) return cached;
  const records: Buffer[] = [];
  let soa: Buffer | undefined;
  for (const node of index.nodes.values()) {
    for (const set of node.values()) {
      if (set.type === TYPE.SOA) {
        soa = set.wire;
        for (const rrsig of set.rrsigs ?? [])
          records.push(encodeRRset(encodeName(set.owner), TYPE.RRSIG, set.ttl, [rrsig]));
        continue;
      }
      split(set, records);
    }
  }
  for (const set of index.dnssec?.nsec3 ?? []) split(set, records);
  const result = { soa: soa!, records };
  recordsCache.set(index, result);
  return result;
}

/** What changed from one version to the next, as IXFR sends it. */
export function diffZones(from: ZoneIndex, to: ZoneIndex): ZoneDiff {
  return differences(from, to, zoneRecords(from), zoneRecords(to));
}

function differences(
  from: ZoneIndex,
  to: ZoneIndex,
  before: { soa: Buffer; records: Buffer[] },
  after: { soa: Buffer; records: Buffer[] },
): ZoneDiff {
  const key = (record: Buffer) => record.toString('latin1');
  const old = new Set(before.records.map(key));
  const fresh = new Set(after.records.map(key));
  return {
    fromSerial: from.serial,
    toSerial: to.serial,
    fromSoa: before.soa,
    toSoa: after.soa,
    deleted: before.records.filter((record) => !fresh.has(key(record))),
    added: after.records.filter((record) => !old.has(key(record))),
  };
}

/**
 * diffZones for an index made from `from` by a change to some owners (applyNamesChange): only their records
 * are compared, so the cost follows the change.
 */
export function diffOwners(from: ZoneIndex, to: ZoneIndex, owners: readonly string[]): ZoneDiff {
  const recordsAt = (index: ZoneIndex) => {
    const records: Buffer[] = [];
    for (const owner of new Set(owners)) {
      for (const set of index.nodes.get(owner)?.values() ?? [])
        if (set.type !== TYPE.SOA) split(set, records);
    }
    return records;
  };
  const soaOf = (index: ZoneIndex) => index.nodes.get(index.name)!.get(TYPE.SOA)!.wire;
  return differences(
    from,
    to,
    { soa: soaOf(from), records: recordsAt(from) },
    { soa: soaOf(to), records: recordsAt(to) },
  );
}

/**
 * The records of an IXFR answer for a client holding `clientSerial`: the differences chained from its
 * version to ours, or undefined when they are not all known (the caller then sends the whole zone).
 */
export function incrementalRecords(
  index: ZoneIndex,
  history: ZoneDiff[],
  clientSerial: number,
): Buffer[] | undefined {
  const { soa } = zoneRecords(index);
  if (clientSerial === index.serial) return [soa];
  const start = history.findIndex((diff) => diff.fromSerial === clientSerial);
  if (start < 0) return undefined;
  const chain = history.slice(start);
  for (let step = 1; step < chain.length; step++) {
    if (chain[step]!.fromSerial !== chain[step - 1]!.toSerial) return undefined;
  }
  if (chain.at(-1)!.toSerial !== index.serial) return undefined;
  const records = [soa];
  for (const diff of chain) records.push(diff.fromSoa, ...diff.deleted, diff.toSoa, ...diff.added);
  records.push(soa);
  return records;
}

/** The records of an AXFR answer: SOA, everything else, SOA again. */
export function fullRecords(index: ZoneIndex): Buffer[] {
  const { soa, records } = zoneRecords(index);
  return [soa, ...records, soa];
}

/** Packs records into answer messages; the question goes in the first one only (RFC 5936 §2.2.1). */
export function packMessages(id: number, queryFlags: number, question: Buffer, records: Buffer[]): Buffer[] {
  const messages: Buffer[] = [];
  let pieces: Buffer[] = [];
  let size = 0;
  let count = 0;
  const flush = () => {
    const withQuestion = messages.length === 0;
    const header = Buffer.alloc(HEADER_OCTETS);
    header.writeUInt16BE(id, 0);
    header.writeUInt16BE(QR_AA | (queryFlags & 0x0100), 2);
    header.writeUInt16BE(withQuestion ? 1 : 0, 4);
    header.writeUInt16BE(count, 6);
    messages.push(Buffer.concat([header, ...(withQuestion ? [question] : []), ...pieces]));
    pieces = [];
    size = 0;
    count = 0;
  };
  for (const record of records) {
    if (count > 0 && size + record.length > MESSAGE_OCTETS) flush();
    pieces.push(record);
    size += record.length;
    count++;
  }
  if (count > 0 || messages.length === 0) flush();
  return messages;
}

/** The differences kept per zone, newest last. */
export class TransferHistory {
  private readonly diffs = new Map<string, ZoneDiff[]>();

  /** Records what changed between the index a zone had and the one replacing it. */
  record(previous: ZoneIndex | undefined, next: ZoneIndex): void {
    if (!previous || previous.serial === next.serial) return;
    this.add(next.name, diffZones(previous, next));
  }

  /** record() for an index made from `previous` by a change to `owners` (applyNamesChange). */
  recordOwners(previous: ZoneIndex, next: ZoneIndex, owners: readonly string[]): void {
    if (previous.serial === next.serial) return;
    this.add(next.name, diffOwners(previous, next, owners));
  }

  private add(zone: string, diff: ZoneDiff): void {
    const list = this.diffs.get(zone) ?? [];
    list.push(diff);
    while (list.length > HISTORY_VERSIONS) list.shift();
    this.diffs.set(zone, list);
  }

  of(zone: string): ZoneDiff[] {
    return this.diffs.get(zone) ?? [];
  }

  forget(zone: string): void {
    this.diffs.delete(zone);
  }
}
