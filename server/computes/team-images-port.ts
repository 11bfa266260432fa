// Where computes meet team images (server/images), both ways, wired by app.ts so neither feature reaches
// into the other: images capture a compute's disk through `computesForImages`, and creating a compute from
// a team image asks the TeamImageSource the images feature gives back.
import type { Queryable } from '../tenancy/team-record';
import { featureHistory } from './compute-history';
import { lockCompute } from './compute-record';
import type { ComputeService } from './compute-service';

/** A compute as a capture needs it, locked in the caller's transaction. */
export interface CapturableCompute {
  id: string;
  hostname: string;
  status: string;
  operatingSystemId: string;
}

export function computesForImages(service: ComputeService) {
  return {
    async lockCompute(
      db: Queryable,
      teamId: string,
      computeId: string,
    ): Promise<CapturableCompute | undefined> {
      const row = await lockCompute(db, teamId, computeId);
      return (
        row && {
          id: row.id,
          hostname: row.hostname,
          status: row.status,
          operatingSystemId: row.operatingSystemId,
        }
      );
    },
    /** A line in the compute's history (succeeded or failed: nothing stays open). */
    recordHistory: featureHistory('image'),
    captureDisk(computeId: string, destination: string): Promise<void> {
      return service.deps.driver.captureDisk(computeId, destination);
    },
    /** Computes are started (their driver resumed) before a capture asks the driver anything. */
    started: service.started,
  };
}

export type ComputesForImages = ReturnType<typeof computesForImages>;
