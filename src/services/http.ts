// One ky client per service base path. Every answer is parsed with its contract schema, and every
// failure becomes an ApiError carrying the server's problem+json (title, detail, per-field messages) or
// a plain-words reason when there was no usable answer.
//
// ky 1 rather than the 2.x of ARCHITECTURE.md: 2.x adds ~4 KB gzip to the sign-in page, which has a
// 150 KB budget; the schema parsing 2.x does in `.json(schema)` is done here instead.

import ky, { HTTPError, type KyInstance, type ResponsePromise, TimeoutError } from 'ky';
import * as v from 'valibot';
import { type Problem, problemSchema } from '@/contract/problem';
import { currentLocale, type MessageId, t } from '@/i18n/state';
import { ApiError } from './api-error';
import { apiHost, basePaths } from './config';
import { notifySessionEnded } from './session';
import { readStorage } from './storage';

export { ApiError };

const plain = (status: number, title: string): Problem => ({ type: 'about:blank', status, title });

/** What a failure says when the server gave no problem+json, in the language in use when it happened. */
const STATUS_TITLES: Record<number, MessageId> = {
  401: 'shell.http.401',
  403: 'shell.http.403',
  404: 'shell.http.404',
  409: 'shell.http.409',
  413: 'shell.http.413',
  429: 'shell.http.429',
};

function problemFromStatus(status: number): Problem {
  return plain(status, t(STATUS_TITLES[status] ?? 'shell.http.failed'));
}

const unreadable = () => new ApiError(0, plain(502, t('shell.http.unreadable')));

/** Turns whatever a request threw into an ApiError a person can read. */
export async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const body: unknown = await error.response
      .clone()
      .json()
      .catch(() => null);
    const parsed = v.safeParse(problemSchema, body);
    return new ApiError(
      error.response.status,
      parsed.success ? parsed.output : problemFromStatus(error.response.status),
    );
  }
  if (error instanceof TimeoutError) return new ApiError(0, plain(504, t('shell.http.timeout')));
  // fetch rejects with a TypeError when no answer arrives at all (offline, refused, blocked).
  if (error instanceof TypeError) {
    return new ApiError(0, plain(503, t('shell.http.unreachable')));
  }
  return new ApiError(0, plain(500, t('shell.somethingWrong')));
}

function createClient(basePath: string): KyInstance {
  return ky.create({
    prefixUrl: `${apiHost}${basePath}`,
    timeout: 30_000,
    retry: { limit: 2, methods: ['get'], statusCodes: [408, 502, 503, 504] },
    hooks: {
      beforeRequest: [
        (request) => {
          const token = readStorage('token');
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
          // The language in use: the server answers in it before sign-in, and a new account keeps it.
          request.headers.set('Accept-Language', currentLocale());
        },
      ],
      afterResponse: [
        (request, _options, response) => {
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

/** Runs a request whose answer has no body to read; any failure is rethrown as an ApiError. */
export async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw await toApiError(error);
  }
}

/** Runs a request and parses its JSON answer with the contract schema. */
export async function json<S extends v.GenericSchema>(
  schema: S,
  request: () => ResponsePromise,
): Promise<v.InferOutput<S>> {
  const body = await call(() => request().json());
  const parsed = v.safeParse(schema, body);
  if (!parsed.success) throw unreadable();
  return parsed.output;
}
