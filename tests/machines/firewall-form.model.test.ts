import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Firewall, FirewallRequest } from '@/contract/firewalls';
import {
  checkValues,
  type FirewallFormEvent,
  firewallFormMachine,
  requestOf,
} from '@/machines/firewall-form';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const web = '0b6a9a43-8f0e-4f7e-8d62-54a0f1b7c001';
const saved: Firewall = {
  id: '7d4c7a3e-4c1b-4c55-9b8e-2f0f3f5b6a10',
  teamId: '1d4c7a3e-4c1b-4c55-9b8e-2f0f3f5b6a10',
  name: 'web',
  rules: [{ protocol: 'tcp', ports: '22', sources: ['0.0.0.0/0', '::/0'] }],
  computeIds: [web],
  tags: ['web'],
  computes: [{ id: web, hostname: 'web-1' }],
  enforcement: 'simulated',
  createdAt: '2026-11-22T08:00:00.000Z',
  updatedAt: '2026-11-22T08:00:00.000Z',
};
const nameTaken = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'Conflict',
  errors: [{ field: 'name', message: 'This team already has a firewall named web.' }],
});
const hostBits = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Some fields need attention.',
  errors: [{ field: 'rules.0.sources.1', message: '10.1.2.3/8 has bits set after its prefix.' }],
});

const model = new MachineModel(firewallFormMachine, {
  input: {},
  // What decides the next transitions: which kinds of field the contract refuses (none: it may be sent),
  // and whether any rule is left (added rules beyond the first are all alike).
  abstractContext: (context) => [
    context.values.rules.length > 0,
    ...new Set(Object.keys(checkValues(context.values)).map((field) => field.replace(/\.\d+\./, '.*.'))),
  ],
  events: {
    'name.changed': [
      { type: 'name.changed', value: 'web' },
      { type: 'name.changed', value: '' },
    ],
    'rule.changed': [
      { type: 'rule.changed', index: 0, field: 'ports', value: '22' },
      { type: 'rule.changed', index: 0, field: 'sources', value: '10.1.2.3/8' },
    ],
    'rule.removed': [{ type: 'rule.removed', index: 0 }],
    'compute.toggled': [{ type: 'compute.toggled', computeId: web }],
    'tags.changed': [{ type: 'tags.changed', tags: ['web'] }],
    'xstate.done.actor.save': [{ type: 'xstate.done.actor.save', output: saved }],
    'xstate.error.actor.save': [
      { type: 'xstate.error.actor.save', error: nameTaken },
      { type: 'xstate.error.actor.save', error: new Error('offline') },
    ],
  },
  strategy: 'every-transition',
});

let actor: Actor<typeof firewallFormMachine>;
let calls: ReturnType<typeof deferredActors>;
let savedCount: number;

function start(firewall?: Firewall) {
  calls = deferredActors();
  savedCount = 0;
  actor = createActor(
    firewallFormMachine.provide({
      actors: { save: calls.actor('save') },
      actions: {
        notifySaved: () => {
          savedCount += 1;
        },
      },
    }),
    { input: firewall ? { firewall } : {} },
  ).start();
}
beforeEach(() => start());
afterEach(() => actor.stop());

async function settle(event: { output?: unknown; error?: unknown }) {
  await flushMicrotasks();
  if (event.error !== undefined) calls.reject('save', event.error);
  else calls.resolve('save', event.output);
  await flushMicrotasks();
}

const context = () => actor.getSnapshot().context;
const send = (event: FirewallFormEvent) => actor.send(event);

