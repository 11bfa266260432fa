// Signs a zone index when it is built: DNSKEY and NSEC3PARAM at the apex, an RRSIG per key over every
// authoritative RRset, and the NSEC3 chain over every name (empty non-terminals and delegations included,
// names below a delegation left out: RFC 5155 §7.1). Signatures of an RRset that did not change are taken
// over from the previous index while they have more than a week to live, so a one-record change costs a
// handful of signatures, and a zone transfer sees only what changed.

import { encodeName, parentName, TYPE } from '../names';
import { encodeRRset, type RRset } from '../rrset';
import { dnskeyRdata, type ZoneKey } from './keys';
import { base32hex, Nsec3Chain, nsec3Hash, nsec3ParamRdata, nsec3Rdata } from './nsec3';
import { expirationOf, SIGNATURE_REFRESH_SECONDS, signRRset, typeBitmaps, type Validity } from './sign';

export interface ZoneDnssec {
  keys: ZoneKey[];
  chain: Nsec3Chain;
  /** The NSEC3 RRset at each position of the chain (owner `<hash>.<zone>`), signed. */
  nsec3: RRset[];
  /** Where each name of the zone sits in the chain. */
  positionOf: Map<string, number>;
  /** The earliest expiration among the signatures, seconds since 1970. */
  earliestExpiration: number;
}

export interface SignInput {
  zone: string;
  nodes: Map<string, Map<number, RRset>>;
  cuts: Set<string>;
  /** TTL of the DNSKEY RRset (the SOA's) and of NSEC3 / NSEC3PARAM (the negative ttl, RFC 9077). */
  keyTtl: number;
  negativeTtl: number;
  keys: ZoneKey[];
  validity: Validity;
  previous?: { nodes: Map<string, Map<number, RRset>>; dnssec?: ZoneDnssec };
}

/** Whether a name lies strictly below a delegation (glue, occluded data): not signed, not in the chain. */
function belowCut(name: string, zone: string, cuts: Set<string>): boolean {
  if (cuts.size === 0) return false;
  for (let ancestor = parentName(name); ancestor.length > zone.length; ancestor = parentName(ancestor)) {
    if (cuts.has(ancestor)) return true;
  }
  return false;
}

function sameRdatas(a: Buffer[], b: Buffer[]): boolean {
  return a.length === b.length && a.every((rdata, index) => rdata.equals(b[index]!));
}

export function signZone(input: SignInput): ZoneDnssec {
  const { zone, nodes, cuts, keys, validity, previous } = input;
  const keyTags = keys.map((key) => key.keyTag).join(',');
  const renewBefore = validity.inception + 3600 + SIGNATURE_REFRESH_SECONDS;
  let earliestExpiration = Number.POSITIVE_INFINITY;

  const reusable = (old: RRset | undefined, set: RRset): Buffer[] | undefined => {
    if (!old?.rrsigs || old.ttl !== set.ttl || !sameRdatas(old.rdatas, set.rdatas)) return undefined;
    if (old.rrsigs.map((rrsig) => rrsig.readUInt16BE(2 + 16)).join(',') !== keyTags) return undefined;
    if (old.rrsigs.some((rrsig) => expirationOf(rrsig) < renewBefore)) return undefined;
    return old.rrsigs;
  };
  const signSet = (set: RRset, old: RRset | undefined) => {
    const rrsigs =
      reusable(old, set) ??
      keys.map((key) => signRRset(key, zone, set.owner, set.type, set.ttl, set.rdatas, validity));
    for (const rrsig of rrsigs) earliestExpiration = Math.min(earliestExpiration, expirationOf(rrsig));
    set.rrsigs = rrsigs;
    const ownerWire = encodeName(set.owner);
    set.signedWire = Buffer.concat([set.wire, encodeRRset(ownerWire, TYPE.RRSIG, set.ttl, rrsigs)]);
  };

  // The apex gets the keys and the NSEC3 parameters as ordinary RRsets (asked for, transferred, signed).
  const apex = nodes.get(zone)!;
  const apexWire = encodeName(zone);
  const dnskeys = keys.map((key) => {
    const rdata = dnskeyRdata(key.flags, key.algorithm, key.publicKey);
    const withLength = Buffer.alloc(2 + rdata.length);
    withLength.writeUInt16BE(rdata.length, 0);
    rdata.copy(withLength, 2);
    return withLength;
  });
  const addApexSet = (type: number, ttl: number, rdatas: Buffer[]) =>
    apex.set(type, {
      owner: zone,
      type,
      ttl,
      rdatas,
      targets: [],
      wire: encodeRRset(apexWire, type, ttl, rdatas),
    });
  addApexSet(TYPE.DNSKEY, input.keyTtl, dnskeys);
  addApexSet(TYPE.NSEC3PARAM, input.negativeTtl, [nsec3ParamRdata()]);

  // Names in the chain, with the types each owns (as the bitmap lists them).
  const chainNames: string[] = [];
  for (const [name, rrsets] of nodes) {
    if (belowCut(name, zone, cuts)) continue;
    chainNames.push(name);
    const isCut = cuts.has(name);
    for (const set of rrsets.values()) {
      // The NS of a delegation belongs to the child and is never signed here (RFC 4035 §2.2).
      if (isCut && set.type !== TYPE.DS) continue;
      signSet(set, previous?.nodes.get(name)?.get(set.type));
    }
  }

  const hashes = chainNames.map((name) => nsec3Hash(name));
  const chain = new Nsec3Chain(hashes);
  const positionOf = new Map<string, number>();
  const nameAt: string[] = new Array(chain.hashes.length);
  chainNames.forEach((name, index) => {
    const position = chain.indexOf(hashes[index]!);
    positionOf.set(name, position);
    nameAt[position] = name;
  });
  const previousNsec3 = new Map((previous?.dnssec?.nsec3 ?? []).map((set) => [set.owner, set]));
  const nsec3 = chain.hashes.map((hash, position) => {
    const name = nameAt[position]!;
    const rrsets = nodes.get(name)!;
    const types = [...rrsets.keys()];
    // A name with signed data has RRSIG in its bitmap; a delegation without DS and an empty non-terminal do not.
    if ([...rrsets.values()].some((set) => set.rrsigs)) types.push(TYPE.RRSIG);
    const owner = `${base32hex(hash)}.${zone}`;
    const rdatas = [nsec3Rdata(chain.next(position), typeBitmaps(types))];
    const set: RRset = {
      owner,
      type: TYPE.NSEC3,
      ttl: input.negativeTtl,
      rdatas,
      targets: [],
      wire: encodeRRset(encodeName(owner), TYPE.NSEC3, input.negativeTtl, rdatas),
    };
    signSet(set, previousNsec3.get(owner));
    return set;
  });
  return { keys, chain, nsec3, positionOf, earliestExpiration };
}
