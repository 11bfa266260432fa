import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { type ComputeBackupsEvent, computeBackupsMachine } from '@/machines/compute-backups';
import { ApiError } from '@/services/http';
import { deferredActors, flushMicrotasks } from './deferred-actors';
import { MachineModel } from './model';

const BACKUP = '6f1c1e4e-9a51-4c1f-8d38-0c6a2f1d2b10';
const NEW_ID = 'a3d9f0a2-5d0e-4a55-9a0c-3b8e4d2f7c11';

const running = new ApiError(409, {
  type: 'about:blank',
  status: 409,
  title: 'Not possible right now',
  detail: 'The compute is running: a backup is restored onto a stopped compute, since its disk is replaced.',
});
const taken = new ApiError(422, {
  type: 'about:blank',
  status: 422,
  title: 'Unprocessable',
  detail: 'Some fields need attention.',
  errors: [{ field: 'hostname', message: 'This team already has a compute named web-restored.' }],
});

const model = new MachineModel(computeBackupsMachine, {
  strategy: 'every-transition',
  input: { hostname: 'web', newKey: () => 'key' },
  abstractContext: (context) => [
    context.restore?.target ?? null,
    context.message !== null,
    context.hostnameError !== null,
    context.hostname,
    context.restored?.target ?? null,
  ],
  events: {
    'restore.choose': [
      { type: 'restore.choose', backupId: BACKUP, target: 'this' },
      { type: 'restore.choose', backupId: BACKUP, target: 'new' },
    ],
    'hostname.change': [{ type: 'hostname.change', hostname: 'web-2' }],
    'xstate.done.actor.0.computeBackups.enabling': [
      { type: 'xstate.done.actor.0.computeBackups.enabling', output: {} },
    ],
    'xstate.error.actor.0.computeBackups.enabling': [
      { type: 'xstate.error.actor.0.computeBackups.enabling', error: running },
    ],
    'xstate.done.actor.0.computeBackups.disabling': [
      { type: 'xstate.done.actor.0.computeBackups.disabling', output: {} },
    ],
    'xstate.error.actor.0.computeBackups.disabling': [
      { type: 'xstate.error.actor.0.computeBackups.disabling', error: running },
    ],
    'xstate.done.actor.0.computeBackups.backingUp': [
      { type: 'xstate.done.actor.0.computeBackups.backingUp', output: {} },
    ],
    'xstate.error.actor.0.computeBackups.backingUp': [
      { type: 'xstate.error.actor.0.computeBackups.backingUp', error: running },
    ],
    'xstate.done.actor.0.computeBackups.restoring': [
      { type: 'xstate.done.actor.0.computeBackups.restoring', output: { target: 'this', backup: {} } },
      {
        type: 'xstate.done.actor.0.computeBackups.restoring',
        output: { target: 'new', computeId: NEW_ID, rootPassword: null },
      },
    ],
    'xstate.error.actor.0.computeBackups.restoring': [
      { type: 'xstate.error.actor.0.computeBackups.restoring', error: running },
      { type: 'xstate.error.actor.0.computeBackups.restoring', error: taken },
    ],
  },
});

let actor: Actor<typeof computeBackupsMachine>;
let calls: ReturnType<typeof deferredActors>;

beforeEach(() => {
  calls = deferredActors();
  actor = createActor(
    computeBackupsMachine.provide({
      actors: {
        setEnabled: calls.actor('setEnabled'),
        backUpNow: calls.actor('backUpNow'),
        restore: calls.actor('restore'),
      },
    }),
    { input: { hostname: 'web', newKey: () => 'key' } },
  ).start();
});
afterEach(() => actor.stop());

async function settle(name: string, event: { output?: unknown; error?: unknown }) {
  await flushMicrotasks();
  if (event.error !== undefined) calls.reject(name, event.error);
  else calls.resolve(name, event.output);
  await flushMicrotasks();
}

const context = () => actor.getSnapshot().context;
const send = ({ event }: { event: ComputeBackupsEvent }) => actor.send(event);
const nothingWaiting = () =>
  expect(calls.isWaiting('setEnabled') || calls.isWaiting('backUpNow') || calls.isWaiting('restore')).toBe(
    false,
  );

