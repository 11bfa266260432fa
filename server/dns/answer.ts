// Answers one question from one zone: exact matches, CNAME chains within the zone, wildcards (RFC 4592),
// referrals at delegations, and negative answers carrying the SOA (RFC 2308).
// Signed zones add, for queries with the DO bit, the RRSIGs of every RRset and the NSEC3 proofs of
// RFC 5155 §7.2 to negative answers, wildcard answers and referrals.
import {
  closestEncloser,
  matchingNsec3,
  nameErrorProof,
  wildcardAnswerProof,
  wildcardNoDataProof,
} from './dnssec/denial';
import type { ZoneDnssec } from './dnssec/zone-signer';
import { encodeName, isInZone, parentName, RCODE, TYPE } from './names';
import { encodeRRset, type RRset } from './rrset';
import type { ZoneIndex } from './zone-index';

/** Whole RRsets, so a truncated answer is cut between sets, never inside one. */
export interface Part {
  wire: Buffer;
  count: number;
  /** Additional section only: glue a referral cannot do without (RFC 9471); other glue is optional. */
  required?: boolean;
}

export interface Resolution {
  rcode: number;
  authoritative: boolean;
  answer: Part[];
  authority: Part[];
  additional: Part[];
}

/** CNAME links followed before giving up on a chain (loops stop earlier, at the first repeated name). */
const MAX_CHAIN = 12;

/** For ANY over UDP (RFC 8482 §4.1): one RRset of the name, the first of these it owns. */
const ANY_PREFERENCE = [
  TYPE.A,
  TYPE.AAAA,
  TYPE.CNAME,
  TYPE.MX,
  TYPE.TXT,
  TYPE.SRV,
  TYPE.CAA,
  TYPE.PTR,
  TYPE.NS,
  TYPE.SOA,
];

export interface Question {
  /** Lowercase, no trailing dot, inside `zone`. */
  qname: string;
  /** The same name on the wire, lowercase: the owner of answers synthesized from a wildcard. */
  qnameWire: Buffer;
  qtype: number;
  /** ANY gets every RRset (TCP) or one of them (UDP, where a big answer is an amplification tool). */
  fullAny: boolean;
  /** The query set DO: a signed zone adds signatures and denial proofs. */
  dnssec?: boolean;
}

export function resolve(zone: ZoneIndex, question: Question): Resolution {
  const { qname, qtype } = question;
  const signed = question.dnssec ? zone.dnssec : undefined;
  const result: Resolution = {
    rcode: RCODE.NOERROR,
    authoritative: true,
    answer: [],
    authority: [],
    additional: [],
  };
  const negative = (proof: Part[]) => {
    result.authority.push(soaPart(zone, signed), ...proof);
    return result;
  };
  const cut = findCut(zone, qname);
  // The parent side answers for DS at a delegation point (RFC 4035 §3.1.4.1); we hold none: NODATA.
  if (cut !== undefined && qtype === TYPE.DS && qname === cut) {
    return negative(signed ? matchingNsec3(signed, cut) : []);
  }
  if (cut !== undefined) return referral(zone, cut, signed);

  const seen = new Set<string>();
  let name = qname;
  for (let links = 0; ; links++) {
    const exact = zone.nodes.get(name);
    const encloser = exact ? undefined : closestEncloserFor(zone, name);
    const node = exact ?? wildcardAt(zone, name, encloser!);
    if (!node) {
      // After a CNAME the rcode still describes the last name of the chain (RFC 6604 §2.1).
      result.rcode = RCODE.NXDOMAIN;
      return negative(signed ? nameErrorProof(signed, name, encloser!) : []);
    }
    const owner = name === qname ? question.qnameWire : undefined;
    // A wildcard answer proves that no closer name exists (RFC 5155 §7.2.6).
    const wildcardProof = () => (signed && !exact ? wildcardAnswerProof(signed, name, encloser!) : []);
    const noData = () =>
      negative(
        signed ? (exact ? matchingNsec3(signed, name) : wildcardNoDataProof(signed, name, encloser!)) : [],
      );
    if (qtype === TYPE.ANY) {
      const sets = question.fullAny
        ? [...node.values()]
        : ANY_PREFERENCE.map((type) => node.get(type))
            .filter((set) => set !== undefined)
            .slice(0, 1);
      if (sets.length === 0) return noData();
      for (const set of sets) result.answer.push(partOf(set, name, owner, signed));
      result.authority.push(...wildcardProof());
      return result;
    }
    const rrset = node.get(qtype);
    if (rrset) {
      result.answer.push(partOf(rrset, name, owner, signed));
      result.authority.push(...wildcardProof());
      if (qtype === TYPE.NS || qtype === TYPE.MX || qtype === TYPE.SRV) {
        result.additional.push(...addresses(zone, rrset.targets, undefined));
      }
      return result;
    }
    const cname = qtype === TYPE.CNAME ? undefined : node.get(TYPE.CNAME);
    if (!cname) return noData();
    result.answer.push(partOf(cname, name, owner, signed));
    result.authority.push(...wildcardProof());
    seen.add(name);
    const target = cname.targets[0]!;
    // Out of the zone, delegated away, looping or too long: the resolver takes it from here.
    if (
      !isInZone(target, zone.name) ||
      seen.has(target) ||
      links + 1 >= MAX_CHAIN ||
      findCut(zone, target) !== undefined
    ) {
      return result;
    }
    name = target;
  }
}

