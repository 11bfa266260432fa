// The identity failures the console tells apart (src/contract/problem.ts problemTypes), in plain words.
import { problemTypes } from '@/contract/problem';
import { ProblemError } from '../http/problem';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function minutesText(seconds: number): string {
  return seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
}

export function codeIncorrect(attemptsLeft: number): ProblemError {
  const message =
    attemptsLeft > 0
      ? `That code is not right. You can try ${plural(attemptsLeft, 'more time')}.`
      : 'That code is not right, and this code allows no more tries. Ask for a new one.';
  return new ProblemError(422, {
    type: problemTypes.codeIncorrect,
    title: 'Wrong code',
    detail: message,
    errors: [{ field: 'code', message }],
    attemptsLeft,
  });
}

export type DeadCodeReason = 'unknown' | 'used' | 'expired' | 'too-many-tries';

const DEAD_CODE_DETAIL: Record<DeadCodeReason, string> = {
  unknown: 'This code is not valid here. Ask for a new one.',
  used: 'This code has already been used. Ask for a new one.',
  expired: 'This code has expired: codes work for 10 minutes. Ask for a new one.',
  'too-many-tries': 'Too many wrong tries for this code. Ask for a new one.',
};

export function codeExpired(reason: DeadCodeReason): ProblemError {
  return new ProblemError(410, {
    type: problemTypes.codeExpired,
    title: 'Code no longer valid',
    detail: DEAD_CODE_DETAIL[reason],
  });
}

export function addressLocked(
  retryAfterSeconds: number,
  scope: 'client' | 'address' = 'address',
): ProblemError {
  const who = scope === 'client' ? 'from this device or network for this address' : 'for this address';
  return new ProblemError(
    429,
    {
      type: problemTypes.addressLocked,
      title: 'Too many wrong codes',
      detail: `Too many wrong codes were entered ${who}. Try again in ${minutesText(retryAfterSeconds)}.`,
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
  const wait = minutesText(retryAfterSeconds);
  const detail =
    reason === 'address'
      ? `A code was sent to this address moments ago. You can ask for another in ${wait}.`
      : reason === 'hourly'
        ? `${sendsPerHour} codes were sent to this address in the last hour, the most we send. You can ask for another in ${wait}; the codes already sent still work until they expire.`
        : `Too many codes were requested from your network. Try again in ${wait}.`;
  return new ProblemError(
    429,
    {
      type: problemTypes.sendRateLimited,
      title: 'Please wait before asking again',
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
      title: 'Too many tries',
      detail: `Too many codes were entered from your network. Try again in ${minutesText(retryAfterSeconds)}.`,
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
      title: 'Sign-in required',
      detail: 'Your session has ended or you are not signed in. Sign in to continue.',
    },
    { 'WWW-Authenticate': 'Bearer' },
  );
}

export function apiTokenInvalid(): ProblemError {
  return new ProblemError(
    401,
    {
      type: problemTypes.apiTokenInvalid,
      title: 'This API token does not work',
      detail:
        'This API token has expired or was revoked. Make a new one in the console: Account settings → API tokens.',
    },
    { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  );
}

/** 403: no token may call this operation; only a person signed in to the console. */
export function apiTokenNotAllowed(): ProblemError {
  return new ProblemError(403, {
    type: problemTypes.apiTokenForbidden,
    title: 'Not with an API token',
    detail:
      'API tokens cannot do this: your account, sign-in, sessions, API tokens and two-factor settings, and deleting, leaving or handing over a team, are only for you, signed in to the console.',
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
    title: 'Outside this token’s scopes',
    detail: `This token cannot ${access === 'read' ? 'read' : 'change'} ${area}: its access there is “${granted}”. Make a token with ${access === 'read' ? 'read' : 'read and write'} access to ${area}.`,
  });
}

export function phoneVerificationRequired(): ProblemError {
  return new ProblemError(403, {
    type: problemTypes.phoneVerificationRequired,
    title: 'Phone verification required',
    detail: 'Verify your phone number to use the console.',
  });
}
