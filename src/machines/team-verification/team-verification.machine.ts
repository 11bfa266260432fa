// Team verification as the console shows it (SPEC §4): one state per status — UNVERIFIED (limits apply,
// a prompt to verify), PENDING (submitted, 2–3 business days), REJECTED (check your e-mail, submit again),
// ADDITIONAL_INFO_REQUESTED (reply to the e-mail, "Didn't receive email?"), VERIFIED — plus the request
// form and its upload, with progress, which sends a team back to PENDING.
import { assertEvent, assign, fromCallback, setup } from 'xstate';
import type { TeamVerification, VerificationStatus } from '@/contract/teams';
import { t } from '@/i18n';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface TeamVerificationContext {
  status: VerificationStatus | null;
  fieldErrors: Record<string, string>;
  message: string | null;
  progress: UploadProgress | null;
}

/** What the upload actor reports back while it sends the request. */
export type UploadEvent =
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; verification: TeamVerification }
  | { type: 'upload.failed'; error: unknown };

export type TeamVerificationEvent =
  | { type: 'status.changed'; status: VerificationStatus }
  | { type: 'request.open' }
  | { type: 'request.cancel' }
  | { type: 'request.submit'; form: FormData }
  | UploadEvent;

export const teamVerificationMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as TeamVerificationContext,
    events: {} as TeamVerificationEvent,
  },
  actors: {
    // Provided by the page: sends the request (multipart) and reports progress, then done or failed.
    upload: fromCallback<TeamVerificationEvent, { form: FormData }>(({ sendBack }) => {
      sendBack({ type: 'upload.failed', error: new Error('The upload is not connected') });
    }),
  },
  actions: {
    submitted: (_, _params: { verification: TeamVerification }) => {},
    rememberStatus: assign({
      status: ({ event }) => {
        assertEvent(event, 'status.changed');
        return event.status;
      },
    }),
    clearFeedback: assign({ fieldErrors: {}, message: null, progress: null }),
    trackProgress: assign({
      progress: ({ event }) => {
        assertEvent(event, 'upload.progress');
        return { loaded: event.loaded, total: event.total };
      },
    }),
    markPending: assign({ status: 'PENDING' as const, progress: null }),
    showFailure: assign(({ event }) => {
      assertEvent(event, 'upload.failed');
      const error = event.error as Partial<ApiError>;
      const fieldErrors = error.fieldErrors ?? {};
      return {
        progress: null,
        fieldErrors,
        message:
          Object.keys(fieldErrors).length > 0
            ? t('verification.failure.fields')
            : (error.problem?.title ?? t('verification.failure.unsent')),
      };
    }),
  },
  guards: {
    isUnverified: ({ event }) => event.type === 'status.changed' && event.status === 'UNVERIFIED',
    isPending: ({ event }) => event.type === 'status.changed' && event.status === 'PENDING',
    isRejected: ({ event }) => event.type === 'status.changed' && event.status === 'REJECTED',
    isInfoRequested: ({ event }) =>
      event.type === 'status.changed' && event.status === 'ADDITIONAL_INFO_REQUESTED',
    wasRejected: ({ context }) => context.status === 'REJECTED',
    wasInfoRequested: ({ context }) => context.status === 'ADDITIONAL_INFO_REQUESTED',
  },
}).createMachine({
  id: 'teamVerification',
  context: { status: null, fieldErrors: {}, message: null, progress: null },
  initial: 'loading',
  on: {
    // The server's word wins whenever it arrives (first load, a refetch, an operator's decision).
    'status.changed': [
      { guard: 'isUnverified', target: '.unverified', actions: 'rememberStatus' },
      { guard: 'isPending', target: '.pending', actions: 'rememberStatus' },
      { guard: 'isRejected', target: '.rejected', actions: 'rememberStatus' },
      { guard: 'isInfoRequested', target: '.additionalInfoRequested', actions: 'rememberStatus' },
      { target: '.verified', actions: 'rememberStatus' },
    ],
  },
  states: {
    loading: {},
    unverified: { on: { 'request.open': { target: 'request', actions: 'clearFeedback' } } },
    pending: {},
    rejected: { on: { 'request.open': { target: 'request', actions: 'clearFeedback' } } },
    additionalInfoRequested: { on: { 'request.open': { target: 'request', actions: 'clearFeedback' } } },
    verified: {},
    request: {
      initial: 'editing',
      states: {
        editing: {
          tags: ['editing'],
          on: {
            'request.submit': { target: 'uploading', actions: 'clearFeedback' },
            'request.cancel': [
              { guard: 'wasRejected', target: '#teamVerification.rejected' },
              { guard: 'wasInfoRequested', target: '#teamVerification.additionalInfoRequested' },
              { target: '#teamVerification.unverified' },
            ],
          },
        },
        uploading: {
          tags: ['busy'],
          invoke: {
            src: 'upload',
            input: ({ event }) => {
              assertEvent(event, 'request.submit');
              return { form: event.form };
            },
          },
          on: {
            'upload.progress': { actions: 'trackProgress' },
            'upload.done': {
              target: '#teamVerification.pending',
              actions: [
                'markPending',
                { type: 'submitted', params: ({ event }) => ({ verification: event.verification }) },
              ],
            },
            'upload.failed': { target: 'editing', actions: 'showFailure' },
          },
        },
      },
    },
  },
});
