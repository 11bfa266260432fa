// One console connection: hello on open, a heartbeat on a fixed beat, pong for ping, and a close with a
// reason for anything outside the contract. A peer that stops answering WebSocket pings is cut off.
import * as v from 'valibot';
import type { WebSocket } from 'ws';
import { clientMessageSchema, type ServerMessage } from '@/contract/socket';
import type { Logger } from '../logger';

/** Close codes a client may see (RFC 6455 §7.4.1). */
export const CloseCode = {
  goingAway: 1001,
  unsupportedData: 1003,
  policyViolation: 1008,
  messageTooBig: 1009,
  /** Application range (4000–4999): the session behind the socket was signed out, revoked or expired. */
  sessionEnded: 4001,
} as const;

export interface ConnectionOptions {
  heartbeatIntervalMs: number;
  logger: Logger;
  /** Registers the socket for live updates (server/socket/live-updates.ts); returns the unsubscribe. */
  subscribe?: (deliver: (message: ServerMessage) => void) => () => void;
}

export function serveConnection(ws: WebSocket, options: ConnectionOptions): void {
  const { heartbeatIntervalMs, logger } = options;
  let answeredLastPing = true;

  const send = (message: ServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const refuse = (code: number, reason: string) => {
    logger.debug({ code, reason }, 'socket message refused');
    ws.close(code, reason);
  };

  ws.on('pong', () => {
    answeredLastPing = true;
  });

  const beat = setInterval(() => {
    // A half-open TCP connection (laptop lid closed, NAT timeout) never reports its end: only the
    // missing pong does. Terminate rather than close, since a close handshake would wait on it too.
    if (!answeredLastPing) {
      logger.debug('socket peer stopped answering pings');
      ws.terminate();
      return;
    }
    answeredLastPing = false;
    ws.ping();
    send({ type: 'heartbeat', serverTime: new Date().toISOString() });
  }, heartbeatIntervalMs);

  const unsubscribe = options.subscribe?.(send);
  ws.on('close', () => {
    clearInterval(beat);
    unsubscribe?.();
  });
  // ws reports oversized frames and protocol errors here after closing with the matching code (e.g. 1009).
  ws.on('error', (error) => logger.debug({ err: error }, 'socket error'));

  ws.on('message', (data, isBinary) => {
    if (isBinary) return refuse(CloseCode.unsupportedData, 'Binary messages are not supported');
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return refuse(CloseCode.policyViolation, 'Invalid message: not JSON');
    }
    const result = v.safeParse(clientMessageSchema, parsed);
    if (!result.success) return refuse(CloseCode.policyViolation, 'Invalid message: not in the contract');
    switch (result.output.type) {
      case 'ping':
        send({ type: 'pong' });
        break;
    }
  });

  send({ type: 'hello', serverTime: new Date().toISOString(), heartbeatIntervalMs });
}
