// Compute failures in plain words. A compute of another team is "not found", exactly like one that never was.
import { ProblemError } from '../http/problem';

export function computeNotFound(): ProblemError {
  return new ProblemError(404, {
    title: 'Compute not found',
    detail: 'This team has no such compute. It may have been destroyed.',
  });
}

export function computeConflict(detail: string): ProblemError {
  return new ProblemError(409, { title: 'Not possible right now', detail });
}
