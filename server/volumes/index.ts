// Volumes (server/volumes): a team's block storage, attached to its computes by the compute driver.
import type { StorageMeter } from '../billing/storage-meters';
import type { ComputeService } from '../computes';
import type { Routes } from '../http/routes';
import { VolumeService } from './volume-service';
import { volumesRoutes } from './volumes.routes';

export { VolumeService } from './volume-service';

/** The volume service over the compute service's database, clock, live updates, catalog and driver, and billing's meter. */
export function createVolumeService(computes: ComputeService, meter: StorageMeter): VolumeService {
  const { db, clock, logger, live, catalog, driver } = computes.deps;
  return new VolumeService({ db, clock, logger, live, catalog, driver, meter });
}

export function volumeResources(service: VolumeService): Routes[] {
  return [volumesRoutes(service)];
}
