// The firewall form (a new firewall, or the Edit of a firewall's page): its name, the inbound rules (added,
// changed, removed: protocol, ports, sources) and what it applies to (computes by id, tags), checked on
// submit with the contract's own schema, then saved. Every refusal — ours or the server's — keeps what was
// typed and puts the message beside its field ("rules.0.sources": the sources of the first rule).
import * as v from 'valibot';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  type FIREWALL_PROTOCOLS,
  type Firewall,
  type FirewallRequest,
  firewallRequestSchema,
} from '@/contract/firewalls';
import { t } from '@/i18n/state';
import { ApiError } from '@/services/api-error';
import type { StateTag } from '../tags';

export type FirewallProtocol = (typeof FIREWALL_PROTOCOLS)[number];

/** One rule as typed: the sources as one text (commas or spaces between them). */
export interface RuleValues {
  /** Stable across removals, for the page's list keys. */
  key: number;
  protocol: FirewallProtocol;
  ports: string;
  sources: string;
}

export interface FirewallFormValues {
  name: string;
  rules: RuleValues[];
  computeIds: string[];
  tags: string[];
}

/** Messages by field: name, computeIds, tags, rules, rules.<i>.protocol|ports|sources. */
export type FirewallFormErrors = Record<string, string>;

export interface FirewallFormContext {
  values: FirewallFormValues;
  errors: FirewallFormErrors;
  /** A refusal that belongs to no single field. */
  message: string | null;
  /** The firewall being changed; null when making a new one. */
  firewallId: string | null;
  nextKey: number;
  saved: Firewall | null;
}

export interface FirewallFormInput {
  firewall?: Firewall;
}

export type RuleField = 'protocol' | 'ports' | 'sources';

export type FirewallFormEvent =
  | { type: 'name.changed'; value: string }
  | { type: 'rule.added' }
  | { type: 'rule.removed'; index: number }
  | { type: 'rule.changed'; index: number; field: RuleField; value: string }
  | { type: 'compute.toggled'; computeId: string }
  | { type: 'tags.changed'; tags: string[] }
  | { type: 'submit' };

const NEW_RULE = { protocol: 'tcp', ports: '', sources: '0.0.0.0/0, ::/0' } as const;

export function valuesOf(firewall: Firewall | undefined): FirewallFormValues {
  if (!firewall) return { name: '', rules: [{ key: 0, ...NEW_RULE }], computeIds: [], tags: [] };
  return {
    name: firewall.name,
    rules: firewall.rules.map((rule, key) => ({
      key,
      protocol: rule.protocol,
      ports: rule.ports ?? '',
      sources: rule.sources.join(', '),
    })),
    computeIds: [...firewall.computeIds],
    tags: [...firewall.tags],
  };
}

/** The request the values make: blank ports are none, sources split at commas and spaces. */
export function requestOf(values: FirewallFormValues): FirewallRequest {
  return {
    name: values.name,
    rules: values.rules.map((rule) => ({
      protocol: rule.protocol,
      ports: rule.protocol === 'icmp' || rule.ports.trim() === '' ? null : rule.ports.trim(),
      sources: rule.sources.split(/[\s,]+/).filter(Boolean),
    })),
    computeIds: values.computeIds,
    tags: values.tags,
  };
}

/** A field path as the server names it ("rules.0.sources.1") to the form field it belongs to. */
export function fieldOf(path: string): string {
  const rule = /^rules\.(\d+)\.(protocol|ports|sources)/.exec(path);
  if (rule) return `rules.${rule[1]}.${rule[2]}`;
  return path.split('.')[0] || 'form';
}

