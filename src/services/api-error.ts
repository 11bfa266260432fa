// A failed API call in words: the server's problem+json (title, detail, per-field messages) or a plain-words
// reason when there was no usable answer. Its own module, apart from the ky clients (http.ts): the error page
// every route shares tells these apart without loading the HTTP client on the landing and sign-in pages.
import type { FieldError, Problem } from '@/contract/problem';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    /** HTTP status, or 0 when no answer arrived (offline, timeout, unreadable answer). */
    readonly status: number,
    readonly problem: Problem,
  ) {
    super(problem.detail ?? problem.title);
  }

  /** Per-field messages keyed by field name, for showing beside each input. */
  get fieldErrors(): Record<string, string> {
    return Object.fromEntries((this.problem.errors ?? []).map((e: FieldError) => [e.field, e.message]));
  }
}
