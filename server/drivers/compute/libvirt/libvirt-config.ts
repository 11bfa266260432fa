// The libvirt driver's settings: the hypervisor hosts (LIBVIRT_HOSTS, JSON inline or in a file) with the
// location each serves, its capacity, its storage pool, its base images and how its guests are reached,
// and how long a guest may take to boot or shut down. Checked at start with every problem named.
import { readFileSync } from 'node:fs';
import * as v from 'valibot';
import { parseIpv4Block, parseIpv6Prefix } from '../simulator/address-pool';

const name = v.pipe(
  v.string(),
  v.regex(/^[a-z0-9][a-z0-9-]{0,30}$/, 'use lowercase letters, digits and hyphens (at most 31)'),
);
const positive = v.pipe(v.number(), v.integer(), v.minValue(1));

const userNetworkSchema = v.strictObject({
  /** QEMU user networking: each guest's port 22 is forwarded from a port of the host. */
  mode: v.literal('user'),
  /** The address people reach the host at; shown in `ssh -p <port> root@<address>`. */
  publishAddress: v.pipe(v.string(), v.ip()),
  /** Where the host listens for the forwards (the host's own address; 127.0.0.1 keeps them private). */
  bindAddress: v.optional(v.pipe(v.string(), v.ip()), '0.0.0.0'),
  /** Guests reach nothing outside QEMU (its `restrict=on`): only the forwarded SSH port reaches them. */
  restrict: v.optional(v.boolean()),
  /** "first-last": the host ports handed out, one per compute. */
  ports: v.pipe(
    v.string(),
    v.regex(/^\d{1,5}-\d{1,5}$/, 'write the port range as first-last, e.g. 40000-40999'),
    v.check((range) => {
      const [first, last] = range.split('-').map(Number) as [number, number];
      return first >= 1024 && last <= 65535 && first <= last;
    }, 'the port range must lie within 1024-65535, first before last'),
  ),
});

const bridgeNetworkSchema = v.strictObject({
  /** A host bridge on a routed block: each guest gets its own public address, given by cloud-init. */
  mode: v.literal('bridge'),
  bridge: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_.-]{1,15}$/, 'name a bridge such as br0')),
  /** The routed IPv4 block; its first host address is the gateway and is never given to a guest. */
  ipv4: v.pipe(
    v.string(),
    v.check((cidr) => parseIpv4Block(cidr) !== undefined, 'give an IPv4 block such as 203.0.113.0/24'),
  ),
  ipv6: v.optional(
    v.pipe(
      v.string(),
      v.check((cidr) => parseIpv6Prefix(cidr) !== undefined, 'give an IPv6 prefix such as 2001:db8::/64'),
    ),
  ),
  /** The IPv6 gateway (the host's address on the bridge); required with ipv6. */
  gateway6: v.optional(v.pipe(v.string(), v.ip())),
  nameservers: v.optional(v.array(v.pipe(v.string(), v.ip())), ['9.9.9.9', '1.1.1.1']),
  /**
   * Whether the console's servers may connect to a booting guest's port 22 to learn that it is up. false
   * where they do not route to the block (a management network, a test's namespace): the login prompt on
   * the guest's serial console alone then says so.
   */
  probeSsh: v.optional(v.boolean()),
});

const hostSchema = v.strictObject({
  name,
  /** A libvirt connection URI: qemu:///system here, qemu+ssh://root@host/system elsewhere. */
  uri: v.pipe(v.string(), v.regex(/^[a-z0-9+]+:\/\/[^\s]*$/, 'give a libvirt URI such as qemu:///system')),
  /** The catalog location this host serves. */
  location: v.string(),
  capacity: v.strictObject({ vcpus: positive, memoryMb: positive, diskGb: positive }),
  /** The storage pool (on the host) that holds the base images, the computes' disks and their seeds. */
  pool: v.optional(name, 'ikirere'),
  /** Catalog image id → its base qcow2 volume: a name in `pool`, or "otherpool/volume". */
  images: v.record(v.string(), v.pipe(v.string(), v.nonEmpty())),
  network: v.variant('mode', [userNetworkSchema, bridgeNetworkSchema]),
  /**
   * auto: KVM when the host offers it and it works (a guest that KVM pauses or crashes at start makes the host
   * emulated from then on, remembered in libvirt_hosts), else plain QEMU emulation. kvm: always KVM (a
   * remembered failure is forgotten); emulated: always emulation.
   */
  acceleration: v.optional(v.picklist(['auto', 'kvm', 'emulated']), 'auto'),
  /**
   * The rescue system (scripts/libvirt/build-rescue-image.sh): its kernel and initramfs, as paths on the
   * host that the libvirt-qemu user can read. Without it, the host's computes cannot enter rescue mode.
   */
  rescue: v.optional(
    v.strictObject({ kernel: v.pipe(v.string(), v.nonEmpty()), initrd: v.pipe(v.string(), v.nonEmpty()) }),
  ),
});

