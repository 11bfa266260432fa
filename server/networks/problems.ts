// Private network failures in plain words. Another team's network is "not found", exactly like one that never was.
import { ProblemError } from '../http/problem';
import { fieldProblem } from '../tenancy/problems';

export function networkNotFound(): ProblemError {
  return new ProblemError(404, {
    title: 'Network not found',
    detail: 'This team has no such private network. It may have been deleted.',
  });
}

export function memberNotFound(): ProblemError {
  return new ProblemError(404, {
    title: 'Compute not on this network',
    detail: 'This compute is not on this private network (it may have left it, or been destroyed).',
  });
}

export function networkNameTaken(name: string): ProblemError {
  return fieldProblem('name', `This team already has a network named ${name}.`, { status: 409 });
}

export function blockOverlaps(block: string, other: { name: string; ipv4Block: string }): ProblemError {
  return fieldProblem(
    'ipv4Block',
    `${block} overlaps the team's network ${other.name} (${other.ipv4Block}): choose a block apart from it.`,
    { status: 409 },
  );
}

export function unknownCompute(): ProblemError {
  return fieldProblem('computeId', 'This team has no such compute (it may have been destroyed).');
}

export function alreadyMember(hostname: string, address: string): ProblemError {
  return fieldProblem('computeId', `${hostname} is already on this network, at ${address}.`, { status: 409 });
}

export function networkFull(block: string): ProblemError {
  return fieldProblem('computeId', `Every address of ${block} is taken: this network has no room left.`, {
    status: 409,
  });
}
