// Volume failures in plain words. Another team's volume is "not found", exactly like one that never was.
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';
import { fieldProblem } from '../tenancy/problems';

export function volumeNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('volumes.problem.notFound.title'),
    detail: t('volumes.problem.notFound.detail'),
  });
}

export function volumeConflict(detail: string): ProblemError {
  return new ProblemError(409, { title: t('computes.problem.conflict.title'), detail });
}

/** The compute to attach to is not one of the team's live computes: 404 beside the field, like any other id. */
export function computeNotFound(): ProblemError {
  return fieldProblem('computeId', t('volumes.problem.noSuchCompute'), { status: 404 });
}

export function volumesUnsupported(): ProblemError {
  return new ProblemError(501, {
    title: t('volumes.problem.unsupported.title'),
    detail: t('volumes.problem.unsupported.detail'),
  });
}
