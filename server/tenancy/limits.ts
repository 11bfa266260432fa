// The one server-side policy for what an unverified team may run (SPEC §1, §9): at most 5 computes, and
// no instance with 8 or more vCPUs. Verifying the team lifts both. The computes issue calls, inside the
// transaction that creates or resizes a compute:
//   await assertCanCreateCompute(tx, teamId, { vcpus: plan.vcpus, countComputes })
//   await assertCanUseVcpus(tx, teamId, plan.vcpus, 'plan')         (resize)
import { eq } from 'drizzle-orm';
import { problemTypes } from '@/contract/problem';
import { type TeamLimits, UNVERIFIED_COMPUTE_LIMIT, UNVERIFIED_VCPU_CEILING } from '@/contract/teams';
import { teams } from '../db/schema';
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';
import type { Queryable } from './team-record';

/** How many live computes a team has (the computes area's count). */
export type CountComputes = (db: Queryable, teamId: string) => Promise<number>;

/** Why an unverified team may not add a compute, in the language of the request. */
export const computeLimitMessage = () =>
  t('tenancy.problem.computeLimit.detail', { limit: UNVERIFIED_COMPUTE_LIMIT });
/** Why an unverified team may not use a plan this large, in the language of the request. */
export const vcpuCeilingMessage = () =>
  t('tenancy.problem.vcpuCeiling.detail', { vcpus: UNVERIFIED_VCPU_CEILING });

async function isVerified(db: Queryable, teamId: string): Promise<boolean> {
  const [team] = await db
    .select({ status: teams.verificationStatus })
    .from(teams)
    .where(eq(teams.id, teamId));
  return team?.status === 'VERIFIED';
}

/** `countComputes`: the team's live computes, as the computes area counts them. */
export async function teamLimits(
  db: Queryable,
  teamId: string,
  countComputes: CountComputes,
): Promise<TeamLimits> {
  const [verified, used] = await Promise.all([isVerified(db, teamId), countComputes(db, teamId)]);
  return {
    verified,
    computes: { used, limit: verified ? null : UNVERIFIED_COMPUTE_LIMIT },
    maxVcpus: verified ? null : UNVERIFIED_VCPU_CEILING - 1,
  };
}

/**
 * Throws a 403 problem (teamVerificationRequired) when the team may not add one more compute of this size.
 * `field` names the form field the vCPU message belongs beside.
 */
export async function assertCanCreateCompute(
  db: Queryable,
  teamId: string,
  request: { vcpus: number; field?: string; countComputes: CountComputes },
): Promise<void> {
  if (await isVerified(db, teamId)) return;
  assertVcpusAllowedUnverified(request.vcpus, request.field);
  if ((await request.countComputes(db, teamId)) >= UNVERIFIED_COMPUTE_LIMIT) {
    throw new ProblemError(403, {
      type: problemTypes.teamVerificationRequired,
      title: t('tenancy.problem.computeLimit.title'),
      detail: computeLimitMessage(),
    });
  }
}

/** For a resize: only the vCPU ceiling applies. */
export async function assertCanUseVcpus(
  db: Queryable,
  teamId: string,
  vcpus: number,
  field?: string,
): Promise<void> {
  if (await isVerified(db, teamId)) return;
  assertVcpusAllowedUnverified(vcpus, field);
}

function assertVcpusAllowedUnverified(vcpus: number, field = 'plan'): void {
  if (vcpus < UNVERIFIED_VCPU_CEILING) return;
  const message = vcpuCeilingMessage();
  throw new ProblemError(403, {
    type: problemTypes.teamVerificationRequired,
    title: t('tenancy.problem.vcpuCeiling.title'),
    detail: message,
    errors: [{ field, message }],
  });
}
