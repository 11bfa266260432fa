// The two-factor-setup machine, every transition from every state: set up only when off, on only after a
// code from the app, the recovery codes shown once, off only with a code; refusals beside the code field.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { TotpSetup, TwoFactorStatus } from '@/contract/two-factor';
import { twoFactorSetupMachine } from '@/machines/two-factor-setup';
import { ApiError } from '@/services/http';
import { deferredActors, settleCall, settlersFor } from './deferred-actors';
import { MachineModel } from './model';

const off: TwoFactorStatus = { on: false, totpSince: null, passkeys: [], recoveryCodesLeft: 0 };
const setupAnswer: TotpSetup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  uri: 'otpauth://totp/Ikirere:ada%40example.rw?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Ikirere',
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
};
const codes = Array.from({ length: 10 }, (_, index) => `abcde-${String(index).padStart(5, '2')}`);
const wrongCode = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Check the code',
  errors: [{ field: 'code', message: 'That code is not right.' }],
});
const failure = new ApiError(503, { type: 'about:blank', status: 503, title: 'Service unavailable' });

const model = new MachineModel(twoFactorSetupMachine, {
  input: { status: off },
  abstractContext: (context) => ({ on: context.status.totpSince !== null }),
  events: {
    'setup.confirm': [{ type: 'setup.confirm', code: '123456' }],
    'disable.submit': [{ type: 'disable.submit', code: '654321' }],
    'xstate.done.actor.start': [{ type: 'xstate.done.actor.start', output: setupAnswer }],
    'xstate.error.actor.start': [{ type: 'xstate.error.actor.start', error: failure }],
    'xstate.done.actor.confirm': [{ type: 'xstate.done.actor.confirm', output: { recoveryCodes: codes } }],
    'xstate.error.actor.confirm': [{ type: 'xstate.error.actor.confirm', error: wrongCode }],
    'xstate.done.actor.disable': [{ type: 'xstate.done.actor.disable', output: off }],
    'xstate.error.actor.disable': [{ type: 'xstate.error.actor.disable', error: wrongCode }],
  },
});

let actor: Actor<typeof twoFactorSetupMachine>;
let calls: ReturnType<typeof deferredActors>;

beforeEach(() => {
  calls = deferredActors();
  actor = createActor(
    twoFactorSetupMachine.provide({
      actors: {
        start: calls.actor('start'),
        confirm: calls.actor('confirm'),
        disable: calls.actor('disable'),
      },
    }),
    { input: { status: off } },
  ).start();
});
afterEach(() => actor.stop());

const settle = (name: string, event: { output?: unknown; error?: unknown }) => settleCall(calls, name, event);

const settlers = settlersFor(['start', 'confirm', 'disable'], settle);

describe('two-factor-setup machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            idle: [],
            starting: ['busy'],
            scanning: ['editing'],
            confirming: ['busy'],
            showingCodes: [],
            disabling: ['busy'],
          },
        },
        events: {
          ...settlers,
          'setup.start': () => actor.send({ type: 'setup.start' }),
          'setup.confirm': () => actor.send({ type: 'setup.confirm', code: '123456' }),
          'setup.cancel': () => actor.send({ type: 'setup.cancel' }),
          'codes.saved': () => actor.send({ type: 'codes.saved' }),
          'disable.submit': () => actor.send({ type: 'disable.submit', code: '654321' }),
        } as never,
        states: {
          idle: () => expect(actor.getSnapshot().context.recoveryCodes).toBeNull(),
          starting: () => expect(actor.getSnapshot().context.status.totpSince).toBeNull(),
          scanning: () => expect(actor.getSnapshot().context.setup?.secret).toBe(setupAnswer.secret),
          confirming: () => expect(calls.inputOf('confirm')).toEqual({ code: '123456' }),
          showingCodes: () => {
            expect(actor.getSnapshot().context.recoveryCodes).toEqual(codes);
            expect(actor.getSnapshot().context.setup).toBeNull();
          },
          disabling: () => expect(calls.inputOf('disable')).toEqual({ code: '654321' }),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('puts a wrong code beside the field and keeps the QR code on screen', async () => {
    actor.send({ type: 'setup.start' });
    await settle('start', { output: setupAnswer });
    actor.send({ type: 'setup.confirm', code: '000000' });
    await settle('confirm', { error: wrongCode });
    expect(actor.getSnapshot().value).toBe('scanning');
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: 'That code is not right.' });
    expect(actor.getSnapshot().context.setup?.qrSvg).toBe(setupAnswer.qrSvg);
  });

  it('cannot turn off what is off, nor set up twice what is on', async () => {
    actor.send({ type: 'disable.submit', code: '123456' });
    expect(calls.calls).toHaveLength(0);
    actor.send({ type: 'setup.start' });
    await settle('start', { output: setupAnswer });
    actor.send({ type: 'setup.confirm', code: '123456' });
    await settle('confirm', { output: { recoveryCodes: codes } });
    actor.send({ type: 'codes.saved' });
    actor.send({ type: 'setup.start' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(calls.calls.filter((call) => call.name === 'start')).toHaveLength(1);
  });
});
