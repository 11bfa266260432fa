// The team failures in plain words. Anything outside the caller's teams is "not found", never
// "forbidden": an outsider learns nothing about which ids exist.
import { problemTypes } from '@/contract/problem';
import { type Permission, whyNot } from '@/domain/permissions';
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';

export function teamNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('tenancy.problem.teamNotFound.title'),
    detail: t('tenancy.problem.teamNotFound.detail'),
  });
}

/** An id below a team (member, invitation, document) that this team does not have. */
export function notInTeam(thing: 'member' | 'invitation' | 'document'): ProblemError {
  const detail = {
    member: () => t('tenancy.problem.notInTeam.member'),
    invitation: () => t('tenancy.problem.notInTeam.invitation'),
    document: () => t('tenancy.problem.notInTeam.document'),
  }[thing]();
  return new ProblemError(404, { detail });
}

/** "Only the team's owner and admins can invite people.": the permission matrix's own words (whyNot). */
export function teamRoleRequired(permission: Permission): ProblemError {
  return notAllowed(whyNot(permission));
}

/** A role rule beyond "which roles may call this route", in its own words. */
export function notAllowed(detail: string): ProblemError {
  return new ProblemError(403, {
    type: problemTypes.teamRoleRequired,
    title: t('tenancy.problem.notAllowed.title'),
    detail,
  });
}

/** The team requires two-factor sign-in and the caller does not use it. */
export function teamTwoFactorRequired(teamName: string): ProblemError {
  return new ProblemError(403, {
    type: problemTypes.teamTwoFactorRequired,
    title: t('tenancy.problem.teamTwoFactorRequired.title'),
    detail: t('tenancy.problem.teamTwoFactorRequired.detail', { team: teamName }),
  });
}

export function conflict(detail: string, type?: string): ProblemError {
  return new ProblemError(409, { ...(type ? { type } : {}), detail });
}

export { fieldProblem } from '../http/problem';
