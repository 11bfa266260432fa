// A terminal for tests: opens a compute's serial console the way the console page does (ticket, origin),
// keeps everything it printed, and waits for text or a status to appear.
import * as v from 'valibot';
import WebSocket from 'ws';
import { consolePath, consoleServerMessageSchema } from '@/contract/console';
import { socketTicket } from './live-account';

export interface ConsoleProbe {
  ws: WebSocket;
  /** Everything printed since the terminal opened. */
  output(): string;
  statuses: { status: string; message?: string }[];
  /** Waits until the output printed after `since` (default: everything) matches. */
  waitFor(pattern: RegExp, options?: { since?: number; timeoutMs?: number }): Promise<string>;
  waitForStatus(status: string, timeoutMs?: number): Promise<void>;
  type(data: string): void;
  closed: Promise<{ code: number; reason: string }>;
  /** The HTTP status when the upgrade was refused. */
  refused: Promise<number>;
  opened: Promise<void>;
}

export async function openConsole(
  baseUrl: string,
  token: string,
  computeId: string,
  options: { origin?: string; ticket?: string | null } = {},
): Promise<ConsoleProbe> {
  const ticket = options.ticket === undefined ? await socketTicket(baseUrl, token) : options.ticket;
  const query = ticket === null ? '' : `?ticket=${encodeURIComponent(ticket)}`;
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}${consolePath(computeId)}${query}`, {
    origin: options.origin ?? baseUrl,
  });
  let output = '';
  const statuses: { status: string; message?: string }[] = [];
  const listeners = new Set<() => void>();
  ws.on('message', (data) => {
    const message = v.parse(consoleServerMessageSchema, JSON.parse(data.toString()));
    if (message.type === 'output') output += message.data;
    else statuses.push({ status: message.status, ...(message.message ? { message: message.message } : {}) });
    for (const listener of listeners) listener();
  });
  ws.on('error', () => {});
  const until = (done: () => boolean, what: string, timeoutMs: number) =>
    new Promise<void>((resolve, reject) => {
      if (done()) return resolve();
      const check = () => {
        if (!done()) return;
        listeners.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(
          new Error(
            `${what} within ${timeoutMs} ms; output so far:\n${output}\nstatuses: ${JSON.stringify(statuses)}`,
          ),
        );
      }, timeoutMs);
      listeners.add(check);
    });
  return {
    ws,
    output: () => output,
    statuses,
    waitFor: async (pattern, { since = 0, timeoutMs = 3_000 } = {}) => {
      await until(() => pattern.test(output.slice(since)), `no ${pattern}`, timeoutMs);
      return output.slice(since);
    },
    waitForStatus: (status, timeoutMs = 3_000) =>
      until(() => statuses.some((entry) => entry.status === status), `no status ${status}`, timeoutMs),
    type: (data) => ws.send(JSON.stringify({ type: 'input', data })),
    closed: new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    ),
    refused: new Promise((resolve) =>
      ws.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)),
    ),
    opened: new Promise((resolve) => ws.on('open', () => resolve())),
  };
}
