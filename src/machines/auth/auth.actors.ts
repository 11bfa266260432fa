// The auth machine's calls to the user service, as actors (tests provide their own with .provide()).
import { fromPromise } from 'xstate';
import type { AuthResult, CodeChallenge, CurrentSession } from '../../contract/auth';
import {
  completeSocialSignIn,
  requestEmailCode,
  requestPhoneCode,
  signUp,
  verifyEmailCode,
  verifyPhoneCode,
} from '../../services/auth.api';

export interface EmailCodeRequest {
  purpose: 'signin' | 'signup';
  email: string;
  name?: string | undefined;
}

export const requestEmailCodeActor = fromPromise<CodeChallenge, EmailCodeRequest>(({ input }) =>
  input.purpose === 'signup'
    ? signUp({ name: input.name ?? '', email: input.email })
    : requestEmailCode(input),
);

export const verifyEmailCodeActor = fromPromise<AuthResult, { challengeId: string; code: string }>(
  ({ input }) => verifyEmailCode(input),
);

export const requestPhoneCodeActor = fromPromise<CodeChallenge, { country: string; phoneNumber: string }>(
  ({ input }) => requestPhoneCode(input),
);

export const verifyPhoneCodeActor = fromPromise<CurrentSession, { challengeId: string; code: string }>(
  ({ input }) => verifyPhoneCode(input),
);

export const completeSocialSignInActor = fromPromise<AuthResult, { code: string; state: string }>(
  ({ input }) => completeSocialSignIn(input),
);
