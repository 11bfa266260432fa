import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { TopUp } from '@/contract/billing';
import { QUICK_CHECKS, topUpReturnMachine } from '@/machines/top-up-return';
import { ReturnedTopUpStatus } from '@/routes/_protected/_section/_team/settings/-components/returned-top-up';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const topUp = (status: TopUp['status'], declineReason: string | null = null): TopUp => ({
  id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  status,
  amountMinor: 25_000,
  currency: 'RWF',
  checkoutUrl: '/payment/sandbox/checkout/x',
  declineReason,
  createdAt: '2026-11-21T10:00:00.000Z',
  completedAt: null,
  expiresAt: '2026-11-21T11:00:00.000Z',
});
const offline = new ApiError(0, { type: 'about:blank', status: 503, title: "Can't reach the server." });

const model = new MachineModel(topUpReturnMachine, {
  abstractContext: (context) => context.topUp?.status ?? null,
  events: {
    'xstate.done.actor.check': [
      { type: 'xstate.done.actor.check', output: topUp('pending') },
      { type: 'xstate.done.actor.check', output: topUp('succeeded') },
      { type: 'xstate.done.actor.check', output: topUp('declined', 'Card refused') },
      { type: 'xstate.done.actor.check', output: topUp('expired') },
    ],
    'xstate.error.actor.check': [{ type: 'xstate.error.actor.check', error: offline }],
  },
});

let actor: Actor<typeof topUpReturnMachine>;
let calls: ReturnType<typeof deferredActors>;
let credited: number;

beforeEach(() => {
  vi.useFakeTimers();
  calls = deferredActors();
  credited = 0;
  actor = createActor(
    topUpReturnMachine.provide({
      actors: { check: calls.actor('check') },
      actions: {
        credited: () => {
          credited += 1;
        },
      },
    }),
  ).start();
  render(<ReturnedTopUpStatus actor={actor} />);
});
afterEach(() => {
  actor.stop();
  vi.useRealTimers();
});

async function settle(event: { output?: unknown; error?: unknown }) {
  await act(async () => {
    await flushMicrotasks();
    if (event.error !== undefined) calls.reject('check', event.error);
    else calls.resolve('check', event.output);
    await flushMicrotasks();
  });
}

describe('top-up-return machine, driven through the returned top-up', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: { checking: ['busy'], waiting: [], succeeded: [], declined: [], expired: [], failed: [] },
        },
        events: {
          'xstate.done.actor.check': ({ event }: { event: { output: unknown } }) => settle(event),
          'xstate.error.actor.check': ({ event }: { event: { error: unknown } }) => settle(event),
          // A credit pushed over the socket makes the balance re-read: the page asks at once.
          'payment.changed': () => act(() => actor.send({ type: 'payment.changed' })),
          'check.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Check again' })),
          'xstate.after.recheckDelay.topUpReturn.waiting': () => act(() => vi.advanceTimersByTimeAsync(1000)),
        } as never,
        states: {
          checking: () => expect(calls.isWaiting('check')).toBe(true),
          waiting: () =>
            expect(screen.getByRole('status')).toHaveTextContent(
              'Waiting for the payment provider to confirm RWF 25,000',
            ),
          succeeded: () => {
            expect(screen.getByText('RWF 25,000 was added to the balance.')).toBeVisible();
            expect(credited).toBe(1);
          },
          declined: () =>
            expect(screen.getByText(/was declined: Card refused Nothing was charged/)).toBeVisible(),
          expired: () => expect(screen.getByText(/was not completed in time/)).toBeVisible(),
          failed: () => {
            expect(screen.getByText("Can't reach the server.")).toBeVisible();
            expect(credited).toBe(0);
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

  it('asks every second at first, then every five seconds', async () => {
    for (let check = 0; check < QUICK_CHECKS + 2; check += 1) {
      await settle({ output: topUp('pending') });
      const before = calls.calls.length;
      await act(() => vi.advanceTimersByTimeAsync(999));
      expect(calls.calls.length).toBe(before);
      await act(() => vi.advanceTimersByTimeAsync(check < QUICK_CHECKS - 1 ? 1 : 4001));
      expect(calls.calls.length).toBe(before + 1);
    }
  });
});
