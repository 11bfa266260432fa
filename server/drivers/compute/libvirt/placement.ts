// Where a new machine goes: the least-loaded host of its location that has the image and room for its
// size, or a refusal that says why in words a person can act on.
import { t } from '../../../i18n/t';
import { fullLocation, largerThanAnyHost } from '../capacity';
import type { LibvirtHost } from './libvirt-config';
import type { HostUsage } from './machine-store';

export interface PlacementRequest {
  locationId: string;
  imageId: string;
  vcpus: number;
  memoryMb: number;
  diskGb: number;
}

export type Placement =
  | { ok: true; host: LibvirtHost }
  | { ok: false; field: 'locationId' | 'operatingSystemId' | 'instanceTypeId'; reason: string };

/** The share of its busiest resource a host would have in use: the lower, the emptier. */
function load(host: LibvirtHost, used: HostUsage | undefined, extra: PlacementRequest): number {
  const vcpus = ((used?.vcpus ?? 0) + extra.vcpus) / host.capacity.vcpus;
  const memory = ((used?.memoryMb ?? 0) + extra.memoryMb) / host.capacity.memoryMb;
  const disk = ((used?.diskGb ?? 0) + extra.diskGb) / host.capacity.diskGb;
  return Math.max(vcpus, memory, disk);
}

export function placeMachine(
  hosts: readonly LibvirtHost[],
  usage: readonly HostUsage[],
  request: PlacementRequest,
  /** Hosts that cannot take this machine for another reason (no free port or address). */
  exclude: (host: LibvirtHost) => boolean = () => false,
): Placement {
  const inLocation = hosts.filter((host) => host.location === request.locationId);
  if (inLocation.length === 0) {
    return {
      ok: false,
      field: 'locationId',
      reason: t('placement.noHypervisor'),
    };
  }
  // "*": any image (whether the location has room at all, for the catalog's list).
  const withImage = inLocation.filter(
    (host) => request.imageId === '*' || host.images[request.imageId] !== undefined,
  );
  if (withImage.length === 0) {
    return {
      ok: false,
      field: 'operatingSystemId',
      reason: t('placement.imageMissing'),
    };
  }
  const byHost = new Map(usage.map((entry) => [entry.host, entry]));
  const fitting = withImage
    .filter((host) => !exclude(host))
    .map((host) => ({ host, load: load(host, byHost.get(host.name), request) }))
    .filter((entry) => entry.load <= 1)
    .sort((a, b) => a.load - b.load || a.host.name.localeCompare(b.host.name));
  if (fitting[0]) return { ok: true, host: fitting[0].host };
  const biggest = withImage.some(
    (host) =>
      host.capacity.vcpus >= request.vcpus &&
      host.capacity.memoryMb >= request.memoryMb &&
      host.capacity.diskGb >= request.diskGb,
  );
  return biggest
    ? {
        ok: false,
        field: 'locationId',
        reason: fullLocation(),
      }
    : {
        ok: false,
        field: 'instanceTypeId',
        reason: largerThanAnyHost(),
      };
}
