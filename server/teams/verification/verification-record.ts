// A team's verification as the API shows it, and the rules for moving between its statuses:
//   UNVERIFIED, REJECTED, ADDITIONAL_INFO_REQUESTED ──submit──▶ PENDING   (the team's owner or an admin)
//   PENDING ──approve / reject / request-info──▶ VERIFIED / REJECTED / ADDITIONAL_INFO_REQUESTED (an operator)
import { and, asc, eq } from 'drizzle-orm';
import type { VerificationDecision } from '@/contract/operator';
import { problemTypes } from '@/contract/problem';
import type { TeamVerification, UploadType, VerificationStatus } from '@/contract/teams';
import {
  teamMembers,
  teamVerifications,
  users,
  verificationDocuments,
  verificationEvents,
} from '../../db/schema';
import { ProblemError } from '../../http/problem';
import { t } from '../../i18n/t';
import { ACTIVE, type Queryable } from '../../tenancy/team-record';

export const DECISION_STATUS: Record<VerificationDecision, VerificationStatus> = {
  approve: 'VERIFIED',
  reject: 'REJECTED',
  'request-info': 'ADDITIONAL_INFO_REQUESTED',
};

export const DECISION_ACTION = {
  approve: 'verification.approved',
  reject: 'verification.rejected',
  'request-info': 'verification.info_requested',
} as const;

const SUBMITTABLE: readonly VerificationStatus[] = ['UNVERIFIED', 'REJECTED', 'ADDITIONAL_INFO_REQUESTED'];

/** 409 unless the team may send a verification request now. */
export function assertCanSubmit(status: string): void {
  if (SUBMITTABLE.includes(status as VerificationStatus)) return;
  const detail =
    status === 'VERIFIED'
      ? t('teams.problem.verificationNotOpen.verified')
      : t('teams.problem.verificationNotOpen.pending');
  throw new ProblemError(409, {
    type: problemTypes.verificationNotOpen,
    title: t('teams.problem.verificationNotOpen.title'),
    detail,
  });
}

/** 409 unless an operator may decide on the team's request now (it must be PENDING). */
export function assertCanDecide(teamName: string, status: string): void {
  if (status === 'PENDING') return;
  throw new ProblemError(409, {
    type: problemTypes.verificationNotOpen,
    title: 'Nothing to review',
    detail: `The team ${teamName} is not waiting for review: its verification status is ${status}.`,
  });
}

export async function loadVerification(
  db: Queryable,
  teamId: string,
  status: string,
): Promise<TeamVerification> {
  const [details] = await db.select().from(teamVerifications).where(eq(teamVerifications.teamId, teamId));
  const documents = await db
    .select()
    .from(verificationDocuments)
    .where(eq(verificationDocuments.teamId, teamId))
    .orderBy(asc(verificationDocuments.uploadedAt), asc(verificationDocuments.name));
  const events = await db
    .select()
    .from(verificationEvents)
    .where(eq(verificationEvents.teamId, teamId))
    .orderBy(asc(verificationEvents.seq));
  return {
    status: status as VerificationStatus,
    details: details
      ? {
          legalName: details.legalName,
          registrationNumber: details.registrationNumber,
          country: details.country,
          address: details.address,
          website: details.website,
          note: details.note,
        }
      : null,
    documents: documents.map((document) => ({
      id: document.id,
      name: document.name,
      type: document.type as UploadType,
      size: document.size,
      uploadedAt: document.uploadedAt.toISOString(),
    })),
    history: events.map((event) => ({
      at: event.at.toISOString(),
      status: event.status as VerificationStatus,
      message: event.message,
    })),
    submittedAt: details?.submittedAt.toISOString() ?? null,
  };
}

/** The owners to tell about a verification change (one today; written for any number). */
export async function ownersOf(db: Queryable, teamId: string): Promise<{ name: string; email: string }[]> {
  return db
    .select({ name: users.name, email: users.email })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'OWNER'), eq(teamMembers.status, ACTIVE)),
    );
}
