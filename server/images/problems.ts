// Image failures in plain words. Another team's image is "not found", exactly like one that never was.
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';

export function imageNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('images.problem.notFound.title'),
    detail: t('images.problem.notFound.detail'),
  });
}

export function imageConflict(detail: string): ProblemError {
  return new ProblemError(409, { title: t('computes.problem.conflict.title'), detail });
}

/** A download link that ended, was altered, or never was: nothing tells them apart. */
export function downloadLinkNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('images.problem.downloadLink.title'),
    detail: t('images.problem.downloadLink.detail'),
  });
}