describe('compute-backups machine', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      await model.run(path, {
        tags: {
          of: () => actor.getSnapshot(),
          expected: {
            idle: [],
            confirmingEnable: ['confirming'],
            enabling: ['confirming', 'busy'],
            disabling: ['busy'],
            backingUp: ['busy'],
            confirmingRestore: ['confirming', 'editing'],
            restoring: ['confirming', 'busy'],
            restored: [],
          },
        },
        events: {
          'backups.enable': send,
          'enable.confirm': send,
          'enable.cancel': send,
          'backups.disable': send,
          'backup.now': send,
          'restore.choose': send,
          'hostname.change': send,
          'restore.confirm': send,
          'restore.cancel': send,
          'restore.dismiss': send,
          'xstate.done.actor.0.computeBackups.enabling': ({ event }: { event: { output: unknown } }) =>
            settle('setEnabled', event),
          'xstate.error.actor.0.computeBackups.enabling': ({ event }: { event: { error: unknown } }) =>
            settle('setEnabled', event),
          'xstate.done.actor.0.computeBackups.disabling': ({ event }: { event: { output: unknown } }) =>
            settle('setEnabled', event),
          'xstate.error.actor.0.computeBackups.disabling': ({ event }: { event: { error: unknown } }) =>
            settle('setEnabled', event),
          'xstate.done.actor.0.computeBackups.backingUp': ({ event }: { event: { output: unknown } }) =>
            settle('backUpNow', event),
          'xstate.error.actor.0.computeBackups.backingUp': ({ event }: { event: { error: unknown } }) =>
            settle('backUpNow', event),
          'xstate.done.actor.0.computeBackups.restoring': ({ event }: { event: { output: unknown } }) =>
            settle('restore', event),
          'xstate.error.actor.0.computeBackups.restoring': ({ event }: { event: { error: unknown } }) =>
            settle('restore', event),
        } as never,
        states: {
          idle: () => {
            nothingWaiting();
            expect(context().restore).toBeNull();
          },
          // The price is on screen; nothing is sent until the person confirms.
          confirmingEnable: () => nothingWaiting(),
          enabling: () => expect(calls.inputOf('setEnabled')).toBe(true),
          disabling: () => expect(calls.inputOf('setEnabled')).toBe(false),
          backingUp: () => expect(calls.isWaiting('backUpNow')).toBe(true),
          confirmingRestore: () => {
            nothingWaiting();
            expect(context().restore?.backupId).toBe(BACKUP);
            // What was typed stays; a hostname refusal stands beside the field, not above the form.
            expect(context().hostname).toMatch(/^web-(restored|2)$/);
            if (context().hostnameError) expect(context().message).toBeNull();
          },
          restoring: () => {
            const input = calls.inputOf('restore') as { body: unknown; idempotencyKey: string };
            expect(input.body).toEqual(
              context().restore?.target === 'new'
                ? { target: 'new', hostname: context().hostname }
                : { target: 'this' },
            );
            expect(input.idempotencyKey).toBe(`key-${context().attempt}`);
          },
          restored: () => expect(context().restored).not.toBeNull(),
        },
      });
    });
  }

  it('covers every state and transition', () => {
    const coverage = model.report();
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('keeps the typed hostname and puts the server’s reason beside it, then makes the compute with a new key next time', async () => {
    actor.send({ type: 'restore.choose', backupId: BACKUP, target: 'new' });
    actor.send({ type: 'hostname.change', hostname: 'web-2' });
    actor.send({ type: 'restore.confirm' });
    await settle('restore', { error: taken });
    expect(actor.getSnapshot().value).toBe('confirmingRestore');
    expect(context()).toMatchObject({
      hostname: 'web-2',
      hostnameError: 'This team already has a compute named web-restored.',
      message: null,
    });
    actor.send({ type: 'restore.confirm' });
    expect((calls.inputOf('restore') as { idempotencyKey: string }).idempotencyKey).toBe('key-0');
    await settle('restore', { output: { target: 'new', computeId: NEW_ID, rootPassword: 'pw' } });
    expect(context().restored).toEqual({ target: 'new', computeId: NEW_ID, rootPassword: 'pw' });
    actor.send({ type: 'restore.choose', backupId: BACKUP, target: 'new' });
    actor.send({ type: 'restore.confirm' });
    expect((calls.inputOf('restore') as { idempotencyKey: string }).idempotencyKey).toBe('key-1');
  });

  it('shows why a restore onto a running compute is refused, and changes nothing', async () => {
    actor.send({ type: 'restore.choose', backupId: BACKUP, target: 'this' });
    actor.send({ type: 'restore.confirm' });
    await settle('restore', { error: running });
    expect(actor.getSnapshot().value).toBe('confirmingRestore');
    expect(context().message).toContain('a backup is restored onto a stopped compute');
    actor.send({ type: 'restore.cancel' });
    expect(context().restore).toBeNull();
  });
});
