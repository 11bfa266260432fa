// Compute failures in plain words. A compute of another team is "not found", exactly like one that never was.
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';

export function computeNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('computes.problem.notFound.title'),
    detail: t('computes.problem.notFound.detail'),
  });
}

export function computeConflict(detail: string): ProblemError {
  return new ProblemError(409, { title: t('computes.problem.conflict.title'), detail });
}
