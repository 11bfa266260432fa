// The machine a compute asks the driver for: its size from the plan it was made with, its image from the
// catalog, its SSH key, and only the hash of its root password.
import type { Catalog } from '../catalog/catalog';
import type { MachineSpec } from '../drivers/compute/compute-driver';
import type { ComputeRow } from './compute-record';

/** `teamImageFile`: where a team image's file is, for a compute made from one (row.imageId). */
export function machineSpecOf(
  catalog: Catalog,
  row: ComputeRow,
  teamImageFile?: (imageId: string) => string,
): MachineSpec {
  const image = catalog.operatingSystemOrRetired(row.operatingSystemId);
  const plan = row.instanceType as { vcpus: number; memoryMb: number; diskGb: number };
  return {
    id: row.id,
    hostname: row.hostname,
    locationId: row.locationId,
    image: { id: image.id, name: image.name, version: image.version, family: image.family },
    vcpus: plan.vcpus,
    memoryMb: plan.memoryMb,
    diskGb: plan.diskGb,
    rootPasswordHash: row.rootPasswordHash,
    sshKeyFingerprint: row.sshKeyFingerprint,
    sshPublicKey: row.sshPublicKey,
    userData: row.userData,
    ...(row.imageId && teamImageFile ? { teamImageFile: teamImageFile(row.imageId) } : {}),
    createdAt: row.createdAt,
  };
}