describe('firewall-form machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: { editing: ['editing'], saving: ['busy'], saved: [] },
        },
        events: {
          'name.changed': ({ event }: { event: FirewallFormEvent }) => send(event),
          'rule.added': () => send({ type: 'rule.added' }),
          'rule.removed': ({ event }: { event: FirewallFormEvent }) => send(event),
          'rule.changed': ({ event }: { event: FirewallFormEvent }) => send(event),
          'compute.toggled': ({ event }: { event: FirewallFormEvent }) => send(event),
          'tags.changed': ({ event }: { event: FirewallFormEvent }) => send(event),
          submit: () => send({ type: 'submit' }),
          'xstate.done.actor.save': ({ event }: { event: { output: unknown } }) => settle(event),
          'xstate.error.actor.save': ({ event }: { event: { error: unknown } }) => settle(event),
        } as never,
        states: {
          editing: () => {
            // Nothing sent while the contract refuses what is typed; each refusal says why, by field.
            const problems = checkValues(context().values);
            for (const field of Object.keys(context().errors)) {
              expect(context().errors[field]).toBeTruthy();
            }
            if (Object.keys(problems).length > 0) expect(calls.isWaiting('save')).toBe(false);
          },
          saving: () => {
            const input = calls.inputOf('save') as { request: FirewallRequest; firewallId: string | null };
            expect(input.request).toEqual(requestOf(context().values));
            expect(input.firewallId).toBeNull();
          },
          saved: () => {
            expect(savedCount).toBe(1);
            expect(context().saved).toEqual(saved);
          },
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('refuses a prefix with host bits and a TCP rule without ports beside their fields, sending nothing', () => {
    send({ type: 'name.changed', value: 'web' });
    send({ type: 'rule.changed', index: 0, field: 'sources', value: '10.1.2.3/8, 192.0.2.0/24' });
    send({ type: 'submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(context().errors).toEqual({
      'rules.0.ports': 'TCP and UDP rules need a port or range; ICMP rules have none.',
      'rules.0.sources': '10.1.2.3/8 has bits set after its prefix: write 10.0.0.0/8.',
    });
    expect(context().values.rules[0]?.sources).toBe('10.1.2.3/8, 192.0.2.0/24');
    expect(calls.calls).toHaveLength(0);
    // Choosing ICMP settles the ports; fixing the sources clears theirs.
    send({ type: 'rule.changed', index: 0, field: 'protocol', value: 'icmp' });
    expect(context().errors['rules.0.ports']).toBeUndefined();
    send({ type: 'rule.changed', index: 0, field: 'sources', value: '10.0.0.0/8' });
    expect(context().errors).toEqual({});
  });

  it('puts the server’s reason beside the rule’s sources and keeps every rule as typed', async () => {
    send({ type: 'name.changed', value: 'web' });
    send({ type: 'rule.changed', index: 0, field: 'ports', value: '22' });
    send({ type: 'rule.added' });
    send({ type: 'rule.changed', index: 1, field: 'protocol', value: 'icmp' });
    const typed = context().values;
    send({ type: 'submit' });
    await settle({ error: hostBits });
    expect(context().errors).toEqual({ 'rules.0.sources': '10.1.2.3/8 has bits set after its prefix.' });
    expect(context().values).toEqual(typed);
  });

  it('moves the messages of later rules up when a rule is removed', () => {
    send({ type: 'rule.added' });
    send({ type: 'rule.changed', index: 1, field: 'sources', value: 'nowhere' });
    send({ type: 'submit' });
    expect(Object.keys(context().errors).sort()).toEqual([
      'name',
      'rules.0.ports',
      'rules.1.ports',
      'rules.1.sources',
    ]);
    send({ type: 'rule.removed', index: 0 });
    expect(Object.keys(context().errors).sort()).toEqual(['name', 'rules.0.ports', 'rules.0.sources']);
    expect(context().values.rules.map((rule) => rule.key)).toEqual([1]);
  });

  it('edits a firewall as it is, and saves it under its id', async () => {
    actor.stop();
    start(saved);
    expect(context().values).toEqual({
      name: 'web',
      rules: [{ key: 0, protocol: 'tcp', ports: '22', sources: '0.0.0.0/0, ::/0' }],
      computeIds: [web],
      tags: ['web'],
    });
    send({ type: 'compute.toggled', computeId: web });
    send({ type: 'submit' });
    await flushMicrotasks();
    expect(calls.inputOf('save')).toEqual({
      request: { name: 'web', rules: saved.rules, computeIds: [], tags: ['web'] },
      firewallId: saved.id,
    });
  });
});
