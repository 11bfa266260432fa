// A compute's backups as the Backups tab drives them: turning them on (after the price is shown and
// confirmed) or off, backing up now, and restoring a backup onto the compute or into a new compute (its
// hostname typed, kept when the server refuses it, the reason beside the field). Each request is one invoke;
// a refusal shows the server's reason and changes nothing. What happens next (a backup made, a restore done)
// arrives over the socket into the list the page shows, not through this machine.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { RestoreBackupRequest, RestoreBackupResponse } from '@/contract/backups';
import { t } from '@/i18n';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export interface RestoreChoice {
  backupId: string;
  target: 'this' | 'new';
}

export interface ComputeBackupsContext {
  /** The server's reason for the last refusal (not about the hostname). */
  message: string | null;
  restore: RestoreChoice | null;
  /** The new compute's hostname, as typed. */
  hostname: string;
  hostnameError: string | null;
  /** With `attempt`, one key per restore into a new compute: a retry of it never makes a second compute. */
  idempotencyKey: string;
  attempt: number;
  /** The answer to the last restore. */
  restored: RestoreBackupResponse | null;
}

export type ComputeBackupsEvent =
  | { type: 'backups.enable' }
  | { type: 'enable.confirm' }
  | { type: 'enable.cancel' }
  | { type: 'backups.disable' }
  | { type: 'backup.now' }
  | { type: 'restore.choose'; backupId: string; target: 'this' | 'new' }
  | { type: 'hostname.change'; hostname: string }
  | { type: 'restore.confirm' }
  | { type: 'restore.cancel' }
  | { type: 'restore.dismiss' };

export interface RestoreInput {
  backupId: string;
  body: RestoreBackupRequest;
  idempotencyKey: string;
}

function reasonOf(error: unknown): string {
  const problem = (error as Partial<ApiError> | undefined)?.problem;
  return problem?.detail ?? problem?.title ?? t('computes.requestFailedRetry');
}

export const computeBackupsMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as ComputeBackupsContext,
    events: {} as ComputeBackupsEvent,
    input: {} as { hostname: string; newKey: () => string },
  },
  actors: {
    setEnabled: fromPromise<unknown, boolean>(async () => {
      throw new Error('setEnabled must be provided');
    }),
    backUpNow: fromPromise<unknown>(async () => {
      throw new Error('backUpNow must be provided');
    }),
    restore: fromPromise<RestoreBackupResponse, RestoreInput>(async () => {
      throw new Error('restore must be provided');
    }),
  },
  actions: {
    clearMessage: assign({ message: null }),
    showRefusal: assign({ message: ({ event }) => reasonOf((event as { error?: unknown }).error) }),
    chooseRestore: assign(({ event }) => {
      assertEvent(event, 'restore.choose');
      return {
        restore: { backupId: event.backupId, target: event.target },
        message: null,
        hostnameError: null,
        restored: null,
      };
    }),
    typeHostname: assign(({ event }) => {
      assertEvent(event, 'hostname.change');
      return { hostname: event.hostname, hostnameError: null };
    }),
    /** The reason goes beside the hostname when it is about the hostname, above the form otherwise. */
    showRestoreRefusal: assign(({ event }) => {
      const error = (event as { error?: unknown }).error as Partial<ApiError> | undefined;
      const field = error?.problem?.errors?.find((entry) => entry.field === 'hostname');
      return field
        ? { hostnameError: field.message, message: null }
        : { hostnameError: null, message: reasonOf(error) };
    }),
    rememberRestore: assign({
      restored: ({ event }) => (event as unknown as { output: RestoreBackupResponse }).output,
      attempt: ({ context }) => context.attempt + 1,
    }),
    forgetRestore: assign({ restore: null, restored: null }),
  },
}).createMachine({
  id: 'computeBackups',
  context: ({ input }) => ({
    message: null,
    restore: null,
    hostname: `${input.hostname}-restored`.slice(0, 63),
    hostnameError: null,
    idempotencyKey: input.newKey(),
    attempt: 0,
    restored: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'backups.enable': { target: 'confirmingEnable', actions: 'clearMessage' },
        'backups.disable': { target: 'disabling', actions: 'clearMessage' },
        'backup.now': { target: 'backingUp', actions: 'clearMessage' },
        'restore.choose': { target: 'confirmingRestore', actions: 'chooseRestore' },
      },
    },
    /** The price is shown; nothing is sent until the person confirms. */
    confirmingEnable: {
      tags: ['confirming'],
      on: {
        'enable.confirm': 'enabling',
        'enable.cancel': 'idle',
      },
    },
    enabling: {
      tags: ['confirming', 'busy'],
      invoke: {
        src: 'setEnabled',
        input: true,
        onDone: 'idle',
        onError: { target: 'confirmingEnable', actions: 'showRefusal' },
      },
    },
    disabling: {
      tags: ['busy'],
      invoke: {
        src: 'setEnabled',
        input: false,
        onDone: 'idle',
        onError: { target: 'idle', actions: 'showRefusal' },
      },
    },
    backingUp: {
      tags: ['busy'],
      invoke: {
        src: 'backUpNow',
        onDone: 'idle',
        onError: { target: 'idle', actions: 'showRefusal' },
      },
    },
    /** Onto this compute (its disk replaced) or into a new one (its hostname typed here). */
    confirmingRestore: {
      tags: ['confirming', 'editing'],
      on: {
        'hostname.change': { actions: 'typeHostname' },
        'restore.confirm': { target: 'restoring', actions: 'clearMessage' },
        'restore.cancel': { target: 'idle', actions: 'forgetRestore' },
        'restore.choose': { actions: 'chooseRestore' },
      },
    },
    restoring: {
      tags: ['confirming', 'busy'],
      invoke: {
        src: 'restore',
        input: ({ context }) => ({
          backupId: context.restore!.backupId,
          body:
            context.restore!.target === 'new'
              ? { target: 'new' as const, hostname: context.hostname }
              : { target: 'this' as const },
          idempotencyKey: `${context.idempotencyKey}-${context.attempt}`,
        }),
        onDone: { target: 'restored', actions: 'rememberRestore' },
        onError: { target: 'confirmingRestore', actions: 'showRestoreRefusal' },
      },
    },
    /** Under way: onto this compute (followed in the list and history), or the new compute made. */
    restored: {
      on: {
        'restore.dismiss': { target: 'idle', actions: 'forgetRestore' },
        'restore.choose': { target: 'confirmingRestore', actions: 'chooseRestore' },
      },
    },
  },
});
