// Image failures in plain words. Another team's image is "not found", exactly like one that never was.
import { ProblemError } from '../http/problem';

export function imageNotFound(): ProblemError {
  return new ProblemError(404, {
    title: 'Image not found',
    detail: 'This team has no such image. It may have been deleted.',
  });
}

export function imageConflict(detail: string): ProblemError {
  return new ProblemError(409, { title: 'Not possible right now', detail });
}

/** A download link that ended, was altered, or never was: nothing tells them apart. */
export function downloadLinkNotFound(): ProblemError {
  return new ProblemError(404, {
    title: 'Download link not found',
    detail: 'This download link has ended or is not valid. Ask the console for a new one: Images → Download.',
  });
}
