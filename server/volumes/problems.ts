// Volume failures in plain words. Another team's volume is "not found", exactly like one that never was.
import { ProblemError } from '../http/problem';
import { fieldProblem } from '../tenancy/problems';

export function volumeNotFound(): ProblemError {
  return new ProblemError(404, {
    title: 'Volume not found',
    detail: 'This team has no such volume. It may have been deleted.',
  });
}

export function volumeConflict(detail: string): ProblemError {
  return new ProblemError(409, { title: 'Not possible right now', detail });
}

/** The compute to attach to is not one of the team's live computes: 404 beside the field, like any other id. */
export function computeNotFound(): ProblemError {
  return fieldProblem('computeId', 'This team has no such compute (it may have been destroyed).', {
    status: 404,
  });
}

export function volumesUnsupported(): ProblemError {
  return new ProblemError(501, {
    title: 'No volumes here',
    detail: 'This installation’s hypervisor offers no volumes.',
  });
}
