// Firewall failures in plain words. Another team's firewall is "not found", exactly like one that never was.
import { ProblemError } from '../http/problem';
import { fieldProblem } from '../tenancy/problems';

export function firewallNotFound(): ProblemError {
  return new ProblemError(404, {
    title: 'Firewall not found',
    detail: 'This team has no such firewall. It may have been deleted.',
  });
}

export function firewallNameTaken(name: string): ProblemError {
  return fieldProblem('name', `This team already has a firewall named ${name}.`, { status: 409 });
}

export function unknownComputes(): ProblemError {
  return fieldProblem('computeIds', 'This team has no such compute (it may have been destroyed).');
}
