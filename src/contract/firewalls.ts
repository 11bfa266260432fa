// Firewalls: a team's inbound rules (TCP, UDP or ICMP; ports; the source addresses or prefixes allowed),
// applied to computes by id or by tag. A compute under one or more firewalls accepts inbound only what one
// of their rules allows (and the answers to what it sent: outbound is open); a compute under none is open.
// Checked here on both sides: a bad prefix is refused with the reason, beside the field.
import * as v from 'valibot';
import { t, translated } from '@/i18n/state';
import { tagsSchema } from './computes';
import { uuid } from './ids';

const isoDate = v.pipe(v.string(), v.isoTimestamp());

export const FIREWALL_PROTOCOLS = ['tcp', 'udp', 'icmp'] as const;

/** What is wrong with an address or prefix as a rule's source ("203.0.113.0/24", "2001:db8::/32"), or null. */
export function sourceProblem(text: string): string | null {
  const [address = '', length, ...rest] = text.split('/');
  if (rest.length > 0) return t('contract.firewall.sourceMalformed', { text });
  const ipv4 = parseIpv4(address);
  const ipv6 = ipv4 === undefined ? parseIpv6(address) : undefined;
  if (ipv4 === undefined && ipv6 === undefined) {
    return t('contract.firewall.sourceNotAddress', { text });
  }
  if (length === undefined) return null;
  const bits = ipv4 !== undefined ? 32 : 128;
  if (!/^\d{1,3}$/.test(length) || Number(length) > bits) {
    return t('contract.firewall.sourcePrefixLength', {
      text,
      family: ipv4 !== undefined ? 'IPv4' : 'IPv6',
      bits,
    });
  }
  const value = ipv4 ?? ipv6!;
  const hostBits = BigInt(bits - Number(length));
  if (value & ((1n << hostBits) - 1n)) {
    return t('contract.firewall.sourceHostBits', { text, prefix: formatPrefix(value, bits, Number(length)) });
  }
  return null;
}

/** An IPv4 address as a number, or undefined when the text is not one (dotted quad, no leading zeros). */
export function parseIpv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) < 256)) {
    return undefined;
  }
  return parts.reduce((sum, part) => (sum << 8n) + BigInt(part), 0n);
}

function parseIpv6(text: string): bigint | undefined {
  if (!/^[0-9a-fA-F:]+$/.test(text) || text.split('::').length > 2) return undefined;
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const all = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right];
  if (!all.every((group) => /^[0-9a-fA-F]{1,4}$/.test(group))) return undefined;
  return all.reduce((sum, group) => (sum << 16n) + BigInt(Number.parseInt(group, 16)), 0n);
}

function formatPrefix(value: bigint, bits: number, length: number): string {
  const network = value & ~((1n << BigInt(bits - length)) - 1n);
  if (bits === 32) {
    return `${[24n, 16n, 8n, 0n].map((shift) => (network >> shift) & 255n).join('.')}/${length}`;
  }
  const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) =>
    ((network >> shift) & 0xffffn).toString(16),
  );
  return `${groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::')}/${length}`;
}

const sourceSchema = v.pipe(
  v.string(translated('contract.firewall.source')),
  v.trim(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = sourceProblem(dataset.value);
    if (problem) addIssue({ message: problem });
  }),
);

/** "22", "8000-8999"; for TCP and UDP only. */
const portsSchema = v.pipe(
  v.string(translated('contract.firewall.ports')),
  v.trim(),
  v.regex(/^\d{1,5}(-\d{1,5})?$/, translated('contract.firewall.ports')),
  v.check((ports) => {
    const [first, last = first] = ports.split('-').map(Number) as [number, number?];
    return first >= 1 && last <= 65535 && first <= last;
  }, translated('contract.firewall.portsRange')),
);

export const firewallRuleSchema = v.pipe(
  v.object({
    protocol: v.picklist(FIREWALL_PROTOCOLS, translated('contract.firewall.protocol')),
    /** TCP and UDP: the port or range allowed; ICMP: null. */
    ports: v.nullable(portsSchema),
    /** Where the traffic may come from: addresses or prefixes; 0.0.0.0/0 and ::/0 are anywhere. */
    sources: v.pipe(
      v.array(sourceSchema),
      v.minLength(1, translated('contract.firewall.sourcesNone')),
      v.maxLength(50, translated('contract.firewall.sourcesTooMany', { max: 50 })),
    ),
  }),
  v.forward(
    v.check(
      (rule) => (rule.protocol === 'icmp' ? rule.ports === null : rule.ports !== null),
      translated('contract.firewall.portsForProtocol'),
    ),
    ['ports'],
  ),
);
export type FirewallRule = v.InferOutput<typeof firewallRuleSchema>;

export const firewallRequestSchema = v.object({
  name: v.pipe(
    v.string(translated('contract.firewall.nameRequired')),
    v.trim(),
    v.minLength(1, translated('contract.firewall.nameRequired')),
    v.maxLength(64, translated('contract.firewall.nameTooLong', { max: 64 })),
  ),
  rules: v.pipe(
    v.array(firewallRuleSchema),
    v.maxLength(100, translated('contract.firewall.rulesTooMany', { max: 100 })),
  ),
  /** Computes it applies to, by id. */
  computeIds: v.optional(v.pipe(v.array(uuid), v.maxLength(500)), []),
  /** And every compute with one of these tags, now or later. */
  tags: v.optional(tagsSchema, []),
});
export type FirewallRequest = v.InferOutput<typeof firewallRequestSchema>;

export const firewallEventSchema = v.object({
  action: v.picklist(['created', 'updated']),
  message: v.string(),
  actor: v.nullable(v.object({ id: uuid, name: v.string() })),
  at: isoDate,
});

export const firewallSchema = v.object({
  id: uuid,
  teamId: uuid,
  name: v.string(),
  rules: v.array(firewallRuleSchema),
  computeIds: v.array(uuid),
  tags: v.array(v.string()),
  /** The live computes it applies to now (by id or tag). */
  computes: v.array(v.object({ id: uuid, hostname: v.string() })),
  /**
   * host: the hypervisor enforces the rules (libvirt bridge hosts); simulated: the simulator keeps them as
   * data and lets everything through.
   */
  enforcement: v.picklist(['host', 'simulated']),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type Firewall = v.InferOutput<typeof firewallSchema>;

export const firewallAnswerSchema = v.object({ firewall: firewallSchema });
export const firewallDetailSchema = v.object({
  firewall: firewallSchema,
  history: v.array(firewallEventSchema),
});
export const firewallListSchema = v.object({ firewalls: v.array(firewallSchema) });
