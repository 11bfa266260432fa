// Authenticated denial with NSEC3 (RFC 5155 §7.2): which NSEC3 records prove that a name, a type, or a
// closer match than a wildcard does not exist.
import type { Part } from '../answer';
import type { ZoneIndex } from '../zone-index';
import { nsec3Hash } from './nsec3';
import type { ZoneDnssec } from './zone-signer';

function part(dnssec: ZoneDnssec, position: number): Part {
  const set = dnssec.nsec3[position]!;
  return { wire: set.signedWire!, count: set.rdatas.length + set.rrsigs!.length };
}

/** The NSEC3 whose owner is the hash of `name` (an existing name: its bitmap lists its types). */
export function matchingNsec3(dnssec: ZoneDnssec, name: string): Part[] {
  const position = dnssec.positionOf.get(name);
  return position === undefined ? [] : [part(dnssec, position)];
}

/** The NSEC3 whose span covers the hash of `name` (a name that does not exist). */
export function coveringNsec3(dnssec: ZoneDnssec, name: string): Part[] {
  return [part(dnssec, dnssec.chain.coveringIndex(nsec3Hash(name)))];
}

/** The name one label longer than `encloser` on the way down to `name` (the "next closer name"). */
export function nextCloser(name: string, encloser: string): string {
  const labels = name.split('.');
  const wanted = encloser === '' ? 1 : encloser.split('.').length + 1;
  return labels.slice(labels.length - wanted).join('.');
}

/** The closest existing ancestor of a name that does not exist (the apex at the latest). */
export function closestEncloser(zone: ZoneIndex, name: string): string {
  let encloser = name;
  while (encloser.length > zone.name.length) {
    const dot = encloser.indexOf('.');
    encloser = encloser.slice(dot + 1);
    if (zone.nodes.has(encloser)) return encloser;
  }
  return zone.name;
}

/**
 * NXDOMAIN (§7.2.2): the closest encloser exists (matching NSEC3), the next closer name does not
 * (covering NSEC3), and neither does a wildcard at the closest encloser (covering NSEC3).
 */
export function nameErrorProof(dnssec: ZoneDnssec, name: string, encloser: string): Part[] {
  return unique([
    ...matchingNsec3(dnssec, encloser),
    ...coveringNsec3(dnssec, nextCloser(name, encloser)),
    ...coveringNsec3(dnssec, `*.${encloser}`),
  ]);
}

/** A wildcard answered for `name` (§7.2.6): the next closer name does not exist. */
export function wildcardAnswerProof(dnssec: ZoneDnssec, name: string, encloser: string): Part[] {
  return coveringNsec3(dnssec, nextCloser(name, encloser));
}

/** A wildcard that exists but lacks the type (§7.2.5): closest encloser proof, and the wildcard's own NSEC3. */
export function wildcardNoDataProof(dnssec: ZoneDnssec, name: string, encloser: string): Part[] {
  return unique([
    ...matchingNsec3(dnssec, encloser),
    ...coveringNsec3(dnssec, nextCloser(name, encloser)),
    ...matchingNsec3(dnssec, `*.${encloser}`),
  ]);
}

function unique(parts: Part[]): Part[] {
  return parts.filter((item, index) => parts.findIndex((other) => other.wire === item.wire) === index);
}
