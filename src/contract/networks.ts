// Private networks: per team, an isolated IPv4 network (a block the team chooses inside RFC 1918) that its
// computes join with a second interface and a private address we allocate. Nothing outside the network —
// another team, the internet — reaches it. Checked here on both sides; overlaps with the team's other
// networks are the server's to refuse (it knows them).
import * as v from 'valibot';
import { t, translated } from '@/i18n/state';
import { parseIpv4 } from './firewalls';
import { uuid } from './ids';

const isoDate = v.pipe(v.string(), v.isoTimestamp());

/** The prefix lengths a network may have: /16 (65,534 addresses) to /28 (14). */
export const NETWORK_PREFIX_BOUNDS = { shortest: 16, longest: 28 } as const;

const PRIVATE_BLOCKS: ReadonlyArray<[string, number]> = [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
];

export interface Ipv4Block {
  network: bigint;
  length: number;
}

/** "10.20.0.0/24" as numbers; undefined when it is not an IPv4 prefix. */
export function parseBlock(text: string): Ipv4Block | undefined {
  const [address = '', length, ...rest] = text.split('/');
  const network = parseIpv4(address);
  if (network === undefined || rest.length > 0 || length === undefined || !/^\d{1,2}$/.test(length)) {
    return undefined;
  }
  return Number(length) > 32 ? undefined : { network, length: Number(length) };
}

export function formatIpv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => (value >> shift) & 255n).join('.');
}

const sizeOf = (block: Ipv4Block) => 1n << BigInt(32 - block.length);

/** Whether two blocks share an address. */
export function blocksOverlap(a: Ipv4Block, b: Ipv4Block): boolean {
  return a.network < b.network + sizeOf(b) && b.network < a.network + sizeOf(a);
}

/** What is wrong with a network's block ("10.20.0.0/24"), or null. */
export function networkBlockProblem(text: string): string | null {
  const block = parseBlock(text);
  if (!block) return t('contract.network.notPrefix', { text });
  const { shortest, longest } = NETWORK_PREFIX_BOUNDS;
  if (block.length < shortest || block.length > longest) {
    return t('contract.network.prefixLength', { shortest, longest, text, length: block.length });
  }
  const hostMask = sizeOf(block) - 1n;
  if (block.network & hostMask) {
    const prefix = `${formatIpv4(block.network & ~hostMask)}/${block.length}`;
    return t('contract.network.hostBits', { text, prefix });
  }
  const inside = PRIVATE_BLOCKS.some(([address, length]) => {
    const outer = { network: parseIpv4(address)!, length };
    return block.network >= outer.network && block.network + sizeOf(block) <= outer.network + sizeOf(outer);
  });
  if (!inside) {
    return t('contract.network.notPrivate', { text });
  }
  return null;
}

export const networkRequestSchema = v.object({
  name: v.pipe(
    v.string(translated('contract.network.nameRequired')),
    v.trim(),
    v.minLength(1, translated('contract.network.nameRequired')),
    v.maxLength(64, translated('contract.network.nameTooLong', { max: 64 })),
  ),
  ipv4Block: v.pipe(
    v.string(translated('contract.network.blockRequired')),
    v.trim(),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problem = networkBlockProblem(dataset.value);
      if (problem) addIssue({ message: problem });
    }),
  ),
});
export type NetworkRequest = v.InferOutput<typeof networkRequestSchema>;

/** The statuses in which a compute joins a network: at rest, running or stopped (its card is hot-plugged or defined). */
export const NETWORK_READY_STATUSES = ['running', 'stopped'] as const;

export function computeJoinsNetworks(status: string): boolean {
  return (NETWORK_READY_STATUSES as readonly string[]).includes(status);
}

export const networkMemberRequestSchema = v.object({ computeId: uuid });

export const networkMemberSchema = v.object({
  computeId: uuid,
  hostname: v.string(),
  /** Its address on the network (its second interface). */
  address: v.string(),
  attachedAt: isoDate,
});
export type NetworkMember = v.InferOutput<typeof networkMemberSchema>;

export const networkSchema = v.object({
  id: uuid,
  teamId: uuid,
  name: v.string(),
  ipv4Block: v.string(),
  members: v.array(networkMemberSchema),
  /**
   * host: the hypervisor gives members a second interface on an isolated network of their own (libvirt: a
   * bridge per network); simulated: the simulator keeps the membership and addresses as data.
   */
  isolation: v.picklist(['host', 'simulated']),
  createdAt: isoDate,
});
export type Network = v.InferOutput<typeof networkSchema>;

export const networkAnswerSchema = v.object({ network: networkSchema });
export const networkListSchema = v.object({ networks: v.array(networkSchema) });
