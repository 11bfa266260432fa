// What goes wrong with an invitation, in words for the team's side and for the invitee's.
import { problemTypes } from '@/contract/problem';
import { ProblemError } from '../../http/problem';
import { t } from '../../i18n/t';
import type { InvitationStatus } from './invitation-record';

const FOR_TEAM = {
  ACCEPTED: 'teams.problem.invitationClosed.team.accepted',
  DECLINED: 'teams.problem.invitationClosed.team.declined',
  REVOKED: 'teams.problem.invitationClosed.team.revoked',
  EXPIRED: 'teams.problem.invitationClosed.team.expired',
} as const satisfies Record<Exclude<InvitationStatus, 'PENDING'>, string>;

const FOR_INVITEE = {
  ACCEPTED: 'teams.problem.invitationClosed.invitee.accepted',
  DECLINED: 'teams.problem.invitationClosed.invitee.declined',
  REVOKED: 'teams.problem.invitationClosed.invitee.revoked',
  EXPIRED: 'teams.problem.invitationClosed.invitee.expired',
} as const satisfies Record<Exclude<InvitationStatus, 'PENDING'>, string>;

/** 409: the invitation can no longer be answered, resent or revoked. */
export function closedInvitation(status: string, audience: 'team' | 'invitee'): ProblemError {
  const key = (status === 'PENDING' ? 'EXPIRED' : status) as Exclude<InvitationStatus, 'PENDING'>;
  return new ProblemError(409, {
    type: problemTypes.invitationClosed,
    title: t('teams.problem.invitationClosed.title'),
    detail: t((audience === 'team' ? FOR_TEAM : FOR_INVITEE)[key]),
  });
}

/** 409 beside the e-mail field: already a member, or already invited. */
export function addressConflict(message: string): ProblemError {
  return new ProblemError(409, {
    type: problemTypes.invitationConflict,
    title: t('teams.problem.invitationConflict.title'),
    detail: message,
    errors: [{ field: 'email', message }],
  });
}

export function invitationNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('teams.problem.invitationNotFound.title'),
    detail: t('teams.problem.invitationNotFound.detail'),
  });
}

/** 403 without naming the address it was sent to: the link may have been forwarded to anyone. */
export function invitationForAnotherAddress(): ProblemError {
  return new ProblemError(403, {
    type: problemTypes.invitationForAnotherAddress,
    title: t('teams.problem.invitationForAnotherAddress.title'),
    detail: t('teams.problem.invitationForAnotherAddress.detail'),
  });
}
