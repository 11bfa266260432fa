// The socket machine's connection actor: one WebSocket for as long as the machine stays connected.
import * as v from 'valibot';
import { fromCallback, fromPromise } from 'xstate';
import { parseJson } from '@/domain/helpers/json';

export interface ConnectionInput {
  url: string;
  /** The single-use pass the server checks before accepting the socket. */
  ticket: string;
  /** What an incoming message must match to be delivered. */
  messages: v.GenericSchema;
}

/** Events the connection sends back to the socket machine; `message` matched the socket's schema. */
export type ConnectionEvent =
  | { type: 'socket.opened' }
  | { type: 'socket.message'; message: unknown }
  | { type: 'socket.closed'; code: number; reason: string }
  | { type: 'socket.failed' };

/** Events the socket machine forwards to the connection (serialised as JSON). */
export type ConnectionCommand = { type: 'socket.send'; message: unknown };

/** The part of the WebSocket API the connection uses, so tests can hand in a controllable one. */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

const OPEN = 1;
const CLOSING = 2;

/** Builds the connection actor on top of a socket factory (the browser's WebSocket by default). */
export function createConnectionActor(createSocket: SocketFactory) {
  return fromCallback<ConnectionCommand, ConnectionInput, ConnectionEvent>(({ input, sendBack, receive }) => {
    const url = new URL(input.url);
    url.searchParams.set('ticket', input.ticket);
    const socket = createSocket(url.toString());
    socket.onopen = () => sendBack({ type: 'socket.opened' });
    socket.onmessage = ({ data }) => {
      if (typeof data !== 'string') return;
      const parsed = v.safeParse(input.messages, parseJson(data));
      // A message this console doesn't understand (a newer server) is ignored rather than fatal.
      if (parsed.success) sendBack({ type: 'socket.message', message: parsed.output });
    };
    socket.onclose = ({ code, reason }) => sendBack({ type: 'socket.closed', code, reason });
    socket.onerror = () => sendBack({ type: 'socket.failed' });
    receive((command) => {
      if (socket.readyState === OPEN) socket.send(JSON.stringify(command.message));
    });
    return () => {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      // 1000: the console closed it on purpose (sign-out, leaving, or a reconnect after a timeout).
      if (socket.readyState < CLOSING) socket.close(1000, 'client closing');
    };
  });
}

export const browserConnection = createConnectionActor((url) => new WebSocket(url) as unknown as SocketLike);

/** The socket URL on the console's own host (or the configured API host). */
export function socketUrl(base: string, path: string): string {
  const url = new URL(path, base);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

/** Gets a fresh ticket from the signed-in API for the next connection. */
export const fetchTicketActor = fromPromise<string>(async () => {
  // Loaded on first use: the API client is not needed until the console connects.
  const { fetchSocketTicket } = await import('@/services/auth.api');
  return (await fetchSocketTicket()).ticket;
});
