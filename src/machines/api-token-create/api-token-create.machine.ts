// Making an API token (account settings → API tokens): the form is checked with the shared contract before
// anything is sent; a refusal comes back beside its field with everything typed kept; once made, the secret
// is shown once, until the person says they have copied it — then the form starts afresh.
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import {
  type CreateApiTokenRequest,
  type CreatedApiToken,
  createApiTokenRequestSchema,
  type TOKEN_EXPIRY_DAYS,
  type TokenScopes,
} from '@/contract/api-tokens';
import { t } from '@/i18n/state';
import type { ApiError } from '@/services/http';
import type { StateTag } from '../tags';

/** 30, 90 or 365 days from today, or a date of one's own. */
export type ExpiryChoice = `${(typeof TOKEN_EXPIRY_DAYS)[number]}` | 'date';

export interface ApiTokenDraft {
  name: string;
  teamIds: string[];
  scopes: TokenScopes;
  expiry: ExpiryChoice;
  /** YYYY-MM-DD, when expiry is 'date'. */
  expiresOn: string;
}

export interface ApiTokenCreateContext {
  draft: ApiTokenDraft;
  /** Messages beside the fields: name, teamIds, scopes, expiresOn. */
  errors: Partial<Record<string, string>>;
  /** Why the last try failed when it is not about one field. */
  message: string | null;
  /** The token just made, with its secret: shown once. */
  created: CreatedApiToken | null;
}

export type ApiTokenCreateEvent =
  | { type: 'edit'; patch: Partial<ApiTokenDraft> }
  | { type: 'submit' }
  | { type: 'dismiss' };

export const EMPTY_DRAFT: ApiTokenDraft = {
  name: '',
  teamIds: [],
  scopes: { computes: 'none', domains: 'none', billing: 'none', team: 'none' },
  expiry: '90',
  expiresOn: '',
};

/** The request the draft makes on `today`: a preset expiry becomes its date (UTC). */
export function requestOf(draft: ApiTokenDraft, today: Date): unknown {
  const expiresOn =
    draft.expiry === 'date'
      ? draft.expiresOn
      : new Date(today.getTime() + Number(draft.expiry) * 86_400_000).toISOString().slice(0, 10);
  return { name: draft.name, teamIds: draft.teamIds, scopes: draft.scopes, expiresOn };
}

/** The contract's messages per field; empty when the draft can be sent. */
export function draftErrors(draft: ApiTokenDraft, today: Date): Partial<Record<string, string>> {
  const checked = v.safeParse(createApiTokenRequestSchema, requestOf(draft, today));
  const errors: Partial<Record<string, string>> = {};
  if (!checked.success) {
    for (const issue of checked.issues) {
      const field = String(issue.path?.[0]?.key ?? 'form');
      errors[field] ??= issue.message;
    }
  }
  if (draft.expiry === 'date' && draft.expiresOn === '')
    errors.expiresOn = t('account.tokens.expiryDayRequired');
  if (Object.values(draft.scopes).every((access) => access === 'none')) {
    errors.scopes = t('account.tokens.scopesRequired');
  }
  return errors;
}

export const apiTokenCreateMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as ApiTokenCreateContext,
    events: {} as ApiTokenCreateEvent,
  },
  actors: {
    create: fromPromise<CreatedApiToken, CreateApiTokenRequest>(async () => {
      throw new Error('create must be provided');
    }),
  },
  actions: {
    edit: assign({
      draft: ({ context, event }) => ({
        ...context.draft,
        ...(event as { patch: Partial<ApiTokenDraft> }).patch,
      }),
      // A field's message goes once it is edited.
      errors: ({ context, event }) => {
        const errors = { ...context.errors };
        for (const key of Object.keys((event as { patch: object }).patch))
          delete errors[key === 'expiry' ? 'expiresOn' : key];
        return errors;
      },
    }),
    explainDraft: assign({
      errors: ({ context }) => draftErrors(context.draft, new Date()),
      message: null,
    }),
    takeCreated: assign({
      created: ({ event }) => (event as unknown as { output: CreatedApiToken }).output,
      errors: {},
      message: null,
    }),
    explainRefusal: assign(({ event }) => {
      const problem = ((event as { error?: unknown }).error as Partial<ApiError> | undefined)?.problem;
      const errors: Partial<Record<string, string>> = {};
      for (const item of problem?.errors ?? []) errors[item.field.split('.')[0]!] ??= item.message;
      return {
        errors,
        message:
          Object.keys(errors).length > 0
            ? null
            : (problem?.detail ?? problem?.title ?? t('account.tokens.failed')),
      };
    }),
    startAfresh: assign({ draft: EMPTY_DRAFT, created: null, errors: {}, message: null }),
  },
  guards: {
    isComplete: ({ context }) => Object.keys(draftErrors(context.draft, new Date())).length === 0,
  },
}).createMachine({
  id: 'apiTokenCreate',
  context: { draft: EMPTY_DRAFT, errors: {}, message: null, created: null },
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        edit: { actions: 'edit' },
        submit: [{ guard: 'isComplete', target: 'creating' }, { actions: 'explainDraft' }],
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => requestOf(context.draft, new Date()) as CreateApiTokenRequest,
        onDone: { target: 'showingSecret', actions: 'takeCreated' },
        onError: { target: 'editing', actions: 'explainRefusal' },
      },
    },
    /** The secret on screen, once: it is not kept anywhere after this. */
    showingSecret: {
      on: { dismiss: { target: 'editing', actions: 'startAfresh' } },
    },
  },
});
