// The team failures in plain words. Anything outside the caller's teams is "not found", never
// "forbidden": an outsider learns nothing about which ids exist.
import { problemTypes } from '@/contract/problem';
import { type Permission, whyNot } from '@/domain/permissions';
import { ProblemError } from '../http/problem';

export function teamNotFound(): ProblemError {
  return new ProblemError(404, {
    title: 'Team not found',
    detail: 'There is no such team, or you are not a member of it.',
  });
}

/** An id below a team (member, invitation, document) that this team does not have. */
export function notInTeam(thing: 'member' | 'invitation' | 'document'): ProblemError {
  const detail = {
    member: 'This person is not a member of this team.',
    invitation: 'This team has no such invitation.',
    document: 'This team has no such document.',
  }[thing];
  return new ProblemError(404, { title: 'Not found', detail });
}

/** "Only the team's owner and admins can invite people.": the permission matrix's own words (whyNot). */
export function teamRoleRequired(permission: Permission): ProblemError {
  return notAllowed(whyNot(permission));
}

/** A role rule beyond "which roles may call this route", in its own words. */
export function notAllowed(detail: string): ProblemError {
  return new ProblemError(403, {
    type: problemTypes.teamRoleRequired,
    title: 'Not allowed for your role',
    detail,
  });
}

/** The team requires two-factor sign-in and the caller does not use it. */
export function teamTwoFactorRequired(teamName: string): ProblemError {
  return new ProblemError(403, {
    type: problemTypes.teamTwoFactorRequired,
    title: 'Two-factor sign-in required',
    detail: `${teamName} requires two-factor sign-in of every member. Turn it on in Account settings → Security, then come back.`,
  });
}

export function conflict(detail: string, type?: string): ProblemError {
  return new ProblemError(409, { ...(type ? { type } : {}), title: 'Conflict', detail });
}

export { fieldProblem } from '../http/problem';
