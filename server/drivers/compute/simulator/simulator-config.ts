// How the hypervisor simulator behaves: how long each transition takes, which ones fail, and which
// addresses it hands out. Read from SIMULATOR_* variables (server/drivers/compute/config.ts).

import { type CatalogMessage, message } from '../../../i18n/stored-message';
import type { ServerMessageId } from '../../../i18n/t';
import type { HostCapacity } from '../capacity';
import type { Transition } from '../compute-driver';

export interface SimulatorConfig {
  /** Divides every duration: 10 runs ten times faster (tests and end-to-end runs use 50 or more). */
  speed: number;
  /** Base duration of each transition in milliseconds, before the speed factor. */
  timingsMs: Record<Transition, number>;
  /** IPv4 CIDR blocks, handed out in order. */
  ipv4Pool: string[];
  /** One IPv6 prefix. */
  ipv6Pool: string;
  /**
   * Each location is one simulated host of this size, counted like a libvirt host (a plan that does not
   * fit is refused before anything is made or resized); null: room without end.
   */
  hostCapacity?: HostCapacity | null;
}

/** Roughly what a small cloud VM takes: a minute's boot is too slow to watch, a blink not believable. */
export const DEFAULT_TIMINGS_MS: Record<Transition, number> = {
  provision: 20_000,
  power_on: 8_000,
  shutdown: 10_000,
  power_off: 2_000,
  reboot: 12_000,
  // A fresh disk from the image and a first boot: about as long as provisioning.
  rebuild: 20_000,
  /** The domain redefined with its new size and the disk grown, while the machine is off. */
  resize: 6_000,
  /** The running system stopped and the small rescue system (an initramfs) booted. */
  rescue: 10_000,
  /** The rescue system stopped and the compute's own booted. */
  unrescue: 12_000,
  destroy: 5_000,
};

export const DEFAULT_SIMULATOR_CONFIG: SimulatorConfig = {
  speed: 1,
  timingsMs: DEFAULT_TIMINGS_MS,
  ipv4Pool: ['192.0.2.0/24'],
  ipv6Pool: '2001:db8::/64',
};

/** FNV-1a: a stable small hash of a string, for per-machine variation that survives restarts. */
export function stableHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The transition's duration for this machine: the base, ±10 % per machine (no two boot in lockstep), sped up. */
export function transitionDurationMs(
  config: SimulatorConfig,
  machineId: string,
  transition: Transition,
): number {
  const jitter = 0.9 + (stableHash(`${machineId}:${transition}`) % 1000) / 5000;
  return Math.max(1, Math.round((config.timingsMs[transition] * jitter) / config.speed));
}

/**
 * Failure hooks, for tests and demonstrations, chosen by the hostname:
 *   fail-<transition>…  that transition always fails: fail-provision, fail-power-on, fail-shutdown,
 *                       fail-power-off, fail-reboot, fail-rebuild, fail-resize, fail-rescue, fail-unrescue,
 *                       fail-destroy (e.g.
 *                       "fail-reboot-web-1")
 *   fail-…              anything else after "fail-": provisioning fails
 * Tests can also make the next transition of one machine fail with HypervisorSimulator.failNext().
 */
export function hostnameFailure(hostname: string, transition: Transition): boolean {
  if (!hostname.startsWith('fail-')) return false;
  const rest = hostname.slice('fail-'.length);
  const named = (Object.keys(FAILURE_MESSAGES) as Transition[]).find((candidate) =>
    rest.startsWith(candidate.replace('_', '-')),
  );
  return (named ?? 'provision') === transition;
}

/** What a simulated failure of each transition says in the compute's history (server catalog). */
export const FAILURE_MESSAGES = {
  provision: 'history.simulator.provision',
  power_on: 'history.simulator.powerOn',
  shutdown: 'history.simulator.shutdown',
  power_off: 'history.simulator.powerOff',
  reboot: 'history.simulator.reboot',
  rebuild: 'history.simulator.rebuild',
  resize: 'history.simulator.resize',
  rescue: 'history.simulator.rescue',
  unrescue: 'history.simulator.unrescue',
  destroy: 'history.simulator.destroy',
} as const satisfies Record<Transition, ServerMessageId>;

/** The history message of a simulated failure of `transition`. */
export function failureMessage(transition: Transition): CatalogMessage {
  return message(FAILURE_MESSAGES[transition]);
}
