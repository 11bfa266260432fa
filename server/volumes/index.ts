// Volumes (server/volumes): a team's block storage, attached to its computes by the compute driver.
import type { ComputeService } from '../computes';
import type { Routes } from '../http/routes';
import { VolumeService } from './volume-service';
import { volumesRoutes } from './volumes.routes';

export { VolumeService } from './volume-service';

/** The volume service over the compute service's database, clock, live updates, catalog and driver. */
export function createVolumeService(computes: ComputeService): VolumeService {
  const { db, clock, logger, live, catalog, driver } = computes.deps;
  return new VolumeService({ db, clock, logger, live, catalog, driver });
}

export function volumeResources(service: VolumeService): Routes[] {
  return [volumesRoutes(service)];
}
