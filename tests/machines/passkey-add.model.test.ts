// The passkey-add machine, every transition from every state: the server's options, the browser's dialog,
// the server's check; the recovery codes only when the passkey turned two-factor sign-in on; a refusal of
// the server beside the name field, the browser's (cancelled) in words.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { PasskeyAdded, TwoFactorStatus } from '@/contract/two-factor';
import { passkeyAddMachine } from '@/machines/passkey-add';
import { ApiError } from '@/services/http';
import { PasskeyCeremonyError } from '@/services/passkeys';
import { deferredActors, settleCall, settlersFor } from './deferred-actors';
import { MachineModel } from './model';

const options = { options: { challenge: 'Y2hhbGxlbmdl', rp: { id: 'localhost', name: 'Ikirere' } } };
const attestation = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} };
const status: TwoFactorStatus = {
  on: true,
  totpSince: null,
  passkeys: [
    { id: 'AAAA', name: 'Laptop', backedUp: false, createdAt: '2026-11-26T10:00:00.000Z', lastUsedAt: null },
  ],
  recoveryCodesLeft: 10,
};
const codes = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, '2')}`);
const firstKey: PasskeyAdded = { status, recoveryCodes: codes };
const anotherKey: PasskeyAdded = { status, recoveryCodes: null };
const nameTaken = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'Name in use',
  errors: [{ field: 'name', message: 'You already have a passkey named “Laptop”.' }],
});
const cancelled = new PasskeyCeremonyError('No passkey was added: the request was cancelled or timed out.');

const model = new MachineModel(passkeyAddMachine, {
  abstractContext: (context) => ({ codes: context.recoveryCodes !== null }),
  events: {
    'passkey.add': [{ type: 'passkey.add', name: 'Laptop' }],
    'xstate.done.actor.prepare': [{ type: 'xstate.done.actor.prepare', output: options }],
    'xstate.error.actor.prepare': [{ type: 'xstate.error.actor.prepare', error: nameTaken }],
    'xstate.done.actor.create': [{ type: 'xstate.done.actor.create', output: attestation }],
    'xstate.error.actor.create': [{ type: 'xstate.error.actor.create', error: cancelled }],
    'xstate.done.actor.save': [
      { type: 'xstate.done.actor.save', output: firstKey },
      { type: 'xstate.done.actor.save', output: anotherKey },
    ],
    'xstate.error.actor.save': [{ type: 'xstate.error.actor.save', error: nameTaken }],
  },
});

let actor: Actor<typeof passkeyAddMachine>;
let calls: ReturnType<typeof deferredActors>;

beforeEach(() => {
  calls = deferredActors();
  actor = createActor(
    passkeyAddMachine.provide({
      actors: { prepare: calls.actor('prepare'), create: calls.actor('create'), save: calls.actor('save') },
    }),
  ).start();
});
afterEach(() => actor.stop());

const settle = (name: string, event: { output?: unknown; error?: unknown }) => settleCall(calls, name, event);

const settlers = settlersFor(['prepare', 'create', 'save'], settle);

describe('passkey-add machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            idle: ['editing'],
            preparing: ['busy'],
            waitingForKey: ['busy'],
            saving: ['busy'],
            showingCodes: [],
          },
        },
        events: {
          ...settlers,
          'passkey.add': () => actor.send({ type: 'passkey.add', name: 'Laptop' }),
          'codes.saved': () => actor.send({ type: 'codes.saved' }),
        } as never,
        states: {
          idle: () => expect(actor.getSnapshot().context.recoveryCodes).toBeNull(),
          preparing: () => expect(calls.inputOf('prepare')).toEqual({ name: 'Laptop' }),
          waitingForKey: () => expect(calls.inputOf('create')).toEqual({ options: options.options }),
          saving: () => expect(calls.inputOf('save')).toEqual({ response: attestation }),
          showingCodes: () => expect(actor.getSnapshot().context.recoveryCodes).toEqual(codes),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('puts the server’s refusal beside the name, and the browser’s in words', async () => {
    actor.send({ type: 'passkey.add', name: 'Laptop' });
    await settle('prepare', { error: nameTaken });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      name: 'You already have a passkey named “Laptop”.',
    });
    actor.send({ type: 'passkey.add', name: 'YubiKey' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
    await settle('prepare', { output: options });
    await settle('create', { error: cancelled });
    expect(actor.getSnapshot().context.message).toBe(cancelled.message);
  });

  it('a second passkey is added without codes, and says which', async () => {
    actor.send({ type: 'passkey.add', name: 'Laptop' });
    await settle('prepare', { output: options });
    await settle('create', { output: attestation });
    await settle('save', { output: anotherKey });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({
      recoveryCodes: null,
      notice: 'The passkey “Laptop” is added.',
    });
  });
});
