import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, type ActorRefFrom, assign, createActor, setup } from 'xstate';
import type { CodeChallenge } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import { type CodeSentEvent, codeEntryMachine } from '@/machines/code-entry';
import { CodeForm } from '@/routes/auth/-components/code-form';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks, fresh } from './deferred-actors';
import { MachineModel } from './model';

const challenge = (id = '7d4c1c3e-2f7b-4f33-9a51-0c8e6b1d2a10'): CodeChallenge => ({
  challengeId: id,
  channel: 'email',
  destination: 'ada@example.rw',
  expiresAt: new Date(Date.now() + 600_000).toISOString(),
  resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
});
const resent = challenge('9b2f6a1e-3c4d-4e5f-8a9b-1c2d3e4f5a6b');
const wrongCode = new ApiError(422, {
  type: problemTypes.codeIncorrect,
  status: 422,
  title: 'Check the code.',
  errors: [{ field: 'code', message: 'That code is not right. 4 tries left.' }],
});
const tooMany = new ApiError(429, {
  type: 'about:blank',
  status: 429,
  title: 'Too many codes were sent. Wait a minute.',
});
const hourCap = new ApiError(429, {
  type: problemTypes.sendRateLimited,
  status: 429,
  title: 'Please wait before asking again',
  detail:
    '5 codes were sent to this address in the last hour, the most we send. You can ask for another in 55 minutes.',
  retryAfterSeconds: 3300,
});
const locked = new ApiError(429, {
  type: problemTypes.addressLocked,
  status: 429,
  title: 'Too many wrong codes.',
  retryAfterSeconds: 900,
});
const request = { purpose: 'signin', email: 'ada@example.rw' };

const model = new MachineModel(codeEntryMachine, {
  input: { challenge: challenge(), request },
  events: {
    'code.submit': [{ type: 'code.submit', code: '123456' }],
    'xstate.done.actor.verifyCode': [{ type: 'xstate.done.actor.verifyCode', output: { signedIn: true } }],
    'xstate.error.actor.verifyCode': [
      { type: 'xstate.error.actor.verifyCode', error: wrongCode },
      { type: 'xstate.error.actor.verifyCode', error: locked },
    ],
    'xstate.done.actor.resendCode': [{ type: 'xstate.done.actor.resendCode', output: resent }],
    'xstate.error.actor.resendCode': [
      { type: 'xstate.error.actor.resendCode', error: tooMany },
      { type: 'xstate.error.actor.resendCode', error: hourCap },
      { type: 'xstate.error.actor.resendCode', error: locked },
    ],
  },
});

// The code entry as its parents run it: invoked, telling the parent of each new code, ending with the answer.
let calls: ReturnType<typeof deferredActors>;
let sent: CodeChallenge[];
let parent: Actor<ReturnType<typeof parentOf>>;
const child = () => parent.getSnapshot().children.codeEntry as ActorRefFrom<typeof codeEntryMachine>;

