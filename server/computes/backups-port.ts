// Where computes meet backups (server/backups), wired by app.ts so neither feature reaches into the other:
// backups read and lock a compute, write its history, ask the driver to back up or restore its disk, and
// make a new compute from a backup through the same path as any create (limits, balance, idempotency).
import type { Compute } from '@/contract/computes';
import type { AuditActor } from '../audit/audit-log';
import type { Queryable } from '../tenancy/team-record';
import { featureHistory } from './compute-history';
import { findCompute, lockCompute, toCompute } from './compute-record';
import type { ComputeService } from './compute-service';
import { createCompute } from './create-compute';

/** A compute as backups need it, locked in the caller's transaction. */
export interface BackedUpCompute {
  compute: Compute;
  /** Its SSH public keys, one per line (a key compute), for a restore into a new compute. */
  sshPublicKeys: string | null;
}

export function computesForBackups(service: ComputeService) {
  return {
    async lockCompute(
      db: Queryable,
      teamId: string,
      computeId: string,
    ): Promise<BackedUpCompute | undefined> {
      const row = await lockCompute(db, teamId, computeId);
      if (!row) return undefined;
      const found = await findCompute(db, computeId, { includeDestroyed: true });
      return found && { compute: toCompute(service.deps.catalog, found), sshPublicKeys: row.sshPublicKey };
    },
    /** A line in the compute's history (succeeded or failed: nothing stays open). */
    recordHistory: featureHistory('backup'),
    backupDisk(computeId: string, destination: string): Promise<void> {
      return service.deps.driver.backupDisk(computeId, destination);
    },
    restoreDisk(computeId: string, source: string): Promise<void> {
      return service.deps.driver.restoreDisk(computeId, source);
    },
    /** Tells the team's consoles the compute changed (its history did). */
    publish(computeId: string): Promise<void> {
      return service.publish(computeId);
    },
    /**
     * A new compute like `source` (plan, location, operating system, sign-in) whose disk is the backup's:
     * `backupId` is offered to the create as a team image (app.ts joins backups to the images computes see).
     */
    async createFrom(input: {
      source: BackedUpCompute;
      backupId: string;
      hostname: string;
      teamId: string;
      userId: string;
      actor: AuditActor;
      idempotencyKey: string;
    }): Promise<{ computeId: string; rootPassword: string | null }> {
      const { compute } = input.source;
      const firstKey = input.source.sshPublicKeys?.split('\n').find((line) => line.trim() !== '');
      const created = await createCompute(service, {
        teamId: input.teamId,
        userId: input.userId,
        actor: input.actor,
        idempotencyKey: input.idempotencyKey,
        body: {
          hostname: input.hostname,
          locationId: compute.location.id,
          operatingSystemId: compute.operatingSystem.id,
          instanceTypeId: compute.instanceType.id,
          authentication:
            compute.authentication === 'ssh-key' && firstKey
              ? { method: 'ssh-key', publicKey: firstKey, keyIds: [] }
              : { method: 'password' },
          tags: compute.tags,
          imageId: input.backupId,
        },
      });
      return { computeId: created.computeId, rootPassword: created.rootPassword };
    },
    /** Computes are started (their driver resumed) before backups ask the driver anything. */
    started: service.started,
  };
}

export type ComputesForBackups = ReturnType<typeof computesForBackups>;
