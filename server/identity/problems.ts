// The identity failures the console tells apart (src/contract/problem.ts problemTypes), in plain words, in
// the language of the request.
import { problemTypes } from '@/contract/problem';
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';

function waitText(seconds: number): string {
  return seconds < 60
    ? t('duration.seconds', { count: seconds })
    : t('duration.minutes', { count: Math.ceil(seconds / 60) });
}

export function codeIncorrect(attemptsLeft: number): ProblemError {
  const message =
    attemptsLeft > 0
      ? t('identity.problem.codeIncorrect.triesLeft', { count: attemptsLeft })
      : t('identity.problem.codeIncorrect.noTriesLeft');
  return new ProblemError(422, {
    type: problemTypes.codeIncorrect,
    title: t('identity.problem.codeIncorrect.title'),
    detail: message,
    errors: [{ field: 'code', message }],
    attemptsLeft,
  });
}

export type DeadCodeReason = 'unknown' | 'used' | 'expired' | 'too-many-tries';

const DEAD_CODE_DETAIL = {
  unknown: 'identity.problem.codeExpired.unknown',
  used: 'identity.problem.codeExpired.used',
  expired: 'identity.problem.codeExpired.expired',
  'too-many-tries': 'identity.problem.codeExpired.tooManyTries',
} as const satisfies Record<DeadCodeReason, string>;

export function codeExpired(reason: DeadCodeReason): ProblemError {
  return new ProblemError(410, {
    type: problemTypes.codeExpired,
    title: t('identity.problem.codeExpired.title'),
    detail: t(DEAD_CODE_DETAIL[reason]),
  });
}

export function addressLocked(
  retryAfterSeconds: number,
  scope: 'client' | 'address' = 'address',
): ProblemError {
  const wait = waitText(retryAfterSeconds);
  return new ProblemError(
    429,
    {
      type: problemTypes.addressLocked,
      title: t('identity.problem.addressLocked.title'),
      detail:
        scope === 'client'
          ? t('identity.problem.addressLocked.client', { wait })
          : t('identity.problem.addressLocked.address', { wait }),
      retryAfterSeconds,
    },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/**
 * 429 for a send: `address` while the last code is under a minute old; `hourly` once the hour's codes are
 * all sent (the wait is then the hour's, and the message says why); `network` for the per-network limit.
 */
export function sendRateLimited(
  retryAfterSeconds: number,
  reason: 'address' | 'hourly' | 'network',
  sendsPerHour = 5,
): ProblemError {
  const wait = waitText(retryAfterSeconds);
  const detail =
    reason === 'address'
      ? t('identity.problem.sendRateLimited.address', { wait })
      : reason === 'hourly'
        ? t('identity.problem.sendRateLimited.hourly', { wait, sends: sendsPerHour })
        : t('identity.problem.sendRateLimited.network', { wait });
  return new ProblemError(
    429,
    {
      type: problemTypes.sendRateLimited,
      title: t('identity.problem.sendRateLimited.title'),
      detail,
      retryAfterSeconds,
    },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** Per-network limit on entering codes; per-address limits answer addressLocked instead. */
export function tooManyTries(retryAfterSeconds: number): ProblemError {
  return new ProblemError(
    429,
    {
      title: t('identity.problem.tooManyTries.title'),
      detail: t('identity.problem.tooManyTries.detail', { wait: waitText(retryAfterSeconds) }),
      retryAfterSeconds,
    },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

export function sessionRequired(): ProblemError {
  return new ProblemError(
    401,
    {
      type: problemTypes.sessionRequired,
      title: t('identity.problem.sessionRequired.title'),
      detail: t('identity.problem.sessionRequired.detail'),
    },
    { 'WWW-Authenticate': 'Bearer' },
  );
}

export function apiTokenInvalid(): ProblemError {
  return new ProblemError(
    401,
    {
      type: problemTypes.apiTokenInvalid,
      title: t('identity.problem.apiTokenInvalid.title'),
      detail: t('identity.problem.apiTokenInvalid.detail'),
    },
    { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  );
}

/** 403: no token may call this operation; only a person signed in to the console. */
export function apiTokenNotAllowed(): ProblemError {
  return new ProblemError(403, {
    type: problemTypes.apiTokenForbidden,
    title: t('identity.problem.apiTokenNotAllowed.title'),
    detail: t('identity.problem.apiTokenNotAllowed.detail'),
  });
}

/** 403: the token's scope for the area does not cover the operation. */
export function apiTokenScopeMissing(
  area: string,
  access: 'read' | 'read_write',
  granted: string,
): ProblemError {
  return new ProblemError(403, {
    type: problemTypes.apiTokenForbidden,
    title: t('identity.problem.apiTokenScopeMissing.title'),
    detail:
      access === 'read'
        ? t('identity.problem.apiTokenScopeMissing.read', { area, granted })
        : t('identity.problem.apiTokenScopeMissing.write', { area, granted }),
  });
}

export function phoneVerificationRequired(): ProblemError {
  return new ProblemError(403, {
    type: problemTypes.phoneVerificationRequired,
    title: t('identity.problem.phoneVerificationRequired.title'),
    detail: t('identity.problem.phoneVerificationRequired.detail'),
  });
}
