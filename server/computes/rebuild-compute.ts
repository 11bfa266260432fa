// Rebuilding a compute: a fresh disk from an image (the same or another) and a new seed, keeping the
// compute's id, hostname, addresses and plan, so its billing carries on unchanged and no limit is counted
// again. The request is checked (image, keys, the hostname typed to confirm, the status), the compute's new
// image and sign-in, its history and the audit entry written in one transaction, then the machine is asked
// of the driver; the outcome arrives like any transition's.
import { eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { rebuildComputeRequestSchema } from '@/contract/compute-requests';
import type { ComputeStatus } from '@/contract/computes';
import type { FieldError } from '@/contract/problem';
import { REBUILD_RULE, rebuildRefusal } from '@/domain/compute-lifecycle';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { computes } from '../db/schema';
import { generateRootPassword, hashRootPassword } from '../drivers/compute/root-password';
import { ProblemError } from '../http/problem';
import { message } from '../i18n/stored-message';
import { t } from '../i18n/t';
import { fieldProblem } from '../tenancy/problems';
import { refuseWhileVolumesAttached } from './attached-volumes';
import { recordEvent } from './compute-history';
import {
  type ComputeWithCreator,
  findCompute,
  lockComputeWithCreator,
  nextUpdatedAt,
} from './compute-record';
import type { ComputeService } from './compute-service';
import { computeConflict, computeNotFound } from './problems';
import { resolveRootSignIn } from './root-sign-in';

type RebuildComputeRequest = v.InferOutput<typeof rebuildComputeRequestSchema>;

export interface RebuildComputeInput {
  teamId: string;
  computeId: string;
  userId: string;
  actor: AuditActor;
  body: RebuildComputeRequest;
}

/**
 * Starts the rebuild; answers the compute as it begins and the new root password (password computes),
 * only ever given this once.
 */
export async function rebuildCompute(
  service: ComputeService,
  input: RebuildComputeInput,
): Promise<{ compute: ComputeWithCreator; rootPassword: string | null }> {
  const { body, teamId, computeId } = input;
  const { catalog, clock } = service.deps;
  // Another team's compute (or none) is 404 before anything about the request is said.
  if (!(await findCompute(service.db, computeId, { teamId }))) throw computeNotFound();

  const errors: FieldError[] = [];
  const image = catalog.operatingSystem(body.operatingSystemId);
  if (!image) errors.push({ field: 'operatingSystemId', message: t('computes.problem.chooseImage') });
  const signIn = await resolveRootSignIn(
    service.db,
    { userId: input.userId, teamId, authentication: body.authentication },
    errors,
  );
  if (errors.length > 0 || !image) throw new ProblemError(422, { detail: t('problem.someFields'), errors });

  // Hashing is deliberately slow: done before the transaction so the compute's lock is held briefly.
  const rootPassword = signIn.method === 'password' ? generateRootPassword() : null;
  const rootPasswordHash = rootPassword ? await hashRootPassword(rootPassword) : null;
  const now = clock.now();
  const written = await service.db.transaction(async (tx) => {
    const locked = await lockComputeWithCreator(tx, teamId, computeId);
    if (!locked) throw computeNotFound();
    const current = locked.row;
    const refused = rebuildRefusal(current.status as ComputeStatus);
    if (refused) throw computeConflict(refused);
    await refuseWhileVolumesAttached(tx, computeId, 'rebuild');
    if (body.confirmHostname !== current.hostname) {
      throw fieldProblem(
        'confirmHostname',
        t('computes.problem.confirmHostname', { hostname: current.hostname }),
      );
    }
    // The machine boots again: as for powering on, not while the team's balance is empty.
    await service.assertMayStart(tx, teamId);
    const from = catalog.operatingSystemOrRetired(current.operatingSystemId);
    const [row] = await tx
      .update(computes)
      .set({
        status: REBUILD_RULE.during,
        operatingSystemId: image.id,
        // Rebuilt from the catalog's image: no longer from a team image.
        imageId: null,
        authentication: signIn.method,
        sshPublicKey: signIn.publicKeys,
        sshKeyFingerprint: signIn.fingerprint,
        rootPasswordHash,
        // Absent keeps the compute's user-data; a string replaces it; null removes it.
        ...(body.userData !== undefined ? { userData: body.userData } : {}),
        updatedAt: nextUpdatedAt(current, now),
      })
      .where(eq(computes.id, computeId))
      .returning();
    await recordEvent(tx, {
      computeId,
      action: 'rebuild',
      actorUserId: input.actor.userId,
      result: 'in-progress',
      message:
        from.id === image.id
          ? message('history.compute.rebuild', {
              image: `${image.name} ${image.version}`,
              signIn: signIn.method === 'password' ? 'password' : 'keys',
            })
          : message('history.compute.rebuildOther', {
              image: `${image.name} ${image.version}`,
              was: `${from.name} ${from.version}`,
              signIn: signIn.method === 'password' ? 'password' : 'keys',
            }),
      at: now,
    });
    await recordAudit(tx, {
      teamId,
      actor: input.actor,
      action: 'compute.rebuilt',
      target: current.hostname,
      details: {
        computeId,
        from: current.status,
        imageFrom: current.operatingSystemId,
        image: image.id,
        authentication: signIn.method,
        ...(body.userData !== undefined ? { userData: body.userData === null ? 'removed' : 'replaced' } : {}),
        ...(signIn.fingerprint ? { sshKeyFingerprint: signIn.fingerprint } : {}),
      },
      at: now,
    });
    return { row: row!, creatorName: locked.creatorName };
  });
  await service.publishCompute(written);
  await service.callDriver(computeId, 'rebuild', { rootPassword: rootPassword ?? undefined });
  return { compute: written, rootPassword };
}
