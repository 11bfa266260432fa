// Two-factor sign-in in account settings, its authenticator app: setting one up (a new secret and its QR
// code, then a code from the app turns it on), the ten recovery codes shown once until the person says they
// saved them, and removing it with a code (two-factor sign-in is off unless a passkey remains). A refusal
// comes back beside the code field; nothing typed is lost. Passkeys have their own machine (passkey-add).
import { assign, fromPromise, setup } from 'xstate';
import type { TotpSetup, TwoFactorStatus } from '@/contract/two-factor';
import { t } from '@/i18n/state';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export interface TwoFactorSetupContext {
  status: TwoFactorStatus;
  /** The secret being set up (scanning). */
  setup: TotpSetup | null;
  /** Shown once, right after turning it on. */
  recoveryCodes: string[] | null;
  fieldErrors: Record<string, string>;
  /** Why the last step failed, when it is not about the code field. */
  message: string | null;
  /** What just succeeded, in words ("Two-factor sign-in is off."). */
  notice: string | null;
}

export type TwoFactorSetupEvent =
  | { type: 'setup.start' }
  | { type: 'setup.confirm'; code: string }
  | { type: 'setup.cancel' }
  | { type: 'codes.saved' }
  | { type: 'disable.submit'; code: string };

function explain(error: unknown, fallback: string): Pick<TwoFactorSetupContext, 'fieldErrors' | 'message'> {
  const apiError = error as Partial<ApiError> | undefined;
  const fieldErrors = apiError?.fieldErrors ?? {};
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, message: null };
  return { fieldErrors: {}, message: apiError?.problem?.detail ?? apiError?.problem?.title ?? fallback };
}

export const twoFactorSetupMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as TwoFactorSetupContext,
    events: {} as TwoFactorSetupEvent,
    input: {} as { status: TwoFactorStatus },
  },
  actors: {
    start: fromPromise<TotpSetup>(async () => {
      throw new Error('start must be provided');
    }),
    confirm: fromPromise<{ recoveryCodes: string[] }, { code: string }>(async () => {
      throw new Error('confirm must be provided');
    }),
    disable: fromPromise<TwoFactorStatus, { code: string }>(async () => {
      throw new Error('disable must be provided');
    }),
  },
  actions: {
    clearFeedback: assign({ fieldErrors: {}, message: null, notice: null }),
    takeSetup: assign({ setup: ({ event }) => (event as unknown as { output: TotpSetup }).output }),
    takeCodes: assign(({ context, event }) => ({
      recoveryCodes: (event as unknown as { output: { recoveryCodes: string[] } }).output.recoveryCodes,
      setup: null,
      status: {
        ...context.status,
        on: true,
        totpSince: new Date().toISOString(),
        recoveryCodesLeft: (event as unknown as { output: { recoveryCodes: string[] } }).output.recoveryCodes
          .length,
      },
      fieldErrors: {},
      message: context.message,
    })),
    forgetCodes: assign({ recoveryCodes: null }),
    forgetSetup: assign({ setup: null }),
    takeStatus: assign(({ event }) => {
      const status = (event as unknown as { output: TwoFactorStatus }).output;
      return {
        status,
        notice: status.on ? t('account.security.app.removed') : t('account.security.app.off'),
      };
    }),
    explainStart: assign(({ event }) =>
      explain((event as { error?: unknown }).error, t('account.security.app.setUpFailed')),
    ),
    explainCode: assign(({ event }) =>
      explain((event as { error?: unknown }).error, t('account.security.app.codeFailed')),
    ),
  },
  guards: {
    isOn: ({ context }) => context.status.totpSince !== null,
    isOff: ({ context }) => context.status.totpSince === null,
  },
}).createMachine({
  id: 'twoFactorSetup',
  context: ({ input }) => ({
    status: input.status,
    setup: null,
    recoveryCodes: null,
    fieldErrors: {},
    message: null,
    notice: null,
  }),
  initial: 'idle',
  states: {
    /** On or off, as status says: set it up when off, turn it off (with a code) when on. */
    idle: {
      on: {
        'setup.start': { guard: 'isOff', target: 'starting', actions: 'clearFeedback' },
        'disable.submit': { guard: 'isOn', target: 'disabling', actions: 'clearFeedback' },
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'start',
        src: 'start',
        onDone: { target: 'scanning', actions: 'takeSetup' },
        onError: { target: 'idle', actions: 'explainStart' },
      },
    },
    /** The QR code and the key on screen; a code from the app turns it on. */
    scanning: {
      tags: ['editing'],
      on: {
        'setup.confirm': { target: 'confirming', actions: 'clearFeedback' },
        'setup.cancel': { target: 'idle', actions: ['forgetSetup', 'clearFeedback'] },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ event }) => ({ code: (event as { code?: string }).code ?? '' }),
        onDone: { target: 'showingCodes', actions: 'takeCodes' },
        onError: { target: 'scanning', actions: 'explainCode' },
      },
    },
    /** On; the recovery codes on screen once. */
    showingCodes: {
      on: { 'codes.saved': { target: 'idle', actions: 'forgetCodes' } },
    },
    disabling: {
      tags: ['busy'],
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ event }) => ({ code: (event as { code?: string }).code ?? '' }),
        onDone: { target: 'idle', actions: 'takeStatus' },
        onError: { target: 'idle', actions: 'explainCode' },
      },
    },
  },
});
