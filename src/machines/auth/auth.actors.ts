// The auth machine's calls to the user service, as actors (tests provide their own with .provide()).
import { fromPromise } from 'xstate';
import type { AuthResult, CodeChallenge, CurrentSession } from '../../contract/auth';

// The API client loads with the first call, so pages that never sign in don't download it.
const api = () => import('../../services/auth.api');

export interface EmailCodeRequest {
  purpose: 'signin' | 'signup';
  email: string;
  name?: string | undefined;
}

export const requestEmailCodeActor = fromPromise<CodeChallenge, EmailCodeRequest>(async ({ input }) => {
  const { signUp, requestEmailCode } = await api();
  return input.purpose === 'signup'
    ? signUp({ name: input.name ?? '', email: input.email })
    : requestEmailCode({ email: input.email });
});

export const verifyEmailCodeActor = fromPromise<AuthResult, { challengeId: string; code: string }>(
  async ({ input }) => (await api()).verifyEmailCode(input),
);

export const requestPhoneCodeActor = fromPromise<CodeChallenge, { country: string; phoneNumber: string }>(
  async ({ input }) => (await api()).requestPhoneCode(input),
);

export const verifyPhoneCodeActor = fromPromise<CurrentSession, { challengeId: string; code: string }>(
  async ({ input }) => (await api()).verifyPhoneCode(input),
);

export const completeSocialSignInActor = fromPromise<AuthResult, { code: string; state: string }>(
  async ({ input }) => (await api()).completeSocialSignIn(input),
);
