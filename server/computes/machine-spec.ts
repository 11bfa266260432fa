// The machine a compute asks the driver for: its size from the plan it was made with, its image from the
// catalog, its SSH key, and only the hash of its root password.
import type { Catalog } from '../catalog/catalog';
import type { MachineSpec } from '../drivers/compute/compute-driver';
import type { ComputeRow } from './compute-record';

export function machineSpecOf(catalog: Catalog, row: ComputeRow): MachineSpec {
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
    createdAt: row.createdAt,
  };
}
