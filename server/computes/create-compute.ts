// Creating a compute: the request checked against the catalog and the team's limits, the record, its
// history and audit entry and the idempotency key written in one transaction, then the machine requested
// from the driver. The team's row lock serializes a team's creations, which is what makes the limit count
// exact and makes concurrent requests with one Idempotency-Key wait for, then replay, the first one.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { createComputeRequestSchema } from '@/contract/compute-requests';
import { userDataKind } from '@/contract/computes';
import { minDiskGbOf } from '@/contract/images';
import type { FieldError } from '@/contract/problem';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { computes } from '../db/schema';
import { generateRootPassword, hashRootPassword } from '../drivers/compute/root-password';
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';
import { findIdempotent, rememberIdempotent, requestHash } from '../idempotency/idempotency';
import { assertCanCreateCompute } from '../tenancy/limits';
import { teamNotFound } from '../tenancy/problems';
import { lockTeam } from '../tenancy/team-record';
import { recordEvent } from './compute-history';
import { countLiveComputes, isLive } from './compute-record';
import type { ComputeService } from './compute-service';
import { resolveRootSignIn } from './root-sign-in';

export type CreateComputeRequest = v.InferOutput<typeof createComputeRequestSchema>;

export interface CreateComputeInput {
  teamId: string;
  userId: string;
  actor: AuditActor;
  body: CreateComputeRequest;
  idempotencyKey: string;
}

export interface CreateComputeResult {
  computeId: string;
  /** Only on the request that made the compute; a replay cannot show it (only its hash is kept). */
  rootPassword: string | null;
  replayed: boolean;
}

const SCOPE = 'compute.create';

export async function createCompute(
  service: ComputeService,
  input: CreateComputeInput,
): Promise<CreateComputeResult> {
  const { body, teamId } = input;
  const { catalog, clock } = service.deps;
  const errors: FieldError[] = [];
  const location = catalog.location(body.locationId);
  if (!location) errors.push({ field: 'locationId', message: t('computes.problem.chooseLocation') });
  else if (!location.available) {
    errors.push({
      field: 'locationId',
      message: t('computes.problem.locationClosed', { city: location.city }),
    });
  }
  // A team image brings its own operating system; its virtual disk must fit the plan's.
  const teamImage = body.imageId
    ? await service.teamImages?.available(service.db, teamId, body.imageId)
    : undefined;
  if (body.imageId && !teamImage) {
    errors.push({ field: 'imageId', message: t('computes.problem.chooseTeamImage') });
  }
  const operatingSystemId = teamImage?.operatingSystemId ?? body.operatingSystemId;
  const image = catalog.operatingSystem(operatingSystemId);
  if (!image && !body.imageId) {
    errors.push({ field: 'operatingSystemId', message: t('computes.problem.chooseImage') });
  }
  const plan = catalog.instanceType(body.instanceTypeId);
  if (!plan) errors.push({ field: 'instanceTypeId', message: t('computes.problem.choosePlan') });
  else if (teamImage && plan.diskGb < minDiskGbOf(teamImage.virtualSizeBytes)) {
    errors.push({
      field: 'instanceTypeId',
      message: t('computes.problem.imageNeedsDisk', {
        name: teamImage.name,
        size: minDiskGbOf(teamImage.virtualSizeBytes),
      }),
    });
  }
  const signIn = await resolveRootSignIn(
    service.db,
    { userId: input.userId, teamId, authentication: body.authentication },
    errors,
  );
  if (errors.length > 0 || !plan) {
    throw new ProblemError(422, { detail: t('problem.someFields'), errors });
  }
  // A hypervisor with limited room says so before anything is made (no compute in error for a full host).
  const refusal = await service.driver.refusePlacement?.({
    locationId: body.locationId,
    imageId: operatingSystemId,
    vcpus: plan.vcpus,
    memoryMb: plan.memoryMb,
    diskGb: plan.diskGb,
  });
  if (refusal) {
    throw new ProblemError(422, {
      detail: t('problem.someFields'),
      errors: [{ field: refusal.field, message: refusal.message }],
    });
  }

  // Hashing is deliberately slow: done before the transaction so the team's lock is held briefly.
  const rootPassword = body.authentication.method === 'password' ? generateRootPassword() : null;
  const rootPasswordHash = rootPassword ? await hashRootPassword(rootPassword) : null;
  const hash = requestHash(body);
  const now = clock.now();
  const computeId = randomUUID();

  const outcome = await service.db.transaction(async (tx) => {
    if (!(await lockTeam(tx, teamId))) throw teamNotFound();
    const lookup = { teamId, key: input.idempotencyKey, scope: SCOPE, requestHash: hash, now };
    const previous = await findIdempotent(tx, lookup);
    if (previous) return { kind: 'replay' as const, computeId: previous.resourceId };
    await service.assertMayStart(tx, teamId, plan as unknown as Record<string, unknown>);

    const [taken] = await tx
      .select({ id: computes.id })
      .from(computes)
      .where(and(eq(computes.teamId, teamId), eq(computes.hostname, body.hostname), isLive));
    if (taken) {
      throw new ProblemError(422, {
        detail: t('problem.someFields'),
        errors: [
          { field: 'hostname', message: t('computes.problem.hostnameTaken', { hostname: body.hostname }) },
        ],
      });
    }
    await assertCanCreateCompute(tx, teamId, {
      vcpus: plan.vcpus,
      field: 'instanceTypeId',
      countComputes: countLiveComputes,
    });

    const [row] = await tx
      .insert(computes)
      .values({
        id: computeId,
        teamId,
        hostname: body.hostname,
        status: 'provisioning',
        locationId: body.locationId,
        operatingSystemId,
        imageId: teamImage?.id ?? null,
        instanceType: plan as unknown as Record<string, unknown>,
        vcpus: plan.vcpus,
        tags: body.tags,
        authentication: body.authentication.method,
        sshPublicKey: signIn.publicKeys,
        sshKeyFingerprint: signIn.fingerprint,
        rootPasswordHash,
        userData: body.userData ?? null,
        createdAt: now,
        createdBy: input.userId,
        updatedAt: now,
      })
      .returning();
    await recordEvent(tx, {
      computeId,
      action: 'create',
      actorUserId: input.userId,
      result: 'in-progress',
      at: now,
    });
    await recordAudit(tx, {
      teamId,
      actor: input.actor,
      action: 'compute.created',
      target: body.hostname,
      details: {
        computeId,
        location: body.locationId,
        image: operatingSystemId,
        ...(teamImage ? { teamImage: teamImage.id } : {}),
        plan: plan.id,
        authentication: body.authentication.method,
        userData: body.userData ? userDataKind(body.userData) : null,
      },
      at: now,
    });
    await rememberIdempotent(tx, { ...lookup, resourceId: computeId, statusCode: 201 });
    return { kind: 'created' as const, row: row! };
  });

  if (outcome.kind === 'replay') return { computeId: outcome.computeId, rootPassword: null, replayed: true };
  service.statistics.noteCreated();
  await service.publish(computeId);
  await service.provision(outcome.row, rootPassword ?? undefined);
  return { computeId, rootPassword, replayed: false };
}
