// The compute part of the server's environment: which driver runs computes, the catalog, the
// simulator's timings and address pools, and the libvirt hosts. Checked at start with every problem named.
import { type CatalogData, DEFAULT_CATALOG, readCatalogFile } from '../../catalog/catalog';
import type { HostCapacity } from './capacity';
import { TRANSITIONS, type Transition } from './compute-driver';
import { type LibvirtConfig, readLibvirtConfig } from './libvirt/libvirt-config';
import { parseIpv4Block, parseIpv6Prefix } from './simulator/address-pool';
import {
  DEFAULT_SIMULATOR_CONFIG,
  DEFAULT_TIMINGS_MS,
  type SimulatorConfig,
} from './simulator/simulator-config';

export const COMPUTE_DRIVERS = ['simulator', 'libvirt'] as const;
export type ComputeDriverName = (typeof COMPUTE_DRIVERS)[number];

export interface ComputeConfig {
  computeDriver: ComputeDriverName;
  /** From CATALOG_FILE; undefined: the built-in catalog. */
  catalog: CatalogData | undefined;
  simulator: SimulatorConfig;
  /** LIBVIRT_*: set when COMPUTE_DRIVER is libvirt. */
  libvirt?: LibvirtConfig;
}

export function readComputeConfig(
  read: (name: string) => string | undefined,
  problems: string[],
): ComputeConfig {
  const driverText = (read('COMPUTE_DRIVER') ?? 'simulator').toLowerCase();
  const computeDriver = COMPUTE_DRIVERS.find((name) => name === driverText);
  if (!computeDriver) {
    problems.push(`COMPUTE_DRIVER must be one of ${COMPUTE_DRIVERS.join(', ')} (got "${driverText}").`);
  }

  const catalogFile = read('CATALOG_FILE');
  let catalog: CatalogData | undefined;
  if (catalogFile) {
    const result = readCatalogFile(catalogFile);
    problems.push(...result.problems);
    catalog = result.catalog;
  }

  const speedText = read('SIMULATOR_SPEED') ?? '1';
  const speed = Number(speedText);
  if (!/^\d+(\.\d+)?$/.test(speedText) || speed <= 0 || speed > 100_000) {
    problems.push(`SIMULATOR_SPEED must be a number above 0, up to 100000 (got "${speedText}").`);
  }

  const timingsMs = { ...DEFAULT_TIMINGS_MS };
  for (const item of (read('SIMULATOR_TIMINGS') ?? '').split(',').filter((part) => part.trim() !== '')) {
    const match = /^\s*([a-z_-]+)\s*=\s*(\d{1,7})\s*$/.exec(item);
    const transition = match && (match[1]!.replace('-', '_') as Transition);
    if (!match || !transition || !TRANSITIONS.includes(transition)) {
      problems.push(
        `SIMULATOR_TIMINGS takes transition=milliseconds pairs for ${TRANSITIONS.join(', ')} (got "${item.trim()}").`,
      );
      continue;
    }
    timingsMs[transition] = Number(match[2]);
  }

  const ipv4Pool = (read('SIMULATOR_IPV4_POOL') ?? DEFAULT_SIMULATOR_CONFIG.ipv4Pool.join(','))
    .split(',')
    .map((block) => block.trim())
    .filter((block) => block !== '');
  for (const block of ipv4Pool) {
    if (!parseIpv4Block(block)) {
      problems.push(`SIMULATOR_IPV4_POOL takes IPv4 CIDR blocks such as 192.0.2.0/24 (got "${block}").`);
    }
  }
  if (ipv4Pool.length === 0) problems.push('SIMULATOR_IPV4_POOL must name at least one block.');
  const ipv6Pool = read('SIMULATOR_IPV6_POOL') ?? DEFAULT_SIMULATOR_CONFIG.ipv6Pool;
  if (!parseIpv6Prefix(ipv6Pool)) {
    problems.push(
      `SIMULATOR_IPV6_POOL takes one IPv6 prefix from /48 to /120 such as 2001:db8::/64 (got "${ipv6Pool}").`,
    );
  }

  const hostCapacity = readHostCapacity(read('SIMULATOR_HOST_CAPACITY'), problems);

  const libvirt =
    computeDriver === 'libvirt' ? readLibvirtConfig(read, problems, catalog ?? DEFAULT_CATALOG) : undefined;

  return {
    computeDriver: computeDriver ?? 'simulator',
    catalog,
    simulator: { speed, timingsMs, ipv4Pool, ipv6Pool, ...(hostCapacity ? { hostCapacity } : {}) },
    ...(libvirt ? { libvirt } : {}),
  };
}

/**
 * SIMULATOR_HOST_CAPACITY: the size of each location's one simulated host, in the words of a libvirt host's
 * `capacity` ("vcpus=64,memoryMb=262144,diskGb=4000", all three); unset, room without end.
 */
function readHostCapacity(text: string | undefined, problems: string[]): HostCapacity | undefined {
  if (text === undefined) return undefined;
  const found: Partial<Record<keyof HostCapacity, number>> = {};
  for (const item of text.split(',')) {
    const match = /^\s*(vcpus|memoryMb|diskGb)\s*=\s*([1-9]\d{0,8})\s*$/.exec(item);
    if (match) found[match[1] as keyof HostCapacity] = Number(match[2]);
  }
  const { vcpus, memoryMb, diskGb } = found;
  if (vcpus === undefined || memoryMb === undefined || diskGb === undefined || text.split(',').length !== 3) {
    problems.push(
      `SIMULATOR_HOST_CAPACITY takes vcpus, memoryMb and diskGb as whole numbers above 0, like "vcpus=64,memoryMb=262144,diskGb=4000" (got "${text}").`,
    );
    return undefined;
  }
  return { vcpus, memoryMb, diskGb };
}
