// Adding a passkey or security key in account settings: the name is checked, the server makes the options,
// the browser asks the person's authenticator (they touch the key or confirm on the device), and the
// server checks and keeps the new key. The first second factor also brings ten recovery codes, shown once
// until the person says they saved them. Any refusal — the server's beside the name field, the browser's
// (cancelled, timed out, already added) in words — leaves the name as typed.
import { assign, fromPromise, setup } from 'xstate';
import type { PasskeyAdded } from '@/contract/two-factor';
import { t } from '@/i18n/state';
import type { ApiError } from '@/services/http';
import { PasskeyCeremonyError } from '@/services/passkey-ceremony-error';
import type { StateTag } from '../tags';

export interface PasskeyAddContext {
  fieldErrors: Record<string, string>;
  /** Why the last step failed, when it is not about the name. */
  message: string | null;
  /** The passkey just added, in words. */
  notice: string | null;
  /** Shown once, when this passkey turned two-factor sign-in on. */
  recoveryCodes: string[] | null;
}

export type PasskeyAddEvent = { type: 'passkey.add'; name: string } | { type: 'codes.saved' };

function explain(error: unknown): Pick<PasskeyAddContext, 'fieldErrors' | 'message'> {
  if (error instanceof PasskeyCeremonyError) return { fieldErrors: {}, message: error.message };
  const apiError = error as Partial<ApiError> | undefined;
  const fieldErrors = apiError?.fieldErrors ?? {};
  if (Object.keys(fieldErrors).length > 0) return { fieldErrors, message: null };
  return {
    fieldErrors: {},
    message: apiError?.problem?.detail ?? apiError?.problem?.title ?? t('account.passkeys.addFailed'),
  };
}

export const passkeyAddMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as PasskeyAddContext,
    events: {} as PasskeyAddEvent,
  },
  actors: {
    /** The server's options for navigator.credentials.create(). */
    prepare: fromPromise<{ options: unknown }, { name: string }>(async () => {
      throw new Error('prepare must be provided');
    }),
    /** The browser and the authenticator make the passkey. */
    create: fromPromise<unknown, { options: unknown }>(async () => {
      throw new Error('create must be provided');
    }),
    /** The server checks and keeps it. */
    save: fromPromise<PasskeyAdded, { response: unknown }>(async () => {
      throw new Error('save must be provided');
    }),
  },
  actions: {
    clearFeedback: assign({ fieldErrors: {}, message: null, notice: null }),
    explainFailure: assign(({ event }) => explain((event as { error?: unknown }).error)),
    takeAdded: assign(({ event }) => {
      const added = (event as unknown as { output: PasskeyAdded }).output;
      const newest = added.status.passkeys.at(-1);
      return {
        recoveryCodes: added.recoveryCodes,
        notice: newest
          ? t('account.passkeys.addedNamed', { name: newest.name })
          : t('account.passkeys.addedDone'),
      };
    }),
    forgetCodes: assign({ recoveryCodes: null }),
  },
  guards: {
    broughtCodes: ({ event }) => (event as unknown as { output: PasskeyAdded }).output.recoveryCodes !== null,
  },
}).createMachine({
  id: 'passkeyAdd',
  context: { fieldErrors: {}, message: null, notice: null, recoveryCodes: null },
  initial: 'idle',
  states: {
    idle: {
      tags: ['editing'],
      on: { 'passkey.add': { target: 'preparing', actions: 'clearFeedback' } },
    },
    preparing: {
      tags: ['busy'],
      invoke: {
        id: 'prepare',
        src: 'prepare',
        input: ({ event }) => ({ name: (event as { name?: string }).name ?? '' }),
        onDone: { target: 'waitingForKey' },
        onError: { target: 'idle', actions: 'explainFailure' },
      },
    },
    /** The browser's own dialog is open: the person touches their key or confirms on the device. */
    waitingForKey: {
      tags: ['busy'],
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ event }) => ({
          options: (event as unknown as { output: { options: unknown } }).output.options,
        }),
        onDone: { target: 'saving' },
        onError: { target: 'idle', actions: 'explainFailure' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ event }) => ({ response: (event as unknown as { output: unknown }).output }),
        onDone: [
          { guard: 'broughtCodes', target: 'showingCodes', actions: 'takeAdded' },
          { target: 'idle', actions: 'takeAdded' },
        ],
        onError: { target: 'idle', actions: 'explainFailure' },
      },
    },
    /** Two-factor sign-in just turned on: the recovery codes on screen once. */
    showingCodes: {
      on: { 'codes.saved': { target: 'idle', actions: 'forgetCodes' } },
    },
  },
});
