// Backup failures in plain words. Another team's backup is "not found", exactly like one that never was.
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';

export function backupNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('backups.problem.notFound.title'),
    detail: t('backups.problem.notFound.detail'),
  });
}

export function backupConflict(detail: string): ProblemError {
  return new ProblemError(409, { title: t('computes.problem.conflict.title'), detail });
}

/** The compute of the path is not the team's (or is destroyed): the same words as the compute routes'. */
export function computeNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('computes.problem.notFound.title'),
    detail: t('computes.problem.notFound.detail'),
  });
}
