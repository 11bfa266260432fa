import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { CodeChallenge } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import { changeWithCodeMachine } from '@/machines/change-with-code';
import { codeEntryMachine } from '@/machines/code-entry';
import { ChangeWithCodeForm } from '@/routes/_protected/account-settings/-components/change-with-code-form';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks, fresh } from './deferred-actors';
import { MachineModel } from './model';

const challenge: CodeChallenge = {
  challengeId: '7d4c1c3e-2f7b-4f33-9a51-0c8e6b1d2a10',
  channel: 'email',
  destination: 'new@example.rw',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
};
const inUse = new ApiError(409, {
  type: problemTypes.emailInUse,
  status: 409,
  title: 'That address belongs to another account.',
});
const wrongCode = new ApiError(422, {
  type: problemTypes.codeIncorrect,
  status: 422,
  title: 'Check the code.',
  errors: [{ field: 'code', message: 'That code is not right. 4 tries left.' }],
});
const locked = new ApiError(429, {
  type: problemTypes.addressLocked,
  status: 429,
  title: 'Too many wrong codes.',
  retryAfterSeconds: 900,
});

const model = new MachineModel(changeWithCodeMachine, {
  events: {
    'change.submit': [{ type: 'change.submit', value: 'new@example.rw' }],
    'code.sent': [{ type: 'code.sent', challenge }],
    'xstate.done.actor.requestCode': [{ type: 'xstate.done.actor.requestCode', output: challenge }],
    'xstate.error.actor.requestCode': [
      { type: 'xstate.error.actor.requestCode', error: inUse },
      { type: 'xstate.error.actor.requestCode', error: locked },
    ],
    // The code entry (a child machine) ended: the code was right, and this is the changed account.
    'xstate.done.actor.codeEntry': [
      { type: 'xstate.done.actor.codeEntry', output: { email: 'new@example.rw' } },
    ],
  },
});

let actor: Actor<typeof changeWithCodeMachine>;
let calls: ReturnType<typeof deferredActors>;
let changed: unknown[];

beforeEach(() => {
  vi.useFakeTimers();
  calls = deferredActors();
  changed = [];
  actor = createActor(
    changeWithCodeMachine.provide({
      actors: {
        requestCode: calls.actor('requestCode'),
        codeEntry: codeEntryMachine.provide({
          actors: { verifyCode: calls.actor('confirmCode'), resendCode: calls.actor('resendCode') },
        }),
      },
      actions: { changed: (_, { result }) => changed.push(result) },
    }),
  ).start();
  render(
    <ChangeWithCodeForm
      actor={actor}
      submitLabel="Send a code to the new address"
      doneText="Your e-mail address is now new@example.rw."
      onSubmit={() => actor.send({ type: 'change.submit', value: 'new@example.rw' })}
      fields={(errors) => <p>{errors.email ?? 'fields'}</p>}
    />,
  );
});
afterEach(() => {
  actor.stop();
  vi.useRealTimers();
});

async function settle(id: string, event: { output?: unknown; error?: unknown }) {
  await act(async () => {
    await flushMicrotasks();
    if (event.error !== undefined) calls.reject(id, event.error);
    else calls.resolve(id, fresh(event.output));
    await flushMicrotasks();
  });
}

describe('change-with-code machine, driven through its form', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: { editing: ['editing'], requesting: ['busy'], codeEntry: [], done: [] },
        },
        events: {
          'change.submit': () =>
            fireEvent.click(screen.getByRole('button', { name: 'Send a code to the new address' })),
          'change.cancel': () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })),
          'change.again': () => fireEvent.click(screen.getByRole('button', { name: 'Change it again' })),
          // The person enters the right code; the server confirms the change.
          'xstate.done.actor.codeEntry': async ({ event }: { event: { output: unknown } }) => {
            fireEvent.change(screen.getByLabelText(/Code/), { target: { value: '123456' } });
            fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
            await settle('confirmCode', event);
          },
          // Once the cooldown is over the person asks for a new code; the form takes it.
          'code.sent': async () => {
            await act(() => vi.advanceTimersByTimeAsync(60_000));
            fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
            await settle('resendCode', { output: challenge });
          },
          'xstate.done.actor.requestCode': ({ event }: { event: { output: unknown } }) =>
            settle('requestCode', event),
          'xstate.error.actor.requestCode': ({ event }: { event: { error: unknown } }) =>
            settle('requestCode', event),
        } as never,
        states: {
          editing: () => {
            expect(screen.getByRole('button', { name: 'Send a code to the new address' })).toBeEnabled();
          },
          requesting: () => {
            const button = screen.getByRole('button', { name: 'Send a code to the new address' });
            expect(button).toHaveAttribute('aria-busy', 'true');
          },
          codeEntry: () => {
            // The code form, for the code sent to the new address; Cancel goes back to the value.
            expect(screen.getByLabelText(/Code/)).toBeEnabled();
            expect(screen.getByText(/we sent to new@example.rw/)).toBeVisible();
            expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
          },
          done: () => {
            expect(screen.getByText('Your e-mail address is now new@example.rw.')).toBeVisible();
            expect(changed).toEqual([{ email: 'new@example.rw' }]);
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

  it('keeps the typed code and shows the reason beside it when the code is wrong', async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send a code to the new address' }));
    await settle('requestCode', { output: challenge });
    fireEvent.change(screen.getByLabelText(/Code/), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await settle('confirmCode', { error: wrongCode });
    expect(screen.getByLabelText(/Code/)).toHaveValue('654321');
    expect(screen.getByText('That code is not right. 4 tries left.')).toBeVisible();
  });
});
