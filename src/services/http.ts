// One ky client per service base path. Every failure becomes an ApiError carrying the server's
// problem+json (title, detail, per-field messages) or a plain-words reason when there was no answer.
import ky, { isHTTPError, isNetworkError, isTimeoutError, type KyInstance, SchemaValidationError } from 'ky';
import * as v from 'valibot';
import { type FieldError, type Problem, problemSchema } from '../contract/problem';
import { apiHost, basePaths } from './config';
import { notifySessionEnded } from './session';
import { readStorage } from './storage';

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

function problemFromStatus(status: number): Problem {
  const titles: Record<number, string> = {
    401: 'Your session has ended. Sign in again.',
    403: "You don't have permission to do that.",
    404: 'That was not found.',
    409: 'That conflicts with a change made elsewhere. Reload and try again.',
    413: 'That is too large to upload.',
    429: 'Too many attempts. Wait a moment and try again.',
  };
  return {
    type: 'about:blank',
    status,
    title: titles[status] ?? 'The server could not complete the request.',
  };
}

/** Turns whatever a request threw into an ApiError a person can read. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isHTTPError(error)) {
    const parsed = v.safeParse(problemSchema, error.data);
    return new ApiError(
      error.response.status,
      parsed.success ? parsed.output : problemFromStatus(error.response.status),
    );
  }
  if (isTimeoutError(error)) {
    return new ApiError(0, {
      type: 'about:blank',
      status: 504,
      title: 'The server took too long to answer.',
    });
  }
  if (isNetworkError(error)) {
    return new ApiError(0, {
      type: 'about:blank',
      status: 503,
      title: "Can't reach the server. Check your connection and try again.",
    });
  }
  if (error instanceof SchemaValidationError) {
    return new ApiError(0, {
      type: 'about:blank',
      status: 502,
      title: 'The server answered in a way this console does not understand. Reload the page.',
    });
  }
  return new ApiError(0, { type: 'about:blank', status: 500, title: 'Something went wrong. Try again.' });
}

function createClient(basePath: string): KyInstance {
  return ky.create({
    prefix: `${apiHost}${basePath}`,
    timeout: 30_000,
    retry: { limit: 2, methods: ['get'], statusCodes: [408, 502, 503, 504] },
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = readStorage('token');
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
      afterResponse: [
        ({ request, response }) => {
          // A signed-in request refused as unauthenticated: the session was revoked or has expired.
          if (response.status === 401 && request.headers.has('Authorization')) notifySessionEnded();
        },
      ],
    },
  });
}

export const userClient = createClient(basePaths.user);
export const resourceManagerClient = createClient(basePaths.resourceManager);
export const paymentClient = createClient(basePaths.payment);

/** Runs a request and rethrows any failure as an ApiError. */
export async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw toApiError(error);
  }
}
