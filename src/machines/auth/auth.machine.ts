// Signing in and up (SPEC §1, §2 /auth/*): by a one-time code sent by e-mail, with GitHub or Google, then
// — for a person who uses two-factor sign-in — a code from their authenticator app or a recovery code, and
// verifying a phone number by SMS code for a new account. One machine drives the six /auth pages; each
// top-level state is one page (see authPage), and the pages only render it and send what the user did.

import { and, assertEvent, assign, type SnapshotFrom, setup } from 'xstate';
import {
  type AuthResult,
  type CodeChallenge,
  type CurrentSession,
  needsSecondFactor,
  type SocialProvider,
} from '@/contract/auth';
import type { SecondFactorRequired, SignInAnswer } from '@/contract/two-factor';
import { t } from '@/i18n/state';
import { PasskeyCeremonyError } from '@/services/passkey-ceremony-error';
import { type CodeSentEvent, describeFailure } from '../code-entry/code-entry.machine';
import {
  completeSocialSignInActor,
  emailCodeEntry,
  phoneCodeEntry,
  requestEmailCodeActor,
  requestPhoneCodeActor,
  signInWithPasskeyActor,
  verifySecondFactorActor,
} from './auth.actors';

export type CodePurpose = 'signin' | 'signup';

export interface PendingEmail {
  address: string;
  purpose: CodePurpose;
  name?: string | undefined;
  challenge: CodeChallenge;
}

export interface PendingPhone {
  country: string;
  number: string;
  challenge: CodeChallenge;
}

/** A message about the whole form, in plain words; field messages go in fieldErrors. */
export type { CodeMessage as AuthMessage } from '../code-entry/code-entry.machine';

import type { CodeMessage as AuthMessage } from '../code-entry/code-entry.machine';
import type { StateTag } from '../tags';

export interface AuthContext {
  email: PendingEmail | null;
  phone: PendingPhone | null;
  /** The last e-mail and name typed, so going back to the form keeps them. */
  draft: { email: string; name: string };
  /** The phone number as last submitted, for resending and for the form after a failure. */
  phoneDraft: { country: string; number: string };
  fieldErrors: Record<string, string>;
  message: AuthMessage | null;
  provider: SocialProvider | null;
  /** Whether a session token exists (a new account's limited session counts). */
  hasSession: boolean;
  /** The challenge a second factor must answer, after the first one was proven. */
  secondFactor: SecondFactorRequired['secondFactor'] | null;
}

export interface AuthInput {
  email?: PendingEmail | null;
  phone?: PendingPhone | null;
  hasSession?: boolean;
}

/** What the provider put in the callback address: a code and state, or an error. */
export interface CallbackParams {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  errorDescription?: string | undefined;
}

export type AuthEvent =
  | { type: 'page.login' }
  | { type: 'page.signup' }
  | { type: 'page.verifyOtp' }
  | { type: 'page.verifyPhone' }
  | { type: 'page.twoFactor' }
  /** A code from the authenticator app, or a recovery code. */
  | { type: 'secondFactor.submit'; code: string }
  /** Finish with a passkey instead. */
  | { type: 'secondFactor.passkey' }
  | { type: 'page.callback'; params: CallbackParams; provider: SocialProvider | null }
  | { type: 'form.submit'; email: string; name?: string }
  | { type: 'phone.submit'; country: string; phoneNumber: string }
  | { type: 'phone.changeNumber' }
  | { type: 'social.start'; provider: SocialProvider }
  /** The session ended elsewhere (signed out, revoked, expired). */
  | { type: 'session.ended' }
  /** The code entry sent a new code. */
  | CodeSentEvent;

/** The answer a verified code signed in with (the code entry's output). */
const signedIn = (event: { output: unknown }) => event.output as AuthResult | CurrentSession;

export const providerNames: Record<SocialProvider, string> = { github: 'GitHub', google: 'Google' };

function callbackFailureMessage(params: CallbackParams, provider: SocialProvider | null): string {
  const name = provider ? providerNames[provider] : t('auth.callback.theProvider');
  if (params.error === 'access_denied') return t('auth.callback.cancelled', { provider: name });
  if (params.error) {
    return params.errorDescription
      ? t('auth.callback.refusedBecause', { provider: name, reason: params.errorDescription })
      : t('auth.callback.refused', { provider: name });
  }
  return t('auth.callback.nothingInProgress');
}

