// What the hypervisor is told of a compute on a private network: its card, with the address the network
// gave it and a MAC we choose from that address — 52:54 then the address's four bytes (10.20.0.5 →
// 52:54:0a:14:00:05): locally administered, never a compute's public card's (52:54:00…, and no private
// block starts with 0), and unique on the network because its addresses are.
import { and, asc, eq, ne } from 'drizzle-orm';
import { computes, privateNetworkMembers, privateNetworks } from '../db/schema';
import type { NetworkCard } from '../drivers/compute/compute-driver';
import type { Queryable } from '../tenancy/team-record';

export function memberMac(address: string): string {
  const bytes = address.split('.').map((part) => Number(part).toString(16).padStart(2, '0'));
  return ['52', '54', ...bytes].join(':');
}

export function cardOf(network: { id: string; ipv4Block: string }, address: string): NetworkCard {
  return { networkId: network.id, ipv4Block: network.ipv4Block, address, mac: memberMac(address) };
}

/** A compute's cards, in the order it joined its networks: what the hypervisor defines it with. */
export async function cardsOf(db: Queryable, computeId: string): Promise<NetworkCard[]> {
  const rows = await db
    .select({
      id: privateNetworks.id,
      ipv4Block: privateNetworks.ipv4Block,
      address: privateNetworkMembers.address,
    })
    .from(privateNetworkMembers)
    .innerJoin(privateNetworks, eq(privateNetworks.id, privateNetworkMembers.networkId))
    .innerJoin(computes, eq(computes.id, privateNetworkMembers.computeId))
    .where(and(eq(privateNetworkMembers.computeId, computeId), ne(computes.status, 'destroyed')))
    .orderBy(asc(privateNetworkMembers.attachedAt), asc(privateNetworks.id));
  return rows.map((row) => cardOf(row, row.address));
}
