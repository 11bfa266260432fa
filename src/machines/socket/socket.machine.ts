// A ticketed WebSocket that reconnects (SPEC §3, §4): idle → connecting → connected, and on loss
// disconnected (waiting to retry with full-jitter exponential backoff), error (retries used up) or ended
// (the server closed it for good: the session ended, the compute is gone). One machine serves the
// console's live connection and each serial console; they differ by URL, message schema, whether the
// server sends heartbeats, and which close codes are final.
import type { GenericSchema } from 'valibot';
import { assertEvent, assign, type SnapshotFrom, sendTo, setup } from 'xstate';
import { HEARTBEAT_INTERVAL_MS } from '@/contract/socket';
import {
  browserConnection,
  type ConnectionCommand,
  type ConnectionEvent,
  type ConnectionInput,
  fetchTicketActor,
} from './socket.actors';

/** The close code the server uses when the session behind a socket was revoked or expired. */
export const SESSION_ENDED_CLOSE_CODE = 4001;

export const SOCKET_CONNECT_TIMEOUT_MS = 5_000;
/** Silence longer than this many heartbeat intervals means the connection is gone. */
export const SOCKET_HEARTBEAT_TOLERANCE = 1.5;
export const RECONNECT_BASE_DELAY_MS = 2_000;
export const RECONNECT_FACTOR = 1.5;
export const RECONNECT_MAX_DELAY_MS = 60_000;
/** After this many failed reconnects in a row the console stops trying until asked (or back online). */
export const RECONNECT_MAX_ATTEMPTS = 10;

/** Full jitter: a random wait between 0 and the exponential ceiling for this attempt. */
export function reconnectDelay(attempt: number, random: () => number): number {
  const ceiling = Math.min(RECONNECT_MAX_DELAY_MS, RECONNECT_BASE_DELAY_MS * RECONNECT_FACTOR ** attempt);
  return Math.round(random() * ceiling);
}

export interface SocketInput {
  url: string;
  /** What every incoming message must match; the rest is ignored. */
  messages: GenericSchema;
  /**
   * Whether the server sends `hello` and `heartbeat` messages: then a silence longer than the
   * tolerance means the connection is gone. Default true.
   */
  heartbeats?: boolean;
  /** Close codes after which reconnecting cannot help; the machine ends. Default: the session ended. */
  finalCloseCodes?: readonly number[];
  random?: () => number;
  maxReconnectAttempts?: number;
}

export interface SocketContext {
  url: string;
  messages: GenericSchema;
  heartbeats: boolean;
  finalCloseCodes: readonly number[];
  random: () => number;
  maxReconnectAttempts: number;
  /** Reconnects tried since the last successful connection. */
  attempt: number;
  retryDelayMs: number;
  /** When the next reconnect starts (epoch ms), for the countdown in the header. */
  retryAt: number | null;
  heartbeatIntervalMs: number;
  /** Set after the first connection, so later ones know to resync what may have been missed. */
  hasConnected: boolean;
  lastClose: { code: number; reason: string } | null;
  /** The single-use pass for the next connection, fetched over the signed-in API. */
  ticket: string | null;
}

export type SocketEvent =
  | { type: 'socket.connect' }
  | { type: 'socket.disconnect' }
  | { type: 'socket.retry' }
  | { type: 'socket.online' }
  | ConnectionCommand
  | ConnectionEvent;

