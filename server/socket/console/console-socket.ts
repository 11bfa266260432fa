// One terminal attached to a compute's serial console over /resource-manager/console/<computeId>: output
// and status from the driver's console, input and resize from the terminal (src/contract/console.ts).
// Reconnecting attaches to the same console again: its scrollback, then the prompt where it was.
import * as v from 'valibot';
import type { WebSocket } from 'ws';
import { ConsoleCloseCode, type ConsoleServerMessage, consoleClientMessageSchema } from '@/contract/console';
import type { ConsoleAttachment, ConsoleSink } from '../../drivers/compute/compute-driver';
import type { Logger } from '../../logger';
import { CloseCode } from '../connection';

export interface ConsoleConnectionOptions {
  computeId: string;
  attach(sink: ConsoleSink): Promise<ConsoleAttachment | undefined>;
  /** Whether the user may still use this console (still a member of the team, the compute still there). */
  stillAllowed(): Promise<boolean>;
  /**
   * Calls `recheck` whenever the user's memberships change (removed from a team, a new role), on whichever
   * server the change was made; answers how to stop. Between changes, each heartbeat checks too.
   */
  watchAccess?(recheck: () => void): () => void;
  heartbeatIntervalMs: number;
  logger: Logger;
}

export function serveConsole(ws: WebSocket, options: ConsoleConnectionOptions): void {
  const { logger } = options;
  let attachment: ConsoleAttachment | undefined;
  let answeredLastPing = true;
  const send = (message: ConsoleServerMessage) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  const sink: ConsoleSink = {
    output: (data) => send({ type: 'output', data }),
    status: (status, message) =>
      send({ type: 'status', status, ...(message === undefined ? {} : { message }) }),
    end: (reason) => {
      send({ type: 'status', status: 'destroyed', message: reason });
      ws.close(ConsoleCloseCode.gone, reason.slice(0, 120));
    },
  };

  const beat = setInterval(() => {
    if (!answeredLastPing) {
      ws.terminate();
      return;
    }
    answeredLastPing = false;
    ws.ping();
    checkAccess();
  }, options.heartbeatIntervalMs);
  // Membership can change while a terminal stays open: someone removed from the team loses the console at
  // once (told by the membership change), or at the latest at the next heartbeat.
  function checkAccess() {
    options.stillAllowed().then(
      (allowed) => {
        if (!allowed && ws.readyState === ws.OPEN) {
          attachment?.detach();
          attachment = undefined;
          ws.close(ConsoleCloseCode.accessEnded, 'You no longer have access to this compute.');
        }
      },
      (error: unknown) => logger.debug({ err: error }, 'console access check failed'),
    );
  }
  const stopWatching = options.watchAccess?.(checkAccess);
  ws.on('pong', () => {
    answeredLastPing = true;
  });

  const attached = options.attach(sink).then(
    (result) => {
      attachment = result;
      if (!result) {
        sink.status('unavailable', 'This compute has no console right now.');
        ws.close(ConsoleCloseCode.gone, 'No console');
      }
      // A socket closed while attaching must not stay attached.
      if (ws.readyState !== ws.OPEN) result?.detach();
    },
    (error: unknown) => {
      logger.error({ err: error, computeId: options.computeId }, 'console attach failed');
      ws.close(1011, 'The console is not available right now');
    },
  );

  ws.on('close', () => {
    clearInterval(beat);
    stopWatching?.();
    attachment?.detach();
  });
  ws.on('error', (error) => logger.debug({ err: error }, 'console socket error'));

  ws.on('message', (data, isBinary) => {
    if (isBinary) return ws.close(CloseCode.unsupportedData, 'Binary messages are not supported');
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return ws.close(CloseCode.policyViolation, 'Invalid message: not JSON');
    }
    const result = v.safeParse(consoleClientMessageSchema, parsed);
    if (!result.success) return ws.close(CloseCode.policyViolation, 'Invalid message: not in the contract');
    const message = result.output;
    // Keystrokes typed while attaching are kept in order, not lost.
    void attached.then(() => {
      if (!attachment) return;
      if (message.type === 'input') attachment.input(message.data);
      else attachment.resize(message.cols, message.rows);
    });
  });
}
