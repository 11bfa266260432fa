// Rebuilding a compute: a fresh disk from an image (the same or another) and a new seed, keeping the
// compute's id, hostname, addresses and plan, so its billing carries on unchanged and no limit is counted
// again. The request is checked (image, keys, the hostname typed to confirm, the status), the compute's new
// image and sign-in, its history and the audit entry written in one transaction, then the machine is asked
// of the driver; the outcome arrives like any transition's.
import type * as v from 'valibot';
import type { ComputeStatus, rebuildComputeRequestSchema } from '@/contract/computes';
import type { FieldError } from '@/contract/problem';
import { REBUILD_RULE, rebuildRefusal } from '@/domain/compute-lifecycle';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { computes } from '../db/schema';
import { generateRootPassword, hashRootPassword } from '../drivers/compute/root-password';
import { ProblemError } from '../http/problem';
import { eq } from 'drizzle-orm';
import { recordEvent } from './compute-history';
import { findCompute, lockCompute } from './compute-record';
import { type ComputeService, nextUpdatedAt } from './compute-service';
import { computeConflict, computeNotFound } from './problems';
import { resolveRootSignIn } from './root-sign-in';

export type RebuildComputeRequest = v.InferOutput<typeof rebuildComputeRequestSchema>;

export interface RebuildComputeInput {
  teamId: string;
  computeId: string;
  userId: string;
  actor: AuditActor;
  body: RebuildComputeRequest;
}

const SOME_FIELDS = 'Some fields need attention.';

/** Starts the rebuild; answers the new root password (password computes), only ever given this once. */
export async function rebuildCompute(
  service: ComputeService,
  input: RebuildComputeInput,
): Promise<{ rootPassword: string | null }> {
  const { body, teamId, computeId } = input;
  const { catalog, clock } = service.deps;
  // Another team's compute (or none) is 404 before anything about the request is said.
  const found = await findCompute(service.db, computeId, { teamId });
  if (!found) throw computeNotFound();

  const errors: FieldError[] = [];
  const image = catalog.operatingSystem(body.operatingSystemId);
  if (!image) errors.push({ field: 'operatingSystemId', message: 'Choose one of the images listed.' });
  const signIn = await resolveRootSignIn(
    service.db,
    { userId: input.userId, teamId, authentication: body.authentication },
    errors,
  );
  if (body.userData !== undefined) {
    // The request's shape is settled (absent keeps, a string replaces, null removes); the compute's
    // user-data is stored by the user-data-at-create work, and until then there is nothing to replace.
    errors.push({
      field: 'userData',
      message: 'This server does not keep user-data with computes yet: leave it out to keep the compute as it is.',
    });
  }
  if (errors.length > 0) throw new ProblemError(422, { detail: SOME_FIELDS, errors });
  // The machine's host must hold the image (a libvirt host lists the images it has).
  const refusal = await service.driver.refuseImage?.(computeId, body.operatingSystemId);
  if (refusal) {
    throw new ProblemError(422, {
      detail: SOME_FIELDS,
      errors: [{ field: 'operatingSystemId', message: refusal }],
    });
  }

  // Hashing is deliberately slow: done before the transaction so the compute's lock is held briefly.
  const rootPassword = signIn.method === 'password' ? generateRootPassword() : null;
  const rootPasswordHash = rootPassword ? await hashRootPassword(rootPassword) : null;
  const now = clock.now();
  await service.db.transaction(async (tx) => {
    const current = await lockCompute(tx, teamId, computeId);
    if (!current) throw computeNotFound();
    const refused = rebuildRefusal(current.status as ComputeStatus);
    if (refused) throw computeConflict(refused);
    if (body.confirmHostname !== current.hostname) {
      throw new ProblemError(422, {
        detail: SOME_FIELDS,
        errors: [
          {
            field: 'confirmHostname',
            message: `Type the compute’s hostname, ${current.hostname}, to confirm.`,
          },
        ],
      });
    }
    // The machine boots again: as for powering on, not while the team's balance is empty.
    await service.assertMayStart(tx, teamId);
    const from = catalog.operatingSystemOrRetired(current.operatingSystemId);
    await tx
      .update(computes)
      .set({
        status: REBUILD_RULE.during,
        operatingSystemId: body.operatingSystemId,
        authentication: signIn.method,
        sshPublicKey: signIn.publicKeys,
        sshKeyFingerprint: signIn.fingerprint,
        rootPasswordHash,
        updatedAt: nextUpdatedAt(current, now),
      })
      .where(eq(computes.id, computeId));
    const to = image!;
    const signsIn = signIn.method === 'password' ? 'a new root password' : 'SSH keys';
    await recordEvent(tx, {
      computeId,
      action: 'rebuild',
      actorUserId: input.actor.userId,
      result: 'in-progress',
      message:
        from.id === to.id
          ? `Reinstalled from ${to.name} ${to.version}, with ${signsIn}.`
          : `Reinstalled from ${to.name} ${to.version} (was ${from.name} ${from.version}), with ${signsIn}.`,
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
        image: body.operatingSystemId,
        authentication: signIn.method,
        ...(signIn.fingerprint ? { sshKeyFingerprint: signIn.fingerprint } : {}),
      },
      at: now,
    });
  });
  await service.publish(computeId);
  await service.callDriver(computeId, 'rebuild', rootPassword ?? undefined);
  return { rootPassword };
}
