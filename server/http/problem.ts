// Every failed answer is RFC 9457 problem+json, shaped by the shared contract so the console parses it.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { PROBLEM_CONTENT_TYPE, type Problem } from '@/contract/problem';
import type { AppEnv } from './env';

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Sign-in required',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Request body too large',
  415: 'Unsupported media type',
  422: 'Invalid input',
  426: 'Upgrade required',
  429: 'Too many requests',
  500: 'Internal server error',
  502: 'Bad gateway',
  503: 'Service unavailable',
};

export type ProblemFields = Partial<Omit<Problem, 'status' | 'requestId'>>;

export function problemBody(status: number, fields: ProblemFields, requestId?: string): Problem {
  return {
    type: fields.type ?? 'about:blank',
    title: fields.title ?? TITLES[status] ?? 'Error',
    status,
    ...(fields.detail === undefined ? {} : { detail: fields.detail }),
    ...(fields.instance === undefined ? {} : { instance: fields.instance }),
    ...(fields.errors === undefined ? {} : { errors: fields.errors }),
    ...(fields.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: fields.retryAfterSeconds }),
    ...(fields.attemptsLeft === undefined ? {} : { attemptsLeft: fields.attemptsLeft }),
    ...(fields.current === undefined ? {} : { current: fields.current }),
    ...(requestId === undefined ? {} : { requestId }),
  };
}

export function problem(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  fields: ProblemFields = {},
  headers: Record<string, string> = {},
): Response {
  const body = problemBody(status, fields, c.get('requestId'));
  return c.body(JSON.stringify(body), status, { ...headers, 'Content-Type': PROBLEM_CONTENT_TYPE });
}

/**
 * A failure thrown from code that is not a handler (code checks, sign-in rules); the app's error handler
 * answers it as problem+json, so deep helpers need no Context to say what went wrong.
 */
export class ProblemError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly fields: ProblemFields,
    readonly headers: Record<string, string> = {},
  ) {
    super(fields.detail ?? fields.title ?? `HTTP ${status}`);
    this.name = 'ProblemError';
  }
}

/**
 * One input field refused, with the message beside it: 422 unless `status` says otherwise (409 for a clash
 * such as a duplicate), with the problem's own title and type when given.
 */
export function fieldProblem(
  field: string,
  message: string,
  options: { status?: ContentfulStatusCode; title?: string; type?: string } = {},
): ProblemError {
  return new ProblemError(options.status ?? 422, {
    ...(options.type ? { type: options.type } : {}),
    ...(options.title ? { title: options.title } : {}),
    detail: message,
    errors: [{ field, message }],
  });
}
