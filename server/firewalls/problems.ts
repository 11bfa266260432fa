// Firewall failures in plain words. Another team's firewall is "not found", exactly like one that never was.
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';
import { fieldProblem } from '../tenancy/problems';

export function firewallNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('firewalls.problem.notFound.title'),
    detail: t('firewalls.problem.notFound.detail'),
  });
}

export function firewallNameTaken(name: string): ProblemError {
  return fieldProblem('name', t('firewalls.problem.nameTaken', { name }), { status: 409 });
}

export function unknownComputes(): ProblemError {
  return fieldProblem('computeIds', t('volumes.problem.noSuchCompute'));
}
