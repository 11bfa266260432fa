// What goes wrong with an invitation, in words for the team's side and for the invitee's.
import { problemTypes } from '@/contract/problem';
import { ProblemError } from '../../http/problem';
import type { InvitationStatus } from './invitation-record';

const FOR_TEAM: Record<Exclude<InvitationStatus, 'PENDING'>, string> = {
  ACCEPTED: 'This invitation was already accepted.',
  DECLINED: 'This invitation was declined. Send a new one to ask again.',
  REVOKED: 'This invitation was revoked or replaced by a newer link.',
  EXPIRED: 'This invitation expired and a newer one to the same address has taken its place.',
};

const FOR_INVITEE: Record<Exclude<InvitationStatus, 'PENDING'>, string> = {
  ACCEPTED: 'You already accepted this invitation.',
  DECLINED: 'You declined this invitation. If you changed your mind, ask the team for a new one.',
  REVOKED: 'This invitation was withdrawn or replaced by a newer link. Ask the team for a new one.',
  EXPIRED: 'This invitation has expired. Ask the team to send it again.',
};

/** 409: the invitation can no longer be answered, resent or revoked. */
export function closedInvitation(status: string, audience: 'team' | 'invitee'): ProblemError {
  const key = (status === 'PENDING' ? 'EXPIRED' : status) as Exclude<InvitationStatus, 'PENDING'>;
  return new ProblemError(409, {
    type: problemTypes.invitationClosed,
    title: 'Invitation no longer open',
    detail: (audience === 'team' ? FOR_TEAM : FOR_INVITEE)[key],
  });
}

/** 409 beside the e-mail field: already a member, or already invited. */
export function addressConflict(message: string): ProblemError {
  return new ProblemError(409, {
    type: problemTypes.invitationConflict,
    title: 'Already invited or a member',
    detail: message,
    errors: [{ field: 'email', message }],
  });
}

export function invitationNotFound(): ProblemError {
  return new ProblemError(404, {
    title: 'Invitation not found',
    detail: 'There is no such invitation. Check the link, or ask the team for a new one.',
  });
}

/** 403 without naming the address it was sent to: the link may have been forwarded to anyone. */
export function invitationForAnotherAddress(): ProblemError {
  return new ProblemError(403, {
    type: problemTypes.invitationForAnotherAddress,
    title: 'Invitation for another address',
    detail:
      'This invitation was sent to a different e-mail address than the one you are signed in with. Sign in with the address it was sent to, or ask the team to invite your address.',
  });
}
