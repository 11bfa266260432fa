// The console WebSocket on the HTTP server's port. Every upgrade passes through handleUpgrade below, the
// one place where the identity issue adds ticket authentication and the Origin allowlist.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { PROBLEM_CONTENT_TYPE } from '../../src/contract/problem';
import { HEARTBEAT_INTERVAL_MS, MAX_CLIENT_MESSAGE_BYTES, SOCKET_PATH } from '../../src/contract/socket';
import { problemBody } from '../http/problem';
import type { Logger } from '../logger';
import { CloseCode, serveConnection } from './connection';

export interface SocketServerOptions {
  logger: Logger;
  /** Defaults to the contract's HEARTBEAT_INTERVAL_MS; tests shorten it. */
  heartbeatIntervalMs?: number;
  /** How long close() waits for clients to finish the close handshake before cutting them off. */
  closeTimeoutMs?: number;
}

export interface SocketServer {
  readonly clients: ReadonlySet<WebSocket>;
  /** Refuses new upgrades and closes every open socket with 1001 (going away). */
  close(): Promise<void>;
}

export function attachSocketServer(server: Server, options: SocketServerOptions): SocketServer {
  const { logger } = options;
  const heartbeatIntervalMs = options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_CLIENT_MESSAGE_BYTES });
  let closing = false;

  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== SOCKET_PATH) return refuseUpgrade(socket, 404, `No WebSocket is served at ${path}.`);
    if (closing) return refuseUpgrade(socket, 503, 'The server is shutting down; reconnect shortly.');
    wss.handleUpgrade(request, socket, head, (ws) => {
      logger.debug({ path }, 'socket connected');
      serveConnection(ws, { heartbeatIntervalMs, logger });
    });
  };
  server.on('upgrade', handleUpgrade);

  return {
    clients: wss.clients,
    close: async () => {
      closing = true;
      const open = [...wss.clients];
      await Promise.all(open.map((ws) => closeGracefully(ws, options.closeTimeoutMs ?? 2_000)));
      server.off('upgrade', handleUpgrade);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function closeGracefully(ws: WebSocket, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (ws.readyState === ws.CLOSED) return resolve();
    const timer = setTimeout(() => ws.terminate(), timeoutMs);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
    ws.close(CloseCode.goingAway, 'Server is shutting down');
  });
}

function refuseUpgrade(socket: Duplex, status: 404 | 503, detail: string): void {
  const body = JSON.stringify(problemBody(status, { detail }));
  const reason = status === 404 ? 'Not Found' : 'Service Unavailable';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
