// A WebSocket client for tests that queues what it receives, so no message is missed between awaits.
import WebSocket, { type ClientOptions } from 'ws';

export interface SocketProbe {
  ws: WebSocket;
  /** The next message, parsed as JSON; rejects after timeoutMs. */
  next(timeoutMs?: number): Promise<unknown>;
  /** Resolves with the close code and reason as the client saw them. */
  closed: Promise<{ code: number; reason: string }>;
}

export function openSocket(url: string, options: ClientOptions = {}): SocketProbe {
  const ws = new WebSocket(url, options);
  const queue: unknown[] = [];
  const waiters: ((message: unknown) => void)[] = [];
  ws.on('message', (data) => {
    const message: unknown = JSON.parse(data.toString());
    const waiter = waiters.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  // Errors (refused upgrade, reset) also end in 'close'; the tests assert on that.
  ws.on('error', () => {});
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
  });
  return {
    ws,
    closed,
    next: (timeoutMs = 2_000) => {
      if (queue.length > 0) return Promise.resolve(queue.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no message within ${timeoutMs} ms`)), timeoutMs);
        waiters.push((message) => {
          clearTimeout(timer);
          resolve(message);
        });
      });
    },
  };
}

export function opened(ws: WebSocket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (ws.readyState === WebSocket.OPEN) return resolve();
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
}
