// The console WebSocket on the HTTP server's port. Every upgrade passes through handleUpgrade below: the
// Origin allowlist and a single-use ticket (admission.ts) come before the handshake, and a socket closes
// with 4001 the moment its session ends.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { PROBLEM_CONTENT_TYPE } from '@/contract/problem';
import { HEARTBEAT_INTERVAL_MS, MAX_CLIENT_MESSAGE_BYTES, SOCKET_PATH } from '@/contract/socket';
import type { ComputeService } from '../computes';
import { problemBody } from '../http/problem';
import { inLanguage } from '../i18n/languages';
import { languageAsked } from '../i18n/request-language';
import { t } from '../i18n/t';
import type { Identity } from '../identity';
import type { Logger } from '../logger';
import { CONSOLE_PATH_PREFIX } from '../resource-manager';
import { admit } from './admission';
import { CloseCode, serveConnection } from './connection';
import { serveConsole } from './console/console-socket';
import type { LiveUpdates } from './live-updates';

export interface SocketServerOptions {
  logger: Logger;
  /** Defaults to the contract's HEARTBEAT_INTERVAL_MS; tests shorten it. */
  heartbeatIntervalMs?: number;
  /** How long close() waits for clients to finish the close handshake before cutting them off. */
  closeTimeoutMs?: number;
  /** Spends tickets and reports ended sessions. */
  identity: Identity;
  /** ALLOWED_ORIGINS; undefined allows the origin whose host is the request's Host. */
  allowedOrigins?: readonly string[];
  /** Where the console socket's connections subscribe for compute (and later) updates. */
  live?: LiveUpdates;
  /** Serves the serial consoles at /resource-manager/console/<computeId>; without it they answer 404. */
  computes?: ComputeService;
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
  const bySession = new Map<string, Set<WebSocket>>();

  const track = (sessionId: string, ws: WebSocket) => {
    const open = bySession.get(sessionId) ?? new Set();
    open.add(ws);
    bySession.set(sessionId, open);
    ws.on('close', () => {
      open.delete(ws);
      if (open.size === 0 && bySession.get(sessionId) === open) bySession.delete(sessionId);
    });
  };
  const stopListening = options.identity.sessionEvents.onEnded((sessionIds) => {
    for (const sessionId of sessionIds) {
      for (const ws of bySession.get(sessionId) ?? []) ws.close(CloseCode.sessionEnded, 'session ended');
    }
  });

  // A refusal is written in the language the handshake asks for (a browser sends its Accept-Language).
  const handleUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) =>
    inLanguage(languageAsked(request.headers['accept-language']), () => upgrade(request, socket, head));
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const consoleOf = consoleComputeId(path);
    if (path !== SOCKET_PATH && consoleOf === undefined) {
      return refuseUpgrade(socket, 404, t('socket.problem.notServed', { path }));
    }
    if (closing) return refuseUpgrade(socket, 503, t('socket.problem.shuttingDown'));
    admit(request, options.identity, options.allowedOrigins).then(
      async (admission) => {
        if (!admission.admitted) return refuseUpgrade(socket, admission.status, admission.detail);
        const computes = options.computes;
        // A compute of a team the user is not in answers exactly like one that does not exist.
        if (
          consoleOf !== undefined &&
          !(computes && (await computes.consoleAccess(admission.userId, consoleOf)))
        ) {
          return refuseUpgrade(socket, 404, t('socket.problem.noSuchCompute'));
        }
        if (closing) return refuseUpgrade(socket, 503, t('socket.problem.shuttingDown'));
        if (socket.destroyed) return;
        wss.handleUpgrade(request, socket, head, (ws) => {
          logger.debug({ path }, 'socket connected');
          track(admission.sessionId, ws);
          if (consoleOf !== undefined && computes) {
            serveConsole(ws, {
              computeId: consoleOf,
              attach: (sink) => computes.driver.attachConsole(consoleOf, sink),
              stillAllowed: async () =>
                (await computes.consoleAccess(admission.userId, consoleOf)) !== undefined,
              ...(options.live
                ? {
                    watchAccess: (recheck: () => void) =>
                      options.live!.subscribe(admission.userId, (message) => {
                        if (message.type === 'membership.changed') recheck();
                      }),
                  }
                : {}),
              heartbeatIntervalMs,
              logger,
            });
            return;
          }
          const live = options.live;
          serveConnection(ws, {
            heartbeatIntervalMs,
            logger,
            ...(live ? { subscribe: (deliver) => live.subscribe(admission.userId, deliver) } : {}),
          });
        });
      },
      (error: unknown) => {
        logger.error({ err: error }, 'socket admission failed');
        refuseUpgrade(socket, 503, 'The socket cannot be opened right now; try again shortly.');
      },
    );
  };
  server.on('upgrade', handleUpgrade);

  return {
    clients: wss.clients,
    close: async () => {
      closing = true;
      const open = [...wss.clients];
      await Promise.all(open.map((ws) => closeGracefully(ws, options.closeTimeoutMs ?? 2_000)));
      server.off('upgrade', handleUpgrade);
      stopListening();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The compute id of a console path; '' for a console path naming no valid id (then 404 after admission). */
function consoleComputeId(path: string): string | undefined {
  if (!path.startsWith(`${CONSOLE_PATH_PREFIX}/`)) return undefined;
  const id = path.slice(CONSOLE_PATH_PREFIX.length + 1);
  return UUID.test(id) ? id.toLowerCase() : '';
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

const REASONS = {
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  503: 'Service Unavailable',
} as const;

function refuseUpgrade(socket: Duplex, status: keyof typeof REASONS, detail: string): void {
  if (socket.destroyed) return;
  const body = JSON.stringify(problemBody(status, { detail }));
  const reason = REASONS[status];
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
