// Room on a hypervisor host, counted the same way by both drivers: what the host has given out (running
// and stopped machines alike: a stopped machine keeps its place and its disk) plus the machine asked for
// must fit its vCPUs, memory and disk. A resize counts the machine's current size as freed.

import { t } from '../../i18n/t';
import type { MachineSize, PlacementRefusal } from './compute-driver';

export type HostCapacity = MachineSize;

export const NO_SIZE: MachineSize = { vcpus: 0, memoryMb: 0, diskGb: 0 };

// Placement's refusals, in the language of the request that asks (shown beside the form's field).
export const fullLocation = (): string => t('placement.fullLocation');
export const largerThanAnyHost = (): string => t('placement.largerThanAnyHost');
const noRoomToGrow = (): string => t('placement.noRoomToGrow');

const RESOURCES = ['vcpus', 'memoryMb', 'diskGb'] as const;

export function addSizes(a: MachineSize, b: MachineSize): MachineSize {
  return { vcpus: a.vcpus + b.vcpus, memoryMb: a.memoryMb + b.memoryMb, diskGb: a.diskGb + b.diskGb };
}

/** The share of its busiest resource a host would have in use with `extra` added: above 1 does not fit. */
export function loadWith(capacity: HostCapacity, used: MachineSize, extra: MachineSize): number {
  return Math.max(...RESOURCES.map((resource) => (used[resource] + extra[resource]) / capacity[resource]));
}

export function fitsEmpty(capacity: HostCapacity, size: MachineSize): boolean {
  return RESOURCES.every((resource) => capacity[resource] >= size[resource]);
}

/**
 * Whether a machine of size `current`, on a host that has given out `used` (the machine included), can
 * take size `next` there. Only what grows is counted: a machine may always give back what it has, even on
 * a host an operator has since made smaller.
 */
export function resizeRoomRefusal(
  capacity: HostCapacity,
  used: MachineSize,
  current: MachineSize,
  next: MachineSize,
): PlacementRefusal | null {
  const fits = RESOURCES.every(
    (resource) =>
      next[resource] <= current[resource] ||
      used[resource] - current[resource] + next[resource] <= capacity[resource],
  );
  return fits ? null : { field: 'instanceTypeId', message: noRoomToGrow() };
}
