// Making a private network: the person names it and gives its IPv4 block, checked on submit with the
// contract's own schema (inside RFC 1918, a /16 to a /28, no bits after the prefix) so nothing is sent
// while it would be refused; then the request goes. The server's refusals (a name taken, a block that
// overlaps another network of the team) come back beside their field, with everything typed kept.
import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type Network, type NetworkRequest, networkRequestSchema } from '@/contract/networks';
import { t } from '@/i18n/state';
import { ApiError } from '@/services/api-error';
import type { StateTag } from '../tags';

export type NetworkField = 'name' | 'ipv4Block';

export interface NetworkCreateContext {
  name: string;
  ipv4Block: string;
  errors: Partial<Record<NetworkField, string>>;
  /** A refusal that belongs to no field. */
  message: string | null;
  made: Network | null;
}

export type NetworkCreateEvent =
  | { type: 'field.changed'; field: NetworkField; value: string }
  | { type: 'submit' };

const FIELDS: readonly string[] = ['name', 'ipv4Block'];

/** The contract's verdict on what is typed, by field; {} when it may be sent. */
export function checkNetwork(values: { name: string; ipv4Block: string }): NetworkCreateContext['errors'] {
  const result = v.safeParse(networkRequestSchema, values);
  if (result.success) return {};
  const errors: NetworkCreateContext['errors'] = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue);
    if (field && FIELDS.includes(field)) errors[field as NetworkField] ??= issue.message;
  }
  return errors;
}

export const networkCreateMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as NetworkCreateContext,
    events: {} as NetworkCreateEvent,
    input: {} as { ipv4Block: string },
  },
  actors: {
    create: fromPromise<Network, NetworkRequest>(async () => {
      throw new Error('create must be provided');
    }),
  },
  actions: {
    /** Provided by the page: the new network's page. */
    finish: () => {},
    change: assign(({ context, event }) => {
      assertEvent(event, 'field.changed');
      return {
        [event.field]: event.value,
        errors: { ...context.errors, [event.field]: undefined },
        message: null,
      } as Partial<NetworkCreateContext>;
    }),
    showProblems: assign(({ context }) => ({ errors: checkNetwork(context), message: null })),
    showRefusal: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      if (!(error instanceof ApiError)) {
        return { errors: {}, message: t('networks.form.failed') };
      }
      const errors: NetworkCreateContext['errors'] = {};
      for (const { field, message } of error.problem.errors ?? []) {
        if (FIELDS.includes(field)) errors[field as NetworkField] ??= message;
      }
      return { errors, message: Object.keys(errors).length > 0 ? null : error.message };
    }),
    storeMade: assign(({ event }) => ({ made: (event as unknown as { output: Network }).output })),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(checkNetwork(context)).length > 0,
  },
}).createMachine({
  id: 'networkCreate',
  context: ({ input }) => ({ name: '', ipv4Block: input.ipv4Block, errors: {}, message: null, made: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'field.changed': { actions: 'change' },
        submit: [{ guard: 'hasProblems', actions: 'showProblems' }, { target: 'creating' }],
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'create',
        src: 'create',
        // What the contract made of the values: trimmed, as the server will read them.
        input: ({ context }) =>
          v.parse(networkRequestSchema, { name: context.name, ipv4Block: context.ipv4Block }),
        onDone: { target: 'done', actions: 'storeMade' },
        onError: { target: 'editing', actions: 'showRefusal' },
      },
    },
    done: { type: 'final', entry: 'finish' },
  },
});