/** The contract's verdict on the values, by form field; {} when they may be sent. */
export function checkValues(values: FirewallFormValues): FirewallFormErrors {
  const result = v.safeParse(firewallRequestSchema, requestOf(values));
  if (result.success) return {};
  const errors: FirewallFormErrors = {};
  for (const issue of result.issues) {
    const field = fieldOf(v.getDotPath(issue) ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** After a rule is removed, the messages of the rules below it move up with them. */
function withoutRule(errors: FirewallFormErrors, removed: number): FirewallFormErrors {
  const next: FirewallFormErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    const rule = /^rules\.(\d+)\.(.+)$/.exec(field);
    if (!rule) {
      if (field !== 'rules') next[field] = message;
      continue;
    }
    const index = Number(rule[1]);
    if (index < removed) next[field] = message;
    else if (index > removed) next[`rules.${index - 1}.${rule[2]}`] = message;
  }
  return next;
}

function without(errors: FirewallFormErrors, field: string): FirewallFormErrors {
  const { [field]: _gone, ...rest } = errors;
  return rest;
}

export const firewallFormMachine = setup({
  types: {
    tags: {} as StateTag,
    context: {} as FirewallFormContext,
    events: {} as FirewallFormEvent,
    input: {} as FirewallFormInput,
  },
  actors: {
    save: fromPromise<Firewall, { request: FirewallRequest; firewallId: string | null }>(async () => {
      throw new Error('save must be provided');
    }),
  },
  actions: {
    /** Provided by the page: a notice, the firewall's page, closing the editor. */
    notifySaved: () => {},
    changeName: assign(({ context, event }) => {
      assertEvent(event, 'name.changed');
      return {
        values: { ...context.values, name: event.value },
        errors: without(context.errors, 'name'),
        message: null,
      };
    }),
    addRule: assign(({ context }) => ({
      values: { ...context.values, rules: [...context.values.rules, { key: context.nextKey, ...NEW_RULE }] },
      nextKey: context.nextKey + 1,
      errors: without(context.errors, 'rules'),
    })),
    removeRule: assign(({ context, event }) => {
      assertEvent(event, 'rule.removed');
      return {
        values: { ...context.values, rules: context.values.rules.filter((_, i) => i !== event.index) },
        errors: withoutRule(context.errors, event.index),
      };
    }),
    changeRule: assign(({ context, event }) => {
      assertEvent(event, 'rule.changed');
      const rules = context.values.rules.map((rule, i) =>
        i === event.index ? { ...rule, [event.field]: event.value } : rule,
      );
      // Choosing a protocol settles whether ports are needed: the ports' message goes with it.
      let errors = without(context.errors, `rules.${event.index}.${event.field}`);
      if (event.field === 'protocol') errors = without(errors, `rules.${event.index}.ports`);
      return { values: { ...context.values, rules }, errors, message: null };
    }),
    toggleCompute: assign(({ context, event }) => {
      assertEvent(event, 'compute.toggled');
      const ids = context.values.computeIds;
      const computeIds = ids.includes(event.computeId)
        ? ids.filter((id) => id !== event.computeId)
        : [...ids, event.computeId];
      return { values: { ...context.values, computeIds }, errors: without(context.errors, 'computeIds') };
    }),
    changeTags: assign(({ context, event }) => {
      assertEvent(event, 'tags.changed');
      return { values: { ...context.values, tags: event.tags }, errors: without(context.errors, 'tags') };
    }),
    showProblems: assign(({ context }) => ({ errors: checkValues(context.values), message: null })),
    showRefusal: assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      if (!(error instanceof ApiError)) {
        return { errors: {}, message: t('firewalls.form.failed') };
      }
      const errors: FirewallFormErrors = {};
      for (const { field, message } of error.problem.errors ?? []) errors[fieldOf(field)] ??= message;
      return { errors, message: Object.keys(errors).length > 0 ? null : error.message };
    }),
    storeSaved: assign(({ event }) => ({ saved: (event as unknown as { output: Firewall }).output })),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(checkValues(context.values)).length > 0,
  },
}).createMachine({
  id: 'firewallForm',
  context: ({ input }) => ({
    values: valuesOf(input.firewall),
    errors: {},
    message: null,
    firewallId: input.firewall?.id ?? null,
    nextKey: input.firewall?.rules.length ?? 1,
    saved: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: {
        'name.changed': { actions: 'changeName' },
        'rule.added': { actions: 'addRule' },
        'rule.removed': { actions: 'removeRule' },
        'rule.changed': { actions: 'changeRule' },
        'compute.toggled': { actions: 'toggleCompute' },
        'tags.changed': { actions: 'changeTags' },
        submit: [{ guard: 'hasProblems', actions: 'showProblems' }, { target: 'saving' }],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ request: requestOf(context.values), firewallId: context.firewallId }),
        onDone: { target: 'saved', actions: 'storeSaved' },
        onError: { target: 'editing', actions: 'showRefusal' },
      },
    },
    saved: { type: 'final', entry: 'notifySaved' },
  },
});
