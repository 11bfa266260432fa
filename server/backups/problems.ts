// Backup failures in plain words. Another team's backup is "not found", exactly like one that never was.
import { ProblemError } from '../http/problem';

export function backupNotFound(): ProblemError {
  return new ProblemError(404, {
    title: 'Backup not found',
    detail:
      'This compute has no such backup. It may have been deleted (older backups go as new ones are made).',
  });
}

export function backupConflict(detail: string): ProblemError {
  return new ProblemError(409, { title: 'Not possible right now', detail });
}

/** The compute of the path is not the team's (or is destroyed): the same words as the compute routes'. */
export function computeNotFound(): ProblemError {
  return new ProblemError(404, {
    title: 'Compute not found',
    detail: 'This team has no such compute. It may have been destroyed.',
  });
}
