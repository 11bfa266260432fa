// Where on its host a new machine is reached: under user networking a free host port forwarded to its SSH
// port (chosen at random, so a port another program took meanwhile costs one retry, not every create),
// on a bridge the next free addresses of the host's routed block.
import { firstFreeIpv4, firstFreeIpv6, parseIpv4Block, parseIpv6Prefix } from '../simulator/address-pool';
import type { HostConnection } from './host-connection';
import { portRange } from './libvirt-config';

export interface Taken {
  host: string;
  sshPort: number | null;
  ipv4: string | null;
  ipv6?: string | null;
}

export interface Addresses {
  sshPort: number | null;
  ipv4: string | null;
  ipv6: string | null;
}

/** The host has no port (user networking) or address (bridge) left for another machine. */
export function hostIsOutOfAddresses(host: HostConnection, taken: readonly Taken[]): boolean {
  const network = host.config.network;
  if (network.mode === 'user') {
    const [first, last] = portRange(network);
    return taken.filter((row) => row.host === host.name && row.sshPort !== null).length > last - first;
  }
  const block = parseIpv4Block(network.ipv4)!;
  return firstFreeIpv4([block], new Set(taken.map((row) => row.ipv4 ?? ''))) === undefined;
}

export function allocateAddresses(host: HostConnection, taken: readonly Taken[]): Addresses {
  const network = host.config.network;
  if (network.mode === 'user') {
    const used = new Set(taken.filter((entry) => entry.host === host.name).map((entry) => entry.sshPort));
    const [first, last] = portRange(network);
    const free: number[] = [];
    for (let port = first; port <= last; port++) if (!used.has(port)) free.push(port);
    const sshPort = free[Math.floor(Math.random() * free.length)]!;
    const v6 = network.publishAddress.includes(':');
    return { sshPort, ipv4: v6 ? null : network.publishAddress, ipv6: v6 ? network.publishAddress : null };
  }
  const own = taken.filter((entry) => entry.sshPort === null);
  const ipv4 =
    firstFreeIpv4([parseIpv4Block(network.ipv4)!], new Set(own.map((entry) => entry.ipv4 ?? ''))) ?? null;
  const prefix = network.ipv6 ? parseIpv6Prefix(network.ipv6) : undefined;
  const ipv6 = prefix ? (firstFreeIpv6(prefix, new Set(own.map((entry) => entry.ipv6 ?? ''))) ?? null) : null;
  return { sshPort: null, ipv4, ipv6 };
}

/** A random port of the host's range that no machine of the host holds, or undefined after a few tries. */
export function anotherFreePort(host: HostConnection, taken: readonly Taken[]): number | undefined {
  const network = host.config.network;
  if (network.mode !== 'user') return undefined;
  const [first, last] = portRange(network);
  const used = new Set(taken.filter((other) => other.host === host.name).map((other) => other.sshPort));
  for (let tries = 0; tries < 20; tries++) {
    const port = first + Math.floor(Math.random() * (last - first + 1));
    if (!used.has(port)) return port;
  }
  return undefined;
}
