// The auth machine's calls to the user service, as actors (tests provide their own with .provide()).
import { fromPromise } from 'xstate';
import type { AuthResult, CodeChallenge } from '@/contract/auth';
import type { SignInAnswer } from '@/contract/two-factor';
import { codeEntryWith } from '../code-entry/code-entry.machine';

// The API client loads with the first call, so pages that never sign in don't download it.
const api = () => import('@/services/auth.api');

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

export const requestPhoneCodeActor = fromPromise<CodeChallenge, { country: string; phoneNumber: string }>(
  async ({ input }) => (await api()).requestPhoneCode(input),
);

export const completeSocialSignInActor = fromPromise<SignInAnswer, { code: string; state: string }>(
  async ({ input }) => (await api()).completeSocialSignIn(input),
);

/** Finishes a sign-in that needs a second factor: a code from the app or a recovery code. */
export const verifySecondFactorActor = fromPromise<AuthResult, { challengeId: string; code: string }>(
  async ({ input }) => (await api()).verifySecondFactor(input),
);

/** Finishes a sign-in with a passkey: the server's options, the authenticator's signature, the server's check. */
export const signInWithPasskeyActor = fromPromise<AuthResult, { challengeId: string }>(async ({ input }) => {
  const [{ passkeySignInOptions, verifyPasskey }, { signWithPasskey }] = await Promise.all([
    api(),
    import('@/services/passkeys'),
  ]);
  const { options } = await passkeySignInOptions(input);
  const response = await signWithPasskey(options);
  return verifyPasskey({ challengeId: input.challengeId, response });
});

/** The code entry for an e-mailed code: checking it signs in; a resend repeats the first request. */
export const emailCodeEntry = codeEntryWith({
  verifyCode: async (input) => (await api()).verifyEmailCode(input),
  resendCode: async (request) => {
    const { purpose, email, name } = request as EmailCodeRequest;
    const { signUp, requestEmailCode } = await api();
    return purpose === 'signup' ? signUp({ name: name ?? '', email }) : requestEmailCode({ email });
  },
});

/** The code entry for a texted code: checking it verifies the phone number. */
export const phoneCodeEntry = codeEntryWith({
  verifyCode: async (input) => (await api()).verifyPhoneCode(input),
  resendCode: async (request) =>
    (await api()).requestPhoneCode(request as { country: string; phoneNumber: string }),
});
