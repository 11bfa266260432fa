// Every failed answer is RFC 9457 problem+json, shaped by the shared contract so the console parses it.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { PROBLEM_CONTENT_TYPE, type Problem } from '@/contract/problem';
import { type ServerMessageId, t } from '../i18n/t';
import type { AppEnv } from './env';

/** The statuses with a title of their own, in the server's catalogs. */
const TITLES: Record<number, ServerMessageId> = {
  400: 'problem.title.400',
  401: 'problem.title.401',
  403: 'problem.title.403',
  404: 'problem.title.404',
  405: 'problem.title.405',
  409: 'problem.title.409',
  410: 'problem.title.410',
  413: 'problem.title.413',
  415: 'problem.title.415',
  422: 'problem.title.422',
  426: 'problem.title.426',
  429: 'problem.title.429',
  500: 'problem.title.500',
  502: 'problem.title.502',
  503: 'problem.title.503',
};

/** A status's title in the language of the request (Not found, Introuvable, Ntibibonetse). */
function statusTitle(status: number): string {
  return t(TITLES[status] ?? 'problem.title.other');
}

export type ProblemFields = Partial<Omit<Problem, 'status' | 'requestId'>>;

export function problemBody(status: number, fields: ProblemFields, requestId?: string): Problem {
  return {
    type: fields.type ?? 'about:blank',
    title: fields.title ?? statusTitle(status),
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
