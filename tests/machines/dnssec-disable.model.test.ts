import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { Domain, ParentDsStatus } from '@/contract/domains';
import { dnssecDisableMachine } from '@/machines/dnssec-disable';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const DS = '12345 13 2 0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF';

function domainWithParent(status: ParentDsStatus, found: string[] = []): Domain {
  return {
    id: '3f1c1a59-5a0c-4b0e-9d7e-1c2b3a4d5e6f',
    teamId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    name: 'example.rw',
    displayName: 'example.rw',
    nameServers: ['ns1.ikirere.test', 'ns2.ikirere.test'],
    delegation: { status: 'active', checkedAt: '2026-01-01T00:00:00.000Z', found: [] },
    serial: 2026010101,
    recordCount: 5,
    dnssec: {
      status: 'signed',
      keys: [
        {
          keyTag: 12345,
          algorithm: 13,
          flags: 257,
          dnskey: '257 3 13 AAAA',
          ds: [DS],
          role: 'current',
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      ],
      parent: { status, found, checkedAt: status === 'unknown' ? null : '2026-01-01T00:00:00.000Z' },
    },
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

const published = domainWithParent('published', [DS]);
const gone = domainWithParent('absent');
const unknown = domainWithParent('unknown');
const refused = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'The DS record is still published',
  detail: 'The parent zone still publishes 12345 13 2 0123…. Remove it at your registrar first.',
});
const tooSoon = new ApiError(429, {
  type: 'about:blank',
  status: 429,
  title: 'Checked a moment ago',
  detail: 'Delegation was checked moments ago; check again in 7 s.',
});

const model = new MachineModel(dnssecDisableMachine, {
  input: { domain: published },
  events: {
    'xstate.done.actor.checkParent': [
      { type: 'xstate.done.actor.checkParent', output: gone },
      { type: 'xstate.done.actor.checkParent', output: unknown },
      { type: 'xstate.done.actor.checkParent', output: published },
    ],
    'xstate.error.actor.checkParent': [{ type: 'xstate.error.actor.checkParent', error: tooSoon }],
    'xstate.done.actor.disable': [{ type: 'xstate.done.actor.disable', output: gone }],
    'xstate.error.actor.disable': [{ type: 'xstate.error.actor.disable', error: refused }],
    'xstate.done.actor.disableUnverified': [{ type: 'xstate.done.actor.disableUnverified', output: gone }],
    'xstate.error.actor.disableUnverified': [
      { type: 'xstate.error.actor.disableUnverified', error: refused },
    ],
  },
});

let actor: Actor<typeof dnssecDisableMachine>;
let calls: ReturnType<typeof deferredActors>;
let closed: number;
let finished: number;

beforeEach(() => {
  calls = deferredActors();
  closed = 0;
  finished = 0;
  actor = createActor(
    dnssecDisableMachine.provide({
      actors: { checkParent: calls.actor('checkParent'), disable: calls.actor('disable') },
      actions: {
        close: () => {
          closed += 1;
        },
        finish: () => {
          finished += 1;
        },
      },
    }),
    { input: { domain: published } },
  ).start();
});
afterEach(() => actor.stop());

/** Settles the waiting call (both disable invocations use the one `disable` actor). */
async function settle(name: string, event: { output?: unknown; error?: unknown }) {
  await flushMicrotasks();
  if (event.error !== undefined) calls.reject(name, event.error);
  else calls.resolve(name, event.output);
  await flushMicrotasks();
}

describe('dnssec-disable machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            removingDs: [],
            checking: ['busy'],
            stillPublished: [],
            unverified: [],
            confirming: ['confirming'],
            disabling: ['confirming', 'busy'],
            disablingUnverified: ['busy'],
            done: [],
            cancelled: [],
          },
        },
        events: {
          'ds.check': () => actor.send({ type: 'ds.check' }),
          'disable.confirm': () => actor.send({ type: 'disable.confirm' }),
          'disable.confirmUnverified': () => actor.send({ type: 'disable.confirmUnverified' }),
          cancel: () => actor.send({ type: 'cancel' }),
          'xstate.done.actor.checkParent': ({ event }: { event: { output: unknown } }) =>
            settle('checkParent', event),
          'xstate.error.actor.checkParent': ({ event }: { event: { error: unknown } }) =>
            settle('checkParent', event),
          'xstate.done.actor.disable': ({ event }: { event: { output: unknown } }) =>
            settle('disable', event),
          'xstate.error.actor.disable': ({ event }: { event: { error: unknown } }) =>
            settle('disable', event),
          'xstate.done.actor.disableUnverified': ({ event }: { event: { output: unknown } }) =>
            settle('disable', event),
          'xstate.error.actor.disableUnverified': ({ event }: { event: { error: unknown } }) =>
            settle('disable', event),
        } as never,
        states: {
          removingDs: () => {
            expect(actor.getSnapshot().value).toBe('removingDs');
            expect(finished).toBe(0);
          },
          checking: () => expect(calls.inputOf('checkParent')).toEqual({ domain: expect.any(Object) }),
          stillPublished: () => expect(actor.getSnapshot().context.message).toContain('still publishes'),
          unverified: () => expect(actor.getSnapshot().context.domain.dnssec.parent.status).toBe('unknown'),
          confirming: () => {
            expect(actor.getSnapshot().context.domain.dnssec.parent.status).toBe('absent');
            expect(actor.getSnapshot().context.message).toBeNull();
          },
          disabling: () => expect(calls.inputOf('disable')).toMatchObject({ dsRemoved: false }),
          disablingUnverified: () => expect(calls.inputOf('disable')).toMatchObject({ dsRemoved: true }),
          done: () => expect(finished).toBe(1),
          cancelled: () => {
            expect(closed).toBe(1);
            expect(finished).toBe(0);
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

  it('never turns signing off while the parent still lists the DS', async () => {
    actor.send({ type: 'ds.check' });
    await settle('checkParent', { output: published });
    actor.send({ type: 'disable.confirm' });
    actor.send({ type: 'disable.confirmUnverified' });
    expect(actor.getSnapshot().value).toBe('stillPublished');
    expect(calls.calls.filter((call) => call.name === 'disable')).toHaveLength(0);
  });
});
