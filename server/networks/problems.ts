// Private network failures in plain words. Another team's network is "not found", exactly like one that never was.
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';
import { fieldProblem } from '../tenancy/problems';

export function networkNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('networks.problem.notFound.title'),
    detail: t('networks.problem.notFound.detail'),
  });
}

export function memberNotFound(): ProblemError {
  return new ProblemError(404, {
    title: t('networks.problem.memberNotFound.title'),
    detail: t('networks.problem.memberNotFound.detail'),
  });
}

/** The compute is being given its card on the network right now: leaving or deleting waits for it. */
export function memberJoining(hostname: string): ProblemError {
  return new ProblemError(409, {
    title: t('networks.problem.joining.title'),
    detail: t('networks.problem.joining.detail', { hostname }),
  });
}

export function networkNameTaken(name: string): ProblemError {
  return fieldProblem('name', t('networks.problem.nameTaken', { name }), { status: 409 });
}

export function blockOverlaps(block: string, other: { name: string; ipv4Block: string }): ProblemError {
  return fieldProblem(
    'ipv4Block',
    t('networks.problem.blockOverlaps', { block, name: other.name, other: other.ipv4Block }),
    { status: 409 },
  );
}

export function unknownCompute(): ProblemError {
  return fieldProblem('computeId', t('volumes.problem.noSuchCompute'));
}

export function alreadyMember(hostname: string, address: string): ProblemError {
  return fieldProblem('computeId', t('networks.problem.alreadyMember', { hostname, address }), {
    status: 409,
  });
}

export function networkFull(block: string): ProblemError {
  return fieldProblem('computeId', t('networks.problem.full', { block }), {
    status: 409,
  });
}
