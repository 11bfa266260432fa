import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { DnsRecord } from '@/contract/domains';
import {
  type DnsRecordFormEvent,
  dnsRecordFormMachine,
  type RecordFormValues,
  valuesOf,
} from '@/machines/dns-record-form';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const record: DnsRecord = {
  id: '7d4c7a3e-4c1b-4c55-9b8e-2f0f3f5b6a10',
  domainId: '0b6a9a43-8f0e-4f7e-8d62-54a0f1b7c001',
  type: 'A',
  name: 'www',
  value: '192.0.2.10',
  ttl: 3600,
  priority: null,
  weight: null,
  port: null,
  managed: false,
  version: 3,
  updatedAt: '2026-11-22T08:00:00.000Z',
};
const theirs: DnsRecord = { ...record, value: '192.0.2.99', version: 4 };
const blank: RecordFormValues = { name: '', value: '', ttl: '', priority: '', weight: '', port: '' };

/** Stands in for the shared rules: an A record's value must look like an IPv4 address. */
const check = (values: RecordFormValues) =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(values.value.trim())
    ? {}
    : { value: 'Enter an IPv4 address like 192.0.2.10.' };

const stale = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'Someone changed this record since you opened it.',
  current: theirs,
});
const refused = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Check the highlighted fields.',
  errors: [
    { field: 'name', message: 'A CNAME already uses www: a name with a CNAME can have no other record.' },
  ],
});

const model = new MachineModel(dnsRecordFormMachine, {
  input: { record, blank, check },
  // What decides the next transitions: whether the typed values pass the rules, and a pending conflict.
  abstractContext: (context) => ({ valid: Object.keys(check(context.values)).length === 0 }),
  events: {
    'field.changed': [
      { type: 'field.changed', field: 'value', value: 'not-an-address' },
      { type: 'field.changed', field: 'value', value: '198.51.100.7' },
    ],
    'xstate.done.actor.validate': [
      { type: 'xstate.done.actor.validate', output: {} },
      { type: 'xstate.done.actor.validate', output: { value: 'Enter an IPv4 address like 192.0.2.10.' } },
    ],
    'xstate.error.actor.validate': [
      { type: 'xstate.error.actor.validate', error: new Error('rules failed') },
    ],
    'xstate.done.actor.save': [
      { type: 'xstate.done.actor.save', output: { ...record, value: '198.51.100.7', version: 4 } },
    ],
    'xstate.error.actor.save': [
      { type: 'xstate.error.actor.save', error: stale },
      { type: 'xstate.error.actor.save', error: refused },
    ],
  },
  strategy: 'every-transition',
});

let actor: Actor<typeof dnsRecordFormMachine>;
let calls: ReturnType<typeof deferredActors>;
let savedCount: number;

beforeEach(() => {
  calls = deferredActors();
  savedCount = 0;
  actor = createActor(
    dnsRecordFormMachine.provide({
      actors: { save: calls.actor('save'), validate: calls.actor('validate') },
      actions: {
        notifySaved: () => {
          savedCount += 1;
        },
      },
    }),
    { input: { record, blank, check } },
  ).start();
});
afterEach(() => actor.stop());

async function settle(event: { output?: unknown; error?: unknown }, name = 'save') {
  await flushMicrotasks();
  if (event.error !== undefined) calls.reject(name, event.error);
  else calls.resolve(name, event.output);
  await flushMicrotasks();
}

/** Submits and lets the real rules answer, as the page does. */
async function submit() {
  actor.send({ type: 'submit' });
  await settle({ output: check(context().values) }, 'validate');
}

const context = () => actor.getSnapshot().context;

describe('dns-record-form machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: { editing: ['editing'], validating: ['busy'], saving: ['busy'], conflict: [], saved: [] },
        },
        events: {
          'field.changed': ({ event }: { event: DnsRecordFormEvent }) => actor.send(event),
          submit: () => actor.send({ type: 'submit' }),
          'conflict.useTheirs': () => actor.send({ type: 'conflict.useTheirs' }),
          'conflict.keepMine': () => actor.send({ type: 'conflict.keepMine' }),
          'form.reset': () => actor.send({ type: 'form.reset' }),
          'xstate.done.actor.validate': ({ event }: { event: { output: unknown } }) =>
            settle(event, 'validate'),
          'xstate.error.actor.validate': ({ event }: { event: { error: unknown } }) =>
            settle(event, 'validate'),
          'xstate.done.actor.save': ({ event }: { event: { output: unknown } }) => settle(event),
          'xstate.error.actor.save': ({ event }: { event: { error: unknown } }) => settle(event),
        } as never,
        states: {
          editing: () => {
            // Whatever happened, what was typed is still there unless the user chose the other version.
            expect(context().values.value).toMatch(/^(192\.0\.2\.(10|99)|198\.51\.100\.7|not-an-address)$/);
          },
          validating: () => expect(calls.inputOf('validate')).toMatchObject({ values: context().values }),
          saving: () => {
            const input = calls.inputOf('save') as { values: RecordFormValues; record: DnsRecord };
            expect(input.values).toEqual(context().values);
            expect(input.record.version).toBeGreaterThanOrEqual(3);
          },
          conflict: () => expect(context().current).toEqual(theirs),
          saved: () => expect(savedCount).toBeGreaterThan(0),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('does not send a value the rules refuse, and shows why beside the field', async () => {
    actor.send({ type: 'field.changed', field: 'value', value: '300.1' });
    await submit();
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().errors.value).toMatch(/IPv4/);
    expect(context().values.value).toBe('300.1');
    expect(calls.calls.filter((call) => call.name === 'save')).toHaveLength(0);
    // The message goes away once the field is right.
    actor.send({ type: 'field.changed', field: 'value', value: '192.0.2.1' });
    expect(context().errors.value).toBeUndefined();
  });

  it('puts the server’s field message beside the field and keeps the input', async () => {
    actor.send({ type: 'field.changed', field: 'name', value: 'www' });
    await submit();
    await settle({ error: refused });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().errors.name).toMatch(/CNAME already uses www/);
    expect(context().values).toEqual(valuesOf(record));
  });

  it('on a conflict, keeping mine saves over the newer version', async () => {
    actor.send({ type: 'field.changed', field: 'value', value: '198.51.100.7' });
    await submit();
    await settle({ error: stale });
    actor.send({ type: 'conflict.keepMine' });
    await flushMicrotasks();
    const input = calls.inputOf('save') as { values: RecordFormValues; record: DnsRecord };
    expect(input.record.version).toBe(4);
    expect(input.values.value).toBe('198.51.100.7');
  });

  it('on a conflict, taking theirs shows their values to edit', async () => {
    await submit();
    await settle({ error: stale });
    actor.send({ type: 'conflict.useTheirs' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().values.value).toBe('192.0.2.99');
    expect(context().record?.version).toBe(4);
  });
});
