// The serial console's own WebSocket: a ticket from the API, then the socket; on a drop it reconnects
// with the same backoff as the live connection, and says what it is doing.
import { useCallback, useEffect, useRef, useState } from 'react';
import * as v from 'valibot';
import {
  type ConsoleClientMessage,
  type ConsoleServerMessage,
  consolePath,
  consoleServerMessageSchema,
} from '../../../../../contract/console';
import { parseJson } from '../../../../../domain/helpers/json';
import { reconnectDelay, socketUrl } from '../../../../../machines/socket';
import { fetchSocketTicket } from '../../../../../services/auth.api';
import { apiOrigin } from '../../../../../services/config';

export type ConsoleState = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'ended';

/** Close codes after which reconnecting cannot help (server/socket/console): the compute is gone, or access ended. */
const FINAL_CLOSE_CODES = new Set([4003, 4004]);

const MAX_ATTEMPTS = 10;

export function useConsoleConnection(computeId: string, onMessage: (message: ConsoleServerMessage) => void) {
  const [state, setState] = useState<ConsoleState>('connecting');
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const socket = useRef<WebSocket | null>(null);
  const attempt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const closed = useRef(false);
  const deliver = useRef(onMessage);
  deliver.current = onMessage;

  const connect = useCallback(async () => {
    clearTimeout(timer.current);
    setRetryAt(null);
    setState(attempt.current === 0 ? 'connecting' : 'reconnecting');
    const retryLater = () => {
      if (closed.current) return;
      if (attempt.current >= MAX_ATTEMPTS) {
        setState('failed');
        return;
      }
      const delay = reconnectDelay(attempt.current, Math.random);
      attempt.current += 1;
      setState('reconnecting');
      setRetryAt(Date.now() + delay);
      timer.current = setTimeout(() => void connect(), delay);
    };
    let ticket: string;
    try {
      ticket = (await fetchSocketTicket()).ticket;
    } catch {
      retryLater();
      return;
    }
    if (closed.current) return;
    const url = new URL(socketUrl(apiOrigin(), consolePath(computeId)));
    url.searchParams.set('ticket', ticket);
    const ws = new WebSocket(url);
    socket.current = ws;
    ws.onopen = () => {
      attempt.current = 0;
      setState('connected');
    };
    ws.onmessage = ({ data }) => {
      const parsed = v.safeParse(consoleServerMessageSchema, parseJson(typeof data === 'string' ? data : ''));
      if (parsed.success) deliver.current(parsed.output);
    };
    ws.onclose = ({ code }) => {
      if (socket.current === ws) socket.current = null;
      if (FINAL_CLOSE_CODES.has(code)) {
        setState('ended');
        return;
      }
      retryLater();
    };
  }, [computeId]);

  useEffect(() => {
    closed.current = false;
    attempt.current = 0;
    void connect();
    return () => {
      closed.current = true;
      clearTimeout(timer.current);
      socket.current?.close(1000, 'console closed');
    };
  }, [connect]);

  const send = useCallback((message: ConsoleClientMessage) => {
    if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify(message));
  }, []);

  const reconnectNow = useCallback(() => {
    attempt.current = 0;
    const old = socket.current;
    if (old) {
      // This close is ours: it must not schedule a reconnect of its own.
      old.onclose = null;
      old.close(1000, 'reconnecting');
      socket.current = null;
    }
    void connect();
  }, [connect]);

  return { state, retryAt, send, reconnectNow };
}