/** The SOA of a negative answer, with its signatures when the answer is signed. */
function soaPart(zone: ZoneIndex, signed: ZoneDnssec | undefined): Part {
  if (signed && zone.negativeSoaSigned) {
    const soa = zone.nodes.get(zone.name)!.get(TYPE.SOA)!;
    return { wire: zone.negativeSoaSigned, count: 1 + soa.rrsigs!.length };
  }
  return { wire: zone.negativeSoa, count: 1 };
}

/**
 * The set as records owned by `name`: its own wire, or re-encoded when a wildcard stands in for it (the
 * wildcard's RRSIGs go along unchanged: their labels field tells the validator a wildcard was expanded).
 */
function partOf(
  rrset: RRset,
  name: string,
  ownerWire: Buffer | undefined,
  signed: ZoneDnssec | undefined,
): Part {
  const withSignatures = signed !== undefined && rrset.rrsigs !== undefined;
  const count = rrset.rdatas.length + (withSignatures ? rrset.rrsigs!.length : 0);
  if (rrset.owner === name) return { wire: withSignatures ? rrset.signedWire! : rrset.wire, count };
  const owner = ownerWire ?? encodeName(name);
  const wire = encodeRRset(owner, rrset.type, rrset.ttl, rrset.rdatas);
  if (!withSignatures) return { wire, count };
  return { wire: Buffer.concat([wire, encodeRRset(owner, TYPE.RRSIG, rrset.ttl, rrset.rrsigs!)]), count };
}

/** The closest encloser of a name that does not exist: its nearest existing ancestor (RFC 4592 §3.3.1). */
function closestEncloserFor(zone: ZoneIndex, name: string): string {
  return closestEncloser(zone, name);
}

/**
 * The wildcard that answers for a name that does not exist: `*.` plus its closest encloser (empty
 * non-terminals included). An existing name is never reached here, so it blocks the wildcard, and a closer
 * existing ancestor without a `*` child gives NXDOMAIN.
 */
function wildcardAt(zone: ZoneIndex, name: string, encloser: string): Map<number, RRset> | undefined {
  if (!zone.hasWildcards || name === zone.name) return undefined;
  return zone.nodes.get(`*.${encloser}`);
}

/** The delegation nearest the apex at or above `name`, if the name lies in a delegated subtree. */
function findCut(zone: ZoneIndex, name: string): string | undefined {
  if (zone.cuts.size === 0) return undefined;
  let cut: string | undefined;
  for (let ancestor = name; ancestor.length > zone.name.length; ancestor = parentName(ancestor)) {
    if (zone.cuts.has(ancestor)) cut = ancestor;
  }
  return cut;
}

/**
 * Not ours to answer: the delegation's NS records, and the glue a resolver needs to reach them; signed,
 * the NSEC3 of the delegation proves it has no DS (an unsigned child, RFC 5155 §7.2.7).
 */
function referral(zone: ZoneIndex, cut: string, signed: ZoneDnssec | undefined): Resolution {
  const ns = zone.nodes.get(cut)!.get(TYPE.NS)!;
  return {
    rcode: RCODE.NOERROR,
    authoritative: false,
    answer: [],
    authority: [{ wire: ns.wire, count: ns.rdatas.length }, ...(signed ? matchingNsec3(signed, cut) : [])],
    additional: addresses(zone, ns.targets, cut),
  };
}

/** A and AAAA records of the targets that live in this zone; those below `requiredBelow` are required. */
function addresses(zone: ZoneIndex, targets: string[], requiredBelow: string | undefined): Part[] {
  const parts: Part[] = [];
  const done = new Set<string>();
  for (const target of targets) {
    if (done.has(target) || !isInZone(target, zone.name)) continue;
    done.add(target);
    const node = zone.nodes.get(target);
    if (!node) continue;
    const required = requiredBelow !== undefined && isInZone(target, requiredBelow);
    for (const type of [TYPE.A, TYPE.AAAA]) {
      const set = node.get(type);
      if (set) parts.push({ wire: set.wire, count: set.rdatas.length, required });
    }
  }
  return parts;
}
