// The inspector's recorder: what it keeps of a machine actor from XState's inspection events.
import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, fromPromise, setup } from 'xstate';
import { ACTOR_LIMIT, describeValue, InspectionRecorder } from '@/inspector/recorder';
import { machineChart } from '@/inspector/statechart/machine-graph';

const counter = setup({
  types: { context: {} as { count: number }, events: {} as { type: 'add'; by: number } | { type: 'stop' } },
  guards: { isBig: ({ event }) => event.type === 'add' && event.by > 5 },
  actions: {
    add: assign({ count: ({ context, event }) => context.count + (event.type === 'add' ? event.by : 0) }),
  },
}).createMachine({
  id: 'counter',
  context: { count: 0 },
  initial: 'counting',
  states: {
    counting: {
      initial: 'small',
      states: { small: {}, big: {} },
      on: {
        add: [
          { guard: 'isBig', target: '.big', actions: 'add' },
          { target: '.small', actions: 'add' },
        ],
        stop: 'done',
      },
    },
    done: { type: 'final' },
  },
});

describe('InspectionRecorder', () => {
  it('keeps each snapshot of a machine actor with its event, state, context and the transitions taken', () => {
    const recorder = new InspectionRecorder();
    let changes = 0;
    recorder.subscribe(() => {
      changes += 1;
    });
    const actor = createActor(counter, { inspect: recorder.inspect }).start();
    actor.send({ type: 'add', by: 9 });
    actor.send({ type: 'add', by: 1 });
    actor.send({ type: 'stop' });

    const [recorded] = recorder.list();
    expect(recorded!.name).toBe('counter');
    expect(recorded!.history.map((moment) => [moment.eventType, moment.value])).toEqual([
      ['xstate.init', 'counting.small'],
      ['add', 'counting.big'],
      ['add', 'counting.small'],
      ['stop', 'done'],
    ]);
    const big = recorded!.history[1]!;
    expect(big.activeStates).toEqual(['counter', 'counter.counting', 'counter.counting.big']);
    expect(JSON.parse(big.context)).toEqual({ count: 9 });
    expect(JSON.parse(big.eventText)).toEqual({ type: 'add', by: 9 });
    // The same ids the statechart draws, so the panel can highlight the transition just taken.
    const ids = machineChart(counter).transitions.map((transition) => transition.id);
    expect(big.taken).toEqual(['counter.counting:add#0']);
    expect(recorded!.history[2]!.taken).toEqual(['counter.counting:add#1']);
    expect(ids).toEqual(expect.arrayContaining([...big.taken, ...recorded!.history[2]!.taken]));
    expect(recorded!.history.map((moment) => moment.seq)).toEqual([1, 2, 3, 4]);
    expect(recorder.statusOf(recorded!)).toBe('done');
    expect(changes).toBe(5);
  });

  it('leaves out actors that are not machines, and forgets stopped ones past the limit', async () => {
    const recorder = new InspectionRecorder();
    createActor(
      fromPromise(async () => 1),
      { inspect: recorder.inspect },
    ).start();
    expect(recorder.list()).toEqual([]);
    const plain = createMachine({ id: 'page', initial: 'idle', states: { idle: {} } });
    const first = createActor(plain, { inspect: recorder.inspect }).start();
    first.stop();
    const live = createActor(plain, { inspect: recorder.inspect }).start();
    for (let i = 0; i < ACTOR_LIMIT; i += 1) createActor(plain, { inspect: recorder.inspect }).start();
    const sessions = recorder.list().map((actor) => actor.sessionId);
    expect(sessions).not.toContain(first.sessionId);
    expect(sessions).toContain(live.sessionId);
  });
});

describe('describeValue', () => {
  it('writes actor references, functions, errors, maps, sets and cycles in words', () => {
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    const actor = createActor(createMachine({ id: 'child' })).start();
    const text = describeValue({
      actor,
      check: function isValid() {},
      failure: new TypeError('boom'),
      map: new Map([['a', 1]]),
      set: new Set([1, 2]),
      cycle,
      nothing: undefined,
    });
    expect(JSON.parse(text)).toEqual({
      actor: `[actor ${actor.id}]`,
      check: '[function isValid]',
      failure: '[TypeError: boom]',
      map: { a: 1 },
      set: [1, 2],
      cycle: { name: 'loop', self: '[circular]' },
      nothing: '[undefined]',
    });
  });
});
