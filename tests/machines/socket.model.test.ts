import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import { ConsoleCloseCode, consoleServerMessageSchema } from '@/contract/console';
import { HEARTBEAT_INTERVAL_MS, serverMessageSchema } from '@/contract/socket';
import {
  createConnectionActor,
  RECONNECT_BASE_DELAY_MS,
  RECONNECT_MAX_DELAY_MS,
  reconnectDelay,
  SESSION_ENDED_CLOSE_CODE,
  SOCKET_CONNECT_TIMEOUT_MS,
  SOCKET_HEARTBEAT_TOLERANCE,
  type SocketEvent,
  socketMachine,
  socketStatus,
} from '@/machines/socket';
import { deferredActors } from './deferred-actors';
import { fakeSockets } from './fake-socket';
import { MachineModel } from './model';

const URL = 'ws://console.test/resource-manager';
// A cap of 2 keeps the model small; the rule is the same as the console's cap of 10.
const input = { url: URL, messages: serverMessageSchema, random: () => 0.5, maxReconnectAttempts: 2 };
const hello: SocketEvent = {
  type: 'socket.message',
  message: {
    type: 'hello',
    serverTime: '2026-11-21T00:00:00.000Z',
    heartbeatIntervalMs: HEARTBEAT_INTERVAL_MS,
  },
};
const heartbeat: SocketEvent = {
  type: 'socket.message',
  message: { type: 'heartbeat', serverTime: '2026-11-21T00:00:20.000Z' },
};

const model = new MachineModel(socketMachine, {
  input,
  abstractContext: (context) => [context.attempt, context.hasConnected],
  events: {
    'socket.message': [hello, heartbeat],
    'socket.closed': [
      { type: 'socket.closed', code: 1006, reason: '' },
      { type: 'socket.closed', code: SESSION_ENDED_CLOSE_CODE, reason: 'session ended' },
    ],
    'xstate.done.actor.fetchTicket': [{ type: 'xstate.done.actor.fetchTicket', output: 'ticket-1' }],
    'xstate.error.actor.fetchTicket': [
      { type: 'xstate.error.actor.fetchTicket', error: new Error('offline') },
    ],
    'socket.send': [{ type: 'socket.send', message: { type: 'ping' } }],
  },
});

let actor: Actor<typeof socketMachine>;
let sockets: ReturnType<typeof fakeSockets>;
let resyncs = 0;
let sessionsEnded = 0;
let delivered: unknown[] = [];
let tickets: ReturnType<typeof deferredActors>;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = fakeSockets();
  resyncs = 0;
  sessionsEnded = 0;
  delivered = [];
  tickets = deferredActors();
  const machine = socketMachine.provide({
    actors: {
      connection: createConnectionActor(sockets.factory),
      fetchTicket: tickets.actor<string>('fetchTicket'),
    },
    actions: {
      resync: () => {
        resyncs += 1;
      },
      ended: (_, { code }) => {
        if (code === SESSION_ENDED_CLOSE_CODE) sessionsEnded += 1;
      },
      deliverMessage: (_, params) => {
        delivered.push(params.message);
      },
    },
  });
  actor = createActor(machine, { input }).start();
});
afterEach(() => {
  actor.stop();
  vi.useRealTimers();
});