function parentOf(entry: typeof codeEntryMachine) {
  return setup({
    types: { context: {} as { output: unknown }, events: {} as CodeSentEvent },
    actors: { entry },
  }).createMachine({
    context: { output: null },
    initial: 'entering',
    states: {
      entering: {
        invoke: {
          id: 'codeEntry',
          src: 'entry',
          input: ({ self }) => ({ notify: self, challenge: challenge(), request }),
          onDone: { target: 'done', actions: assign({ output: ({ event }) => event.output }) },
        },
        on: { 'code.sent': { actions: ({ event }) => sent.push(event.challenge) } },
      },
      done: {},
    },
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  calls = deferredActors();
  sent = [];
  parent = createActor(
    parentOf(
      codeEntryMachine.provide({
        actors: { verifyCode: calls.actor('verifyCode'), resendCode: calls.actor('resendCode') },
      }),
    ),
  ).start();
  render(<CodeForm actor={child()} alternative={<a href="/auth/login">Use a different e-mail address</a>} />);
});
afterEach(() => {
  parent.stop();
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

const code = () => screen.getByLabelText(/Code/);

describe('code-entry machine, driven through the code form', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => child().getSnapshot(),
          expected: { entering: ['editing'], verifying: ['busy'], resending: ['busy'], locked: [] },
        },
        events: {
          'code.submit': () => {
            fireEvent.change(code(), { target: { value: '123456' } });
            fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
          },
          'code.resend': () => fireEvent.click(screen.getByRole('button', { name: 'Send a new code' })),
          'xstate.done.actor.verifyCode': ({ event }: { event: { output: unknown } }) =>
            settle('verifyCode', event),
          'xstate.error.actor.verifyCode': ({ event }: { event: { error: unknown } }) =>
            settle('verifyCode', event),
          'xstate.done.actor.resendCode': ({ event }: { event: { output: unknown } }) =>
            settle('resendCode', event),
          'xstate.error.actor.resendCode': ({ event }: { event: { error: unknown } }) =>
            settle('resendCode', event),
          'xstate.after.resendCooldown.codeEntry.entering.cooldown': () => {
            const wait = Date.parse(child().getSnapshot().context.challenge.resendAvailableAt) - Date.now();
            return act(() => vi.advanceTimersByTimeAsync(Math.max(wait, 0) + 1));
          },
          'xstate.after.lockDelay.codeEntry.locked': () => act(() => vi.advanceTimersByTimeAsync(900_000)),
        } as never,
        states: {
          'entering.cooldown': () => {
            expect(screen.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
            const wait = Date.parse(child().getSnapshot().context.challenge.resendAvailableAt) - Date.now();
            if (wait > 0) expect(screen.getByText(/Available in/)).toBeVisible();
            expect(code()).toBeEnabled();
          },
          'entering.ready': () => {
            expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
          },
          verifying: () => {
            expect(screen.getByRole('button', { name: 'Verify' })).toHaveAttribute('aria-busy', 'true');
            expect(calls.inputOf('verifyCode')).toEqual({
              challengeId: child().getSnapshot().context.challenge.challengeId,
              code: '123456',
            });
          },
          resending: () => {
            expect(screen.getByRole('button', { name: 'Send a new code' })).toHaveAttribute(
              'aria-busy',
              'true',
            );
            // The parent's request goes back to it unchanged: the same address, the same purpose.
            expect(calls.inputOf('resendCode')).toEqual({ request });
          },
          locked: () => {
            expect(screen.getByRole('alert')).toHaveTextContent('Too many wrong codes.');
            expect(screen.getByText(/You can try again in/)).toBeVisible();
            expect(code()).toBeDisabled();
          },
          verified: () => {
            expect(parent.getSnapshot().value).toBe('done');
            expect(parent.getSnapshot().context.output).toEqual({ signedIn: true });
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
});

describe('code entry behaviour', () => {
  it('keeps the typed code and shows the reason beside it when the code is wrong', async () => {
    fireEvent.change(code(), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await settle('verifyCode', { error: wrongCode });
    expect(code()).toHaveValue('654321');
    expect(screen.getByText('That code is not right. 4 tries left.')).toBeVisible();
  });

  it('keeps Send a new code disabled for the hour the server asks, and says why', async () => {
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await settle('resendCode', { error: hourCap });
    expect(screen.getByRole('alert')).toHaveTextContent('the most we send');
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
    expect(screen.getByText('Available in 55 minutes')).toBeVisible();
    await act(() => vi.advanceTimersByTimeAsync(3_299_000));
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.getByRole('button', { name: 'Send a new code' })).toBeEnabled();
  });

  it('tells the parent of a new code, says where it went, and empties the field for it', async () => {
    fireEvent.change(code(), { target: { value: '111111' } });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await settle('resendCode', { output: resent });
    expect(sent.map((item) => item.challengeId)).toEqual([resent.challengeId]);
    expect(screen.getByText('We sent a new code to ada@example.rw.')).toBeVisible();
    expect(code()).toHaveValue('');
    expect(code()).toHaveFocus();
  });
});