export const authMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    requestEmailCode: requestEmailCodeActor,
    requestPhoneCode: requestPhoneCodeActor,
    completeSocialSignIn: completeSocialSignInActor,
    verifySecondFactor: verifySecondFactorActor,
    signInWithPasskey: signInWithPasskeyActor,
    emailCodeEntry,
    phoneCodeEntry,
  },
  actions: {
    // Filled in by the app with .provide(): storage, navigation and leaving for the provider.
    rememberPendingEmail: (_, _params: { pending: PendingEmail }) => {},
    rememberPendingPhone: (_, _params: { pending: PendingPhone }) => {},
    storeSignIn: (_, _params: { session: AuthResult | CurrentSession }) => {},
    finishSignIn: () => {},
    redirectToProvider: (_, _params: { provider: SocialProvider }) => {},

    clearFeedback: assign({ fieldErrors: {}, message: null }),
    keepDraft: assign({
      draft: ({ context, event }) => {
        assertEvent(event, 'form.submit');
        return { email: event.email, name: event.name ?? context.draft.name };
      },
    }),
    keepPhoneDraft: assign({
      phoneDraft: ({ event }) => {
        assertEvent(event, 'phone.submit');
        return { country: event.country, number: event.phoneNumber };
      },
    }),
    showFailure: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      // The browser's passkey dialog failing (cancelled, timed out) is told in its own words.
      if (error instanceof PasskeyCeremonyError) {
        return { fieldErrors: {}, message: { tone: 'error' as const, text: error.message } };
      }
      return describeFailure(error);
    }),
    markSignedIn: assign({ hasSession: true }),
    forgetSession: assign({ hasSession: false, phone: null, email: null, fieldErrors: {}, message: null }),
    chooseProvider: assign({
      provider: ({ event }) => {
        assertEvent(event, 'social.start');
        return event.provider;
      },
    }),
    explainCallbackFailure: assign(({ event }) => {
      assertEvent(event, 'page.callback');
      return {
        provider: event.provider,
        fieldErrors: {},
        message: { tone: 'error' as const, text: callbackFailureMessage(event.params, event.provider) },
      };
    }),
    forgetPhone: assign({ phone: null }),
    takeSecondFactor: assign({
      secondFactor: ({ event }) =>
        ((event as unknown as { output: SignInAnswer }).output as SecondFactorRequired).secondFactor,
      email: null,
      fieldErrors: {},
      message: null,
    }),
    forgetSecondFactor: assign({ secondFactor: null }),
  },
  guards: {
    hasPendingEmail: ({ context }) => context.email !== null,
    hasSession: ({ context }) => context.hasSession,
    hasPendingPhone: ({ context }) => context.phone !== null,
    /** The provider sent an error, or the address lacks the code and state a sign-in returns with. */
    isUnusableCallback: ({ event }) =>
      event.type === 'page.callback' &&
      (event.params.error !== undefined || !event.params.code || !event.params.state),
    needsPhone: ({ event }) => !(event as unknown as { output: AuthResult }).output.user.phoneVerified,
    needsSecondFactor: ({ event }) => needsSecondFactor((event as unknown as { output: unknown }).output),
    hasSecondFactorChallenge: ({ context }) => context.secondFactor !== null,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    email: input.email ?? null,
    phone: input.phone ?? null,
    draft: { email: input.email?.address ?? '', name: input.email?.name ?? '' },
    phoneDraft: { country: input.phone?.country ?? 'RW', number: input.phone?.number ?? '' },
    fieldErrors: {},
    message: null,
    provider: null,
    hasSession: input.hasSession ?? false,
    secondFactor: null,
  }),
  initial: 'idle',
  on: {
    'session.ended': { target: '.idle', actions: 'forgetSession' },
    'page.login': { target: '.signIn', actions: 'clearFeedback' },
    'page.signup': { target: '.signUp', actions: 'clearFeedback' },
    'page.verifyOtp': [
      { guard: 'hasPendingEmail', target: '.emailCode', actions: 'clearFeedback' },
      { target: '.noCodeExpected', actions: 'clearFeedback' },
    ],
    'page.verifyPhone': [
      { guard: and(['hasSession', 'hasPendingPhone']), target: '.phone.codeEntry', actions: 'clearFeedback' },
      { guard: 'hasSession', target: '.phone', actions: 'clearFeedback' },
      { target: '.signIn', actions: 'clearFeedback' },
    ],
    'page.twoFactor': [
      { guard: 'hasSecondFactorChallenge', target: '.secondFactor', actions: 'clearFeedback' },
      { target: '.signIn', actions: 'clearFeedback' },
    ],
    'page.callback': [
      { guard: 'isUnusableCallback', target: '.socialCallback.failed', actions: 'explainCallbackFailure' },
      { target: '.socialCallback', actions: 'clearFeedback' },
    ],
  },
  states: {
    /** Before any /auth page has opened. */
    idle: {},
    signIn: {
      initial: 'editing',
      states: {
        editing: {
          tags: ['editing'],
          on: {
            'form.submit': { target: 'sending', actions: ['clearFeedback', 'keepDraft'] },
            'social.start': { target: '#auth.redirecting', actions: 'chooseProvider' },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'requestEmailCode',
            src: 'requestEmailCode',
            input: ({ context }) => ({ purpose: 'signin' as const, email: context.draft.email }),
            onDone: {
              target: '#auth.emailCode',
              actions: [
                assign({
                  email: ({ context, event }) => ({
                    address: context.draft.email,
                    purpose: 'signin' as const,
                    challenge: event.output,
                  }),
                }),
                { type: 'rememberPendingEmail', params: ({ context }) => ({ pending: context.email! }) },
              ],
            },
            onError: { target: 'editing', actions: 'showFailure' },
          },
        },
      },
    },
    signUp: {
      initial: 'editing',
      states: {
        editing: {
          tags: ['editing'],
          on: {
            'form.submit': { target: 'sending', actions: ['clearFeedback', 'keepDraft'] },
            'social.start': { target: '#auth.redirecting', actions: 'chooseProvider' },
          },
        },
        sending: {
          tags: ['busy'],
          invoke: {
            id: 'requestEmailCode',
            src: 'requestEmailCode',
            input: ({ context }) => ({
              purpose: 'signup' as const,
              email: context.draft.email,
              name: context.draft.name,
            }),
            onDone: {
              target: '#auth.emailCode',
              actions: [
                assign({
                  email: ({ context, event }) => ({
                    address: context.draft.email,
                    purpose: 'signup' as const,
                    name: context.draft.name,
                    challenge: event.output,
                  }),
                }),
                { type: 'rememberPendingEmail', params: ({ context }) => ({ pending: context.email! }) },
              ],
            },
            onError: { target: 'editing', actions: 'showFailure' },
          },
        },
      },
    },
    /** /auth/verify-otp without a code on its way: nothing to enter. */
    noCodeExpected: {},
    /** The code entry (a child machine, id codeEntry) for the code e-mailed; its output signs in. */
    emailCode: {
      invoke: {
        id: 'codeEntry',
        src: 'emailCodeEntry',
        input: ({ context, self }) => ({
          notify: self,
          challenge: context.email!.challenge,
          request: {
            purpose: context.email!.purpose,
            email: context.email!.address,
            name: context.email!.name,
          },
        }),
        onDone: [
          { guard: 'needsSecondFactor', target: '#auth.secondFactor', actions: 'takeSecondFactor' },
          {
            guard: 'needsPhone',
            target: '#auth.phone',
            actions: [
              'markSignedIn',
              { type: 'storeSignIn', params: ({ event }) => ({ session: signedIn(event) }) },
            ],
          },
          {
            target: '#auth.signedIn',
            actions: [
              'markSignedIn',
              { type: 'storeSignIn', params: ({ event }) => ({ session: signedIn(event) }) },
            ],
          },
        ],
      },
      on: {
        'code.sent': {
          actions: [
            assign({ email: ({ context, event }) => ({ ...context.email!, challenge: event.challenge }) }),
            { type: 'rememberPendingEmail', params: ({ context }) => ({ pending: context.email! }) },
          ],
        },
      },
    },
    phone: {
      initial: 'numberEntry',
      states: {
        numberEntry: {
          initial: 'editing',
          states: {
            editing: {
              tags: ['editing'],
              on: { 'phone.submit': { target: 'sending', actions: ['clearFeedback', 'keepPhoneDraft'] } },
            },
            sending: {
              tags: ['busy'],
              invoke: {
                id: 'requestPhoneCode',
                src: 'requestPhoneCode',
                input: ({ context }) => ({
                  country: context.phoneDraft.country,
                  phoneNumber: context.phoneDraft.number,
                }),
                onDone: {
                  target: '#auth.phone.codeEntry',
                  actions: [
                    assign({
                      phone: ({ context, event }) => ({ ...context.phoneDraft, challenge: event.output }),
                    }),
                    { type: 'rememberPendingPhone', params: ({ context }) => ({ pending: context.phone! }) },
                  ],
                },
                onError: { target: 'editing', actions: 'showFailure' },
              },
            },
          },
        },
        /** The code entry (a child machine, id codeEntry) for the code texted; its output ends sign-up. */
        codeEntry: {
          invoke: {
            id: 'codeEntry',
            src: 'phoneCodeEntry',
            input: ({ context, self }) => ({
              notify: self,
              challenge: context.phone!.challenge,
              request: { country: context.phone!.country, phoneNumber: context.phone!.number },
            }),
            onDone: {
              target: '#auth.signedIn',
              actions: { type: 'storeSignIn', params: ({ event }) => ({ session: signedIn(event) }) },
            },
          },
          on: {
            'phone.changeNumber': { target: 'numberEntry', actions: ['forgetPhone', 'clearFeedback'] },
            'code.sent': {
              actions: [
                assign({
                  phone: ({ context, event }) => ({ ...context.phone!, challenge: event.challenge }),
                }),
                { type: 'rememberPendingPhone', params: ({ context }) => ({ pending: context.phone! }) },
              ],
            },
          },
        },
      },
    },
    /** Leaving for GitHub or Google; the page unloads. */
    redirecting: {
      entry: { type: 'redirectToProvider', params: ({ context }) => ({ provider: context.provider! }) },
    },
    socialCallback: {
      initial: 'exchanging',
      states: {
        exchanging: {
          tags: ['busy'],
          invoke: {
            id: 'completeSocialSignIn',
            src: 'completeSocialSignIn',
            input: ({ event }) => {
              assertEvent(event, 'page.callback');
              return { code: event.params.code ?? '', state: event.params.state ?? '' };
            },
            onDone: [
              { guard: 'needsSecondFactor', target: '#auth.secondFactor', actions: 'takeSecondFactor' },
              {
                guard: 'needsPhone',
                target: '#auth.phone',
                actions: [
                  'markSignedIn',
                  { type: 'storeSignIn', params: ({ event }) => ({ session: signedIn(event) }) },
                ],
              },
              {
                target: '#auth.signedIn',
                actions: [
                  'markSignedIn',
                  { type: 'storeSignIn', params: ({ event }) => ({ session: signedIn(event) }) },
                ],
              },
            ],
            onError: { target: 'failed', actions: 'showFailure' },
          },
        },
        failed: {},
      },
    },
    /** The first factor is proven; the authenticator app's code (or a recovery code) finishes signing in. */
    secondFactor: {
      initial: 'editing',
      states: {
        editing: {
          tags: ['editing'],
          on: {
            'secondFactor.submit': { target: 'verifying', actions: 'clearFeedback' },
            'secondFactor.passkey': { target: 'usingPasskey', actions: 'clearFeedback' },
          },
        },
        /** The browser asks for the passkey, then the server checks its signature. */
        usingPasskey: {
          tags: ['busy'],
          invoke: {
            id: 'signInWithPasskey',
            src: 'signInWithPasskey',
            input: ({ context }) => ({ challengeId: context.secondFactor!.challengeId }),
            onDone: [
              {
                guard: 'needsPhone',
                target: '#auth.phone',
                actions: [
                  'markSignedIn',
                  'forgetSecondFactor',
                  { type: 'storeSignIn', params: ({ event }) => ({ session: event.output }) },
                ],
              },
              {
                target: '#auth.signedIn',
                actions: [
                  'markSignedIn',
                  'forgetSecondFactor',
                  { type: 'storeSignIn', params: ({ event }) => ({ session: event.output }) },
                ],
              },
            ],
            onError: { target: 'editing', actions: 'showFailure' },
          },
        },
        verifying: {
          tags: ['busy'],
          invoke: {
            id: 'verifySecondFactor',
            src: 'verifySecondFactor',
            input: ({ context, event }) => {
              assertEvent(event, 'secondFactor.submit');
              return { challengeId: context.secondFactor!.challengeId, code: event.code };
            },
            onDone: [
              {
                guard: 'needsPhone',
                target: '#auth.phone',
                actions: [
                  'markSignedIn',
                  'forgetSecondFactor',
                  { type: 'storeSignIn', params: ({ event }) => ({ session: event.output }) },
                ],
              },
              {
                target: '#auth.signedIn',
                actions: [
                  'markSignedIn',
                  'forgetSecondFactor',
                  { type: 'storeSignIn', params: ({ event }) => ({ session: event.output }) },
                ],
              },
            ],
            onError: { target: 'editing', actions: 'showFailure' },
          },
        },
      },
    },
    signedIn: { entry: 'finishSignIn' },
  },
});

export type AuthPage =
  | '/auth/login'
  | '/auth/signup'
  | '/auth/verify-otp'
  | '/auth/verify-phone'
  | '/auth/two-factor'
  | '/auth/callback';

/** The /auth page that shows the machine's current state; null where no page change is due. */
export function authPage(snapshot: SnapshotFrom<typeof authMachine>): AuthPage | null {
  if (snapshot.matches('signIn')) return '/auth/login';
  if (snapshot.matches('signUp')) return '/auth/signup';
  if (snapshot.matches('emailCode') || snapshot.matches('noCodeExpected')) return '/auth/verify-otp';
  if (snapshot.matches('phone')) return '/auth/verify-phone';
  if (snapshot.matches('secondFactor')) return '/auth/two-factor';
  if (snapshot.matches('socialCallback')) return '/auth/callback';
  return null;
}
