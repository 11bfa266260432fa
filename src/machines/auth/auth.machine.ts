// Signing in and up (SPEC §1, §2 /auth/*): by a one-time code sent by e-mail, with GitHub or Google, then
// verifying a phone number by SMS code for a new account. One machine drives the five /auth pages; each
// top-level state is one page (see authPage), and the pages only render it and send what the user did.
import { and, assertEvent, assign, type SnapshotFrom, setup } from 'xstate';
import type { AuthResult, CodeChallenge, CurrentSession, SocialProvider } from '../../contract/auth';
import { problemTypes } from '../../contract/problem';
import type { ApiError } from '../../services/http';
import {
  completeSocialSignInActor,
  requestEmailCodeActor,
  requestPhoneCodeActor,
  verifyEmailCodeActor,
  verifyPhoneCodeActor,
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
export interface AuthMessage {
  tone: 'info' | 'success' | 'error';
  text: string;
}

export interface AuthContext {
  email: PendingEmail | null;
  phone: PendingPhone | null;
  /** The last e-mail and name typed, so going back to the form keeps them. */
  draft: { email: string; name: string };
  /** The phone number as last submitted, for resending and for the form after a failure. */
  phoneDraft: { country: string; number: string };
  fieldErrors: Record<string, string>;
  message: AuthMessage | null;
  /** When a lock on the address ends (epoch ms). */
  lockedUntil: number | null;
  provider: SocialProvider | null;
  /** Whether a session token exists (a new account's limited session counts). */
  hasSession: boolean;
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
  | { type: 'page.callback'; params: CallbackParams; provider: SocialProvider | null }
  | { type: 'form.submit'; email: string; name?: string }
  | { type: 'code.submit'; code: string }
  | { type: 'code.resend' }
  | { type: 'phone.submit'; country: string; phoneNumber: string }
  | { type: 'phone.changeNumber' }
  | { type: 'social.start'; provider: SocialProvider }
  /** The session ended elsewhere (signed out, revoked, expired). */
  | { type: 'session.ended' };

export const providerNames: Record<SocialProvider, string> = { github: 'GitHub', google: 'Google' };

/** What a failed request means for the form: messages beside fields, or one for the whole form. */
function describeFailure(error: unknown): Pick<AuthContext, 'fieldErrors' | 'message'> {
  const apiError = error as Partial<ApiError> | undefined;
  const fieldErrors = apiError?.fieldErrors ?? {};
  const title = apiError?.problem?.title ?? 'Something went wrong. Try again.';
  const detail = apiError?.problem?.detail;
  // A field message already says it beside the field; the form-level message is for everything else.
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, message: null };
  return { fieldErrors: {}, message: { tone: 'error', text: detail ? `${title} ${detail}` : title } };
}

function isProblem(error: unknown, type: string): boolean {
  return (error as Partial<ApiError> | undefined)?.problem?.type === type;
}

function retryAfterMs(error: unknown): number {
  return ((error as Partial<ApiError> | undefined)?.problem?.retryAfterSeconds ?? 900) * 1000;
}

function callbackFailureMessage(params: CallbackParams, provider: SocialProvider | null): string {
  const name = provider ? providerNames[provider] : 'The provider';
  if (params.error === 'access_denied') {
    return `Signing in with ${name} was cancelled. You can try again, or sign in with a code by e-mail.`;
  }
  if (params.error) {
    return `${name} could not sign you in${params.errorDescription ? `: ${params.errorDescription}` : '.'} Try again.`;
  }
  return 'No sign-in is in progress here. Start again from the sign-in page.';
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    requestEmailCode: requestEmailCodeActor,
    verifyEmailCode: verifyEmailCodeActor,
    requestPhoneCode: requestPhoneCodeActor,
    verifyPhoneCode: verifyPhoneCodeActor,
    completeSocialSignIn: completeSocialSignInActor,
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
    showFailure: assign(({ event }) => describeFailure((event as { error?: unknown }).error)),
    lock: assign({
      lockedUntil: ({ event }) => Date.now() + retryAfterMs((event as { error?: unknown }).error),
      fieldErrors: {},
      message: ({ event }) => ({
        tone: 'error' as const,
        text:
          (event as { error?: Partial<ApiError> }).error?.problem?.title ??
          'Too many wrong codes. Wait before trying again.',
      }),
    }),
    unlock: assign({ lockedUntil: null, message: null }),
    announceNewCode: assign({
      fieldErrors: {},
      message: ({ context }) => ({
        tone: 'info' as const,
        text: `We sent a new code to ${context.email?.challenge.destination ?? context.phone?.challenge.destination}.`,
      }),
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
  },
  guards: {
    hasPendingEmail: ({ context }) => context.email !== null,
    hasSession: ({ context }) => context.hasSession,
    hasPendingPhone: ({ context }) => context.phone !== null,
    /** The provider sent an error, or the address lacks the code and state a sign-in returns with. */
    isUnusableCallback: ({ event }) =>
      event.type === 'page.callback' &&
      (event.params.error !== undefined || !event.params.code || !event.params.state),
    isLocked: ({ event }) => isProblem((event as { error?: unknown }).error, problemTypes.addressLocked),
    needsPhone: ({ event }) => !(event as unknown as { output: AuthResult }).output.user.phoneVerified,
  },
  delays: {
    resendCooldown: ({ context }) => {
      const pending = context.email ?? context.phone;
      const at = pending ? Date.parse(pending.challenge.resendAvailableAt) : 0;
      return Math.max(0, at - Date.now());
    },
    lockDelay: ({ context }) => Math.max(0, (context.lockedUntil ?? 0) - Date.now()),
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
    lockedUntil: null,
    provider: null,
    hasSession: input.hasSession ?? false,
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
          on: {
            'form.submit': { target: 'sending', actions: ['clearFeedback', 'keepDraft'] },
            'social.start': { target: '#auth.redirecting', actions: 'chooseProvider' },
          },
        },
        sending: {
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
          on: {
            'form.submit': { target: 'sending', actions: ['clearFeedback', 'keepDraft'] },
            'social.start': { target: '#auth.redirecting', actions: 'chooseProvider' },
          },
        },
        sending: {
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
    emailCode: {
      initial: 'entering',
      states: {
        entering: {
          initial: 'cooldown',
          on: { 'code.submit': { target: 'verifying', actions: 'clearFeedback' } },
          states: {
            /** The resend button waits out the 60-second cooldown, shown as a countdown. */
            cooldown: { after: { resendCooldown: 'ready' } },
            ready: {
              on: { 'code.resend': { target: '#auth.emailCode.resending', actions: 'clearFeedback' } },
            },
          },
        },
        verifying: {
          invoke: {
            id: 'verifyEmailCode',
            src: 'verifyEmailCode',
            input: ({ context, event }) => {
              assertEvent(event, 'code.submit');
              return { challengeId: context.email!.challenge.challengeId, code: event.code };
            },
            onDone: [
              {
                guard: 'needsPhone',
                target: '#auth.phone',
                actions: [
                  'markSignedIn',
                  { type: 'storeSignIn', params: ({ event }) => ({ session: event.output }) },
                ],
              },
              {
                target: '#auth.signedIn',
                actions: [
                  'markSignedIn',
                  { type: 'storeSignIn', params: ({ event }) => ({ session: event.output }) },
                ],
              },
            ],
            onError: [
              { guard: 'isLocked', target: 'locked', actions: 'lock' },
              { target: 'entering', actions: 'showFailure' },
            ],
          },
        },
        resending: {
          invoke: {
            id: 'requestEmailCode',
            src: 'requestEmailCode',
            input: ({ context }) => ({
              purpose: context.email!.purpose,
              email: context.email!.address,
              name: context.email!.name,
            }),
            onDone: {
              target: 'entering',
              actions: [
                assign({ email: ({ context, event }) => ({ ...context.email!, challenge: event.output }) }),
                { type: 'rememberPendingEmail', params: ({ context }) => ({ pending: context.email! }) },
                'announceNewCode',
              ],
            },
            onError: [
              { guard: 'isLocked', target: 'locked', actions: 'lock' },
              { target: 'entering', actions: 'showFailure' },
            ],
          },
        },
        /** Too many wrong codes for the address: nothing can be tried until the lock ends. */
        locked: { after: { lockDelay: { target: 'entering', actions: 'unlock' } } },
      },
    },
    phone: {
      initial: 'numberEntry',
      states: {
        numberEntry: {
          initial: 'editing',
          states: {
            editing: {
              on: { 'phone.submit': { target: 'sending', actions: ['clearFeedback', 'keepPhoneDraft'] } },
            },
            sending: {
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
        codeEntry: {
          initial: 'entering',
          on: { 'phone.changeNumber': { target: 'numberEntry', actions: ['forgetPhone', 'clearFeedback'] } },
          states: {
            entering: {
              initial: 'cooldown',
              on: { 'code.submit': { target: 'verifying', actions: 'clearFeedback' } },
              states: {
                cooldown: { after: { resendCooldown: 'ready' } },
                ready: {
                  on: {
                    'code.resend': { target: '#auth.phone.codeEntry.resending', actions: 'clearFeedback' },
                  },
                },
              },
            },
            verifying: {
              invoke: {
                id: 'verifyPhoneCode',
                src: 'verifyPhoneCode',
                input: ({ context, event }) => {
                  assertEvent(event, 'code.submit');
                  return { challengeId: context.phone!.challenge.challengeId, code: event.code };
                },
                onDone: {
                  target: '#auth.signedIn',
                  actions: { type: 'storeSignIn', params: ({ event }) => ({ session: event.output }) },
                },
                onError: [
                  { guard: 'isLocked', target: 'locked', actions: 'lock' },
                  { target: 'entering', actions: 'showFailure' },
                ],
              },
            },
            resending: {
              invoke: {
                id: 'requestPhoneCode',
                src: 'requestPhoneCode',
                input: ({ context }) => ({
                  country: context.phone!.country,
                  phoneNumber: context.phone!.number,
                }),
                onDone: {
                  target: 'entering',
                  actions: [
                    assign({
                      phone: ({ context, event }) => ({ ...context.phone!, challenge: event.output }),
                    }),
                    { type: 'rememberPendingPhone', params: ({ context }) => ({ pending: context.phone! }) },
                    'announceNewCode',
                  ],
                },
                onError: [
                  { guard: 'isLocked', target: 'locked', actions: 'lock' },
                  { target: 'entering', actions: 'showFailure' },
                ],
              },
            },
            locked: { after: { lockDelay: { target: 'entering', actions: 'unlock' } } },
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
          invoke: {
            id: 'completeSocialSignIn',
            src: 'completeSocialSignIn',
            input: ({ event }) => {
              assertEvent(event, 'page.callback');
              return { code: event.params.code ?? '', state: event.params.state ?? '' };
            },
            onDone: [
              {
                guard: 'needsPhone',
                target: '#auth.phone',
                actions: [
                  'markSignedIn',
                  { type: 'storeSignIn', params: ({ event }) => ({ session: event.output }) },
                ],
              },
              {
                target: '#auth.signedIn',
                actions: [
                  'markSignedIn',
                  { type: 'storeSignIn', params: ({ event }) => ({ session: event.output }) },
                ],
              },
            ],
            onError: { target: 'failed', actions: 'showFailure' },
          },
        },
        failed: {},
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
  | '/auth/callback';

/** The /auth page that shows the machine's current state; null where no page change is due. */
export function authPage(snapshot: SnapshotFrom<typeof authMachine>): AuthPage | null {
  if (snapshot.matches('signIn')) return '/auth/login';
  if (snapshot.matches('signUp')) return '/auth/signup';
  if (snapshot.matches('emailCode') || snapshot.matches('noCodeExpected')) return '/auth/verify-otp';
  if (snapshot.matches('phone')) return '/auth/verify-phone';
  if (snapshot.matches('socialCallback')) return '/auth/callback';
  return null;
}