export const socketMachine = setup({
  types: {
    context: {} as SocketContext,
    events: {} as SocketEvent,
    input: {} as SocketInput,
  },
  actors: {
    connection: browserConnection,
    fetchTicket: fetchTicketActor,
  },
  actions: {
    // Filled in by the app with .provide(): what to do with pushed messages, after a reconnect, and
    // when the server closed the socket for good.
    deliverMessage: (_, _params: { message: unknown }) => {},
    resync: () => {},
    ended: (_, _params: { code: number; reason: string }) => {},
    rememberHello: assign({
      heartbeatIntervalMs: ({ context, event }) => {
        const message = event.type === 'socket.message' ? (event.message as HelloLike) : null;
        return message?.type === 'hello' && typeof message.heartbeatIntervalMs === 'number'
          ? message.heartbeatIntervalMs
          : context.heartbeatIntervalMs;
      },
    }),
    markConnected: assign({ attempt: 0, hasConnected: true, retryAt: null, lastClose: null }),
    rememberClose: assign({
      lastClose: ({ event }) =>
        event.type === 'socket.closed' ? { code: event.code, reason: event.reason } : null,
    }),
    scheduleRetry: assign(({ context }) => {
      const retryDelayMs = reconnectDelay(context.attempt, context.random);
      return { retryDelayMs, retryAt: Date.now() + retryDelayMs };
    }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1, retryAt: null }),
    resetAttempts: assign({ attempt: 0, retryAt: null }),
    forward: sendTo('connection', ({ event }) => {
      assertEvent(event, 'socket.send');
      return event;
    }),
  },
  guards: {
    hasConnectedBefore: ({ context }) => context.hasConnected,
    isOutOfRetries: ({ context }) => context.attempt >= context.maxReconnectAttempts,
    isFinalClose: ({ context, event }) =>
      event.type === 'socket.closed' && context.finalCloseCodes.includes(event.code),
    expectsHeartbeats: ({ context }) => context.heartbeats,
  },
  delays: {
    connectTimeout: SOCKET_CONNECT_TIMEOUT_MS,
    heartbeatTimeout: ({ context }) => context.heartbeatIntervalMs * SOCKET_HEARTBEAT_TOLERANCE,
    retryDelay: ({ context }) => context.retryDelayMs,
  },
}).createMachine({
  id: 'socket',
  context: ({ input }) => ({
    url: input.url,
    messages: input.messages,
    heartbeats: input.heartbeats ?? true,
    finalCloseCodes: input.finalCloseCodes ?? [SESSION_ENDED_CLOSE_CODE],
    random: input.random ?? Math.random,
    maxReconnectAttempts: input.maxReconnectAttempts ?? RECONNECT_MAX_ATTEMPTS,
    attempt: 0,
    retryDelayMs: 0,
    retryAt: null,
    heartbeatIntervalMs: HEARTBEAT_INTERVAL_MS,
    hasConnected: false,
    lastClose: null,
    ticket: null,
  }),
  initial: 'idle',
  on: {
    'socket.disconnect': { target: '.idle', actions: 'resetAttempts' },
  },
  states: {
    idle: {
      on: { 'socket.connect': 'session' },
    },
    session: {
      initial: 'ticketing',
      states: {
        /** Asks the API for a ticket first: only a signed-in browser may open the socket. */
        ticketing: {
          invoke: {
            id: 'fetchTicket',
            src: 'fetchTicket',
            onDone: { target: 'open', actions: assign({ ticket: ({ event }) => event.output }) },
            onError: [
              { guard: 'isOutOfRetries', target: '#socket.error' },
              { target: '#socket.disconnected' },
            ],
          },
        },
        // `connecting` and `connected` share one connection actor: it lives as long as either state.
        open: {
          invoke: {
            id: 'connection',
            src: 'connection',
            input: ({ context }): ConnectionInput => ({
              url: context.url,
              ticket: context.ticket ?? '',
              messages: context.messages,
            }),
          },
          on: {
            'socket.closed': [
              {
                guard: 'isFinalClose',
                target: '#socket.ended',
                actions: [
                  'rememberClose',
                  { type: 'ended', params: ({ event }) => ({ code: event.code, reason: event.reason }) },
                ],
              },
              { guard: 'isOutOfRetries', target: '#socket.error', actions: 'rememberClose' },
              { target: '#socket.disconnected', actions: 'rememberClose' },
            ],
            'socket.failed': [
              { guard: 'isOutOfRetries', target: '#socket.error' },
              { target: '#socket.disconnected' },
            ],
          },
          initial: 'connecting',
          states: {
            connecting: {
              after: {
                connectTimeout: [
                  { guard: 'isOutOfRetries', target: '#socket.error' },
                  { target: '#socket.disconnected' },
                ],
              },
              on: {
                'socket.opened': [
                  // After a reconnect, whatever was pushed while away is missing: refetch what is on screen.
                  { guard: 'hasConnectedBefore', target: 'connected', actions: 'resync' },
                  { target: 'connected' },
                ],
              },
            },
            connected: {
              entry: 'markConnected',
              on: { 'socket.send': { actions: 'forward' } },
              initial: 'listening',
              states: {
                listening: {
                  after: { heartbeatTimeout: { guard: 'expectsHeartbeats', target: '#socket.disconnected' } },
                  on: {
                    'socket.message': {
                      target: 'listening',
                      reenter: true,
                      actions: [
                        'rememberHello',
                        { type: 'deliverMessage', params: ({ event }) => ({ message: event.message }) },
                      ],
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    disconnected: {
      entry: 'scheduleRetry',
      after: { retryDelay: { target: 'session', actions: 'countAttempt' } },
      on: {
        'socket.retry': { target: 'session', actions: 'resetAttempts' },
        'socket.online': { target: 'session', actions: 'resetAttempts' },
        'socket.connect': { target: 'session', actions: 'resetAttempts' },
      },
    },
    error: {
      on: {
        'socket.retry': { target: 'session', actions: 'resetAttempts' },
        'socket.online': { target: 'session', actions: 'resetAttempts' },
        'socket.connect': { target: 'session', actions: 'resetAttempts' },
      },
    },
    /** Closed for good by the server; only a new start (a new sign-in) connects again. */
    ended: {
      on: { 'socket.connect': { target: 'session', actions: 'resetAttempts' } },
    },
  },
});

/** The shape of a `hello` message, read without knowing the socket's own schema. */
interface HelloLike {
  type?: unknown;
  heartbeatIntervalMs?: unknown;
}

export type SocketStatus = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'error';

/** The spec's five connection states, read off a snapshot of the machine (ended counts as an error). */
export function socketStatus(snapshot: SnapshotFrom<typeof socketMachine>): SocketStatus {
  if (snapshot.matches({ session: { open: 'connected' } })) return 'connected';
  if (snapshot.matches('session')) return 'connecting';
  if (snapshot.matches('disconnected')) return 'disconnected';
  if (snapshot.matches('error') || snapshot.matches('ended')) return 'error';
  return 'idle';
}