export type LibvirtHost = v.InferOutput<typeof hostSchema>;
export type UserNetwork = v.InferOutput<typeof userNetworkSchema>;

export interface LibvirtConfig {
  hosts: LibvirtHost[];
  /** A guest that has not shown a login prompt or answered SSH by then is reported running anyway. */
  bootTimeoutSeconds: number;
  /** An ACPI shutdown (or the shutdown half of a reboot) the guest has not finished by then fails. */
  shutdownTimeoutSeconds: number;
  /** Seconds between two usage samples of the running machines. */
  sampleIntervalSeconds: number;
  /** Seconds between two probes of every host (a host that stops answering is noticed within this). */
  hostCheckSeconds: number;
}

const DEFAULT_TIMINGS = {
  bootTimeoutSeconds: 300,
  shutdownTimeoutSeconds: 60,
  sampleIntervalSeconds: 60,
  hostCheckSeconds: 10,
};

function seconds(
  read: (name: string) => string | undefined,
  variable: string,
  fallback: number,
  problems: string[],
): number {
  const text = read(variable);
  if (text === undefined || text === '') return fallback;
  if (!/^\d{1,5}$/.test(text) || Number(text) < 1) {
    problems.push(`${variable} must be a whole number of seconds from 1 (got "${text}").`);
    return fallback;
  }
  return Number(text);
}

/** LIBVIRT_HOSTS holds the JSON list itself, or the path of a file holding it. */
export function readLibvirtConfig(
  read: (name: string) => string | undefined,
  problems: string[],
  catalog: { locations: readonly { id: string }[]; operatingSystems: readonly { id: string }[] },
): LibvirtConfig | undefined {
  const timings = {
    bootTimeoutSeconds: seconds(read, 'LIBVIRT_BOOT_TIMEOUT', DEFAULT_TIMINGS.bootTimeoutSeconds, problems),
    shutdownTimeoutSeconds: seconds(
      read,
      'LIBVIRT_SHUTDOWN_TIMEOUT',
      DEFAULT_TIMINGS.shutdownTimeoutSeconds,
      problems,
    ),
    sampleIntervalSeconds: seconds(
      read,
      'LIBVIRT_SAMPLE_SECONDS',
      DEFAULT_TIMINGS.sampleIntervalSeconds,
      problems,
    ),
    hostCheckSeconds: seconds(read, 'LIBVIRT_HOST_CHECK_SECONDS', DEFAULT_TIMINGS.hostCheckSeconds, problems),
  };
  const raw = read('LIBVIRT_HOSTS')?.trim();
  if (!raw) {
    problems.push(
      'COMPUTE_DRIVER=libvirt needs LIBVIRT_HOSTS: the hypervisor hosts as JSON (see the README).',
    );
    return undefined;
  }
  let text = raw;
  if (!raw.startsWith('[')) {
    try {
      text = readFileSync(raw, 'utf8');
    } catch {
      problems.push(`LIBVIRT_HOSTS is neither a JSON list nor a readable file (got "${raw.slice(0, 80)}").`);
      return undefined;
    }
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    problems.push(`LIBVIRT_HOSTS is not valid JSON (${(error as Error).message}).`);
    return undefined;
  }
  const result = v.safeParse(v.pipe(v.array(hostSchema), v.minLength(1, 'list at least one host')), json);
  if (!result.success) {
    for (const issue of result.issues.slice(0, 10)) {
      problems.push(`LIBVIRT_HOSTS: ${v.getDotPath(issue) ?? '(the list)'}: ${issue.message}`);
    }
    return undefined;
  }
  const hosts = result.output;
  const before = problems.length;
  const names = new Set<string>();
  for (const host of hosts) {
    if (names.has(host.name)) problems.push(`LIBVIRT_HOSTS: the host name ${host.name} is used twice.`);
    names.add(host.name);
    if (!catalog.locations.some((location) => location.id === host.location)) {
      problems.push(
        `LIBVIRT_HOSTS: host ${host.name} serves location ${host.location}, which the catalog lacks.`,
      );
    }
    for (const image of Object.keys(host.images)) {
      if (!catalog.operatingSystems.some((os) => os.id === image)) {
        problems.push(`LIBVIRT_HOSTS: host ${host.name} lists image ${image}, which the catalog lacks.`);
      }
    }
    if (host.network.mode === 'bridge' && host.network.ipv6 && !host.network.gateway6) {
      problems.push(`LIBVIRT_HOSTS: host ${host.name} has an IPv6 prefix but no gateway6.`);
    }
  }
  return problems.length > before ? undefined : { hosts, ...timings };
}

export function portRange(network: UserNetwork): [number, number] {
  const [first, last] = network.ports.split('-').map(Number) as [number, number];
  return [first, last];
}