describe('socket machine, driven through its connection actor', () => {
  for (const path of model.paths) {
    it(path.description, async () => {
      let expectedResyncs = 0;
      await model.run(path, {
        events: {
          'socket.connect': () => actor.send({ type: 'socket.connect' }),
          'socket.disconnect': () => actor.send({ type: 'socket.disconnect' }),
          'socket.retry': () => actor.send({ type: 'socket.retry' }),
          'socket.online': () => actor.send({ type: 'socket.online' }),
          'socket.opened': () => {
            if (actor.getSnapshot().context.hasConnected) expectedResyncs += 1;
            sockets.latest.open();
          },
          'socket.message': ({ event }: { event: { message: unknown } }) =>
            sockets.latest.receive(event.message),
          'socket.closed': ({ event }: { event: { code: number } }) => sockets.latest.drop(event.code),
          'xstate.done.actor.fetchTicket': async () => {
            await vi.advanceTimersByTimeAsync(0);
            tickets.resolve('fetchTicket', 'ticket-1');
            await vi.advanceTimersByTimeAsync(0);
          },
          'xstate.error.actor.fetchTicket': async () => {
            await vi.advanceTimersByTimeAsync(0);
            tickets.reject('fetchTicket', new Error('offline'));
            await vi.advanceTimersByTimeAsync(0);
          },
          'socket.failed': () => sockets.latest.fail(),
          'socket.send': () => actor.send({ type: 'socket.send', message: { type: 'ping' } }),
          'xstate.after.connectTimeout.socket.session.open.connecting': () =>
            vi.advanceTimersByTime(SOCKET_CONNECT_TIMEOUT_MS),
          'xstate.after.heartbeatTimeout.socket.session.open.connected.listening': () =>
            vi.advanceTimersByTime(
              actor.getSnapshot().context.heartbeatIntervalMs * SOCKET_HEARTBEAT_TOLERANCE,
            ),
          'xstate.after.retryDelay.socket.disconnected': () =>
            vi.advanceTimersByTime(actor.getSnapshot().context.retryDelayMs),
        } as never,
        states: {
          idle: (snapshot) => {
            expect(socketStatus(actor.getSnapshot())).toBe('idle');
            // Leaving the console closes the socket on purpose (1000), if one was open.
            if (sockets.made.length) expect(sockets.latest.closedWith?.code ?? 1000).toBe(1000);
            expect(snapshot.context.attempt).toBe(0);
          },
          'session.ticketing': () => {
            expect(socketStatus(actor.getSnapshot())).toBe('connecting');
            expect(tickets.isWaiting('fetchTicket')).toBe(true);
          },
          'session.open.connecting': () => {
            expect(socketStatus(actor.getSnapshot())).toBe('connecting');
            // The socket asks for the ticket the API handed out.
            expect(sockets.latest.url).toBe(`${URL}?ticket=ticket-1`);
            expect(sockets.latest.closedWith).toBeNull();
          },
          'session.open.connected': () => {
            expect(socketStatus(actor.getSnapshot())).toBe('connected');
            expect(actor.getSnapshot().context.attempt).toBe(0);
            expect(resyncs).toBe(expectedResyncs);
          },
          disconnected: () => {
            expect(socketStatus(actor.getSnapshot())).toBe('disconnected');
            // The old socket (if one was opened) is closed or gone; the retry is scheduled at a jittered delay.
            if (sockets.made.length) expect(sockets.latest.readyState).toBe(3);
            expect(actor.getSnapshot().context.retryAt).not.toBeNull();
          },
          error: () => {
            expect(socketStatus(actor.getSnapshot())).toBe('error');
            if (sockets.made.length) expect(sockets.latest.readyState).toBe(3);
            // Retries used up is not the end of the session.
            expect(sessionsEnded).toBe(0);
          },
          ended: (snapshot) => {
            // The spec's five states have no "ended": the indicator shows an error.
            expect(socketStatus(actor.getSnapshot())).toBe('error');
            // Only a socket closed for an ended session tells the app the session is over, once.
            expect(snapshot.context.lastClose?.code).toBe(SESSION_ENDED_CLOSE_CODE);
            expect(sessionsEnded).toBe(1);
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

/** Asks for the connection and hands out a ticket, as the API would. */
async function connect() {
  actor.send({ type: 'socket.connect' });
  await vi.advanceTimersByTimeAsync(0);
  tickets.resolve('fetchTicket', 'ticket-1');
  await vi.advanceTimersByTimeAsync(0);
}

describe('socket behaviour', () => {
  it('passes pushed messages on and forwards pings while connected', async () => {
    await connect();
    sockets.latest.open();
    sockets.latest.receive(hello.type === 'socket.message' ? hello.message : null);
    actor.send({ type: 'socket.send', message: { type: 'ping' } });
    expect(delivered).toEqual([(hello as { message: unknown }).message]);
    expect(sockets.latest.sent).toEqual(['{"type":"ping"}']);
  });

  it('ignores messages it does not understand instead of failing', async () => {
    await connect();
    sockets.latest.open();
    sockets.latest.receive('not json');
    sockets.latest.receive({ type: 'from-the-future' });
    expect(socketStatus(actor.getSnapshot())).toBe('connected');
    expect(delivered).toEqual([]);
  });

  it('treats a heartbeat as proof of life: the connection survives as long as heartbeats arrive', async () => {
    await connect();
    sockets.latest.open();
    for (let i = 0; i < 5; i += 1) {
      vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
      sockets.latest.receive(heartbeat.type === 'socket.message' ? heartbeat.message : null);
    }
    expect(socketStatus(actor.getSnapshot())).toBe('connected');
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * SOCKET_HEARTBEAT_TOLERANCE);
    expect(socketStatus(actor.getSnapshot())).toBe('disconnected');
  });

  it('waits a full-jitter exponential delay, capped at 60 s', () => {
    expect(reconnectDelay(0, () => 1)).toBe(RECONNECT_BASE_DELAY_MS);
    expect(reconnectDelay(1, () => 1)).toBe(RECONNECT_BASE_DELAY_MS * 1.5);
    expect(reconnectDelay(3, () => 0.5)).toBe(Math.round(0.5 * RECONNECT_BASE_DELAY_MS * 1.5 ** 3));
    expect(reconnectDelay(50, () => 1)).toBe(RECONNECT_MAX_DELAY_MS);
    expect(reconnectDelay(4, () => 0)).toBe(0);
  });

  it('gives up after the retry cap and starts again when asked', async () => {
    await connect();
    for (let attempt = 0; attempt <= input.maxReconnectAttempts; attempt += 1) {
      sockets.latest.fail();
      if (attempt < input.maxReconnectAttempts) {
        await vi.advanceTimersByTimeAsync(actor.getSnapshot().context.retryDelayMs);
        tickets.resolve('fetchTicket', 'ticket-1');
        await vi.advanceTimersByTimeAsync(0);
      }
    }
    expect(socketStatus(actor.getSnapshot())).toBe('error');
    expect(sockets.made).toHaveLength(input.maxReconnectAttempts + 1);
    actor.send({ type: 'socket.retry' });
    expect(socketStatus(actor.getSnapshot())).toBe('connecting');
    expect(tickets.calls).toHaveLength(input.maxReconnectAttempts + 2);
  });

  it('stops and tells the app when the server ends the session', async () => {
    await connect();
    sockets.latest.open();
    sockets.latest.drop(SESSION_ENDED_CLOSE_CODE, 'session ended');
    expect(socketStatus(actor.getSnapshot())).toBe('error');
    expect(sessionsEnded).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(tickets.calls).toHaveLength(1);
  });
});

describe('the same machine as a serial console', () => {
  const consoleInput = {
    url: 'ws://console.test/resource-manager/console/abc',
    messages: consoleServerMessageSchema,
    heartbeats: false,
    finalCloseCodes: [ConsoleCloseCode.accessEnded, ConsoleCloseCode.gone],
    random: () => 0.5,
  };
  let consoleActor: Actor<typeof socketMachine>;
  let ended: number[];
  let received: unknown[];

  beforeEach(() => {
    ended = [];
    received = [];
    consoleActor = createActor(
      socketMachine.provide({
        actors: {
          connection: createConnectionActor(sockets.factory),
          fetchTicket: tickets.actor<string>('fetchTicket'),
        },
        actions: {
          ended: (_, { code }) => {
            ended.push(code);
          },
          deliverMessage: (_, { message }) => {
            received.push(message);
          },
        },
      }),
      { input: consoleInput },
    ).start();
  });
  afterEach(() => consoleActor.stop());

  async function open() {
    consoleActor.send({ type: 'socket.connect' });
    await vi.advanceTimersByTimeAsync(0);
    tickets.resolve('fetchTicket', 'ticket-1');
    await vi.advanceTimersByTimeAsync(0);
    sockets.latest.open();
  }

  it('delivers console output and drops live-connection messages it does not expect', async () => {
    await open();
    sockets.latest.receive({ type: 'output', data: 'login: ' });
    sockets.latest.receive({ type: 'heartbeat', serverTime: '2026-11-21T00:00:20.000Z' });
    expect(received).toEqual([{ type: 'output', data: 'login: ' }]);
    expect(sockets.latest.url).toBe(`${consoleInput.url}?ticket=ticket-1`);
  });

  it('stays connected through a long silence: the console pings at the WebSocket level instead', async () => {
    await open();
    vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS * SOCKET_HEARTBEAT_TOLERANCE * 10);
    expect(socketStatus(consoleActor.getSnapshot())).toBe('connected');
  });

  it('ends for good when the compute is gone, and reconnects after any other drop', async () => {
    await open();
    sockets.latest.drop(1006);
    expect(socketStatus(consoleActor.getSnapshot())).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(consoleActor.getSnapshot().context.retryDelayMs);
    tickets.resolve('fetchTicket', 'ticket-1');
    await vi.advanceTimersByTimeAsync(0);
    sockets.latest.open();
    sockets.latest.drop(ConsoleCloseCode.gone, 'destroyed');
    expect(consoleActor.getSnapshot().matches('ended')).toBe(true);
    expect(ended).toEqual([ConsoleCloseCode.gone]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(tickets.calls).toHaveLength(2);
  });
});
