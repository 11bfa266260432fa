// Who may open the console WebSocket: a page from an allowed origin (against cross-site WebSocket
// hijacking) holding a fresh single-use ticket (the browser cannot send its bearer token on a handshake).
import type { IncomingMessage } from 'node:http';
import { t } from '../i18n/t';
import type { Identity } from '../identity';

export type Admission =
  | { admitted: true; sessionId: string; userId: string }
  | { admitted: false; status: 401 | 403; detail: string };

/**
 * With an allowlist, the Origin must be on it. Without one, the page must come from the host the socket
 * is requested on (same origin, whatever port or proxy is in front). A missing Origin is refused: every
 * browser sends one, so only a non-browser client lacks it, and it can set one.
 */
export function isOriginAllowed(
  origin: string | undefined,
  host: string | undefined,
  allowedOrigins: readonly string[] | undefined,
): boolean {
  if (!origin || origin === 'null') return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (allowedOrigins) return allowedOrigins.includes(url.origin);
  return host !== undefined && url.host.toLowerCase() === host.toLowerCase();
}

export async function admit(
  request: IncomingMessage,
  identity: Identity,
  allowedOrigins: readonly string[] | undefined,
): Promise<Admission> {
  if (!isOriginAllowed(request.headers.origin, request.headers.host, allowedOrigins)) {
    return {
      admitted: false,
      status: 403,
      detail: t('socket.problem.originRefused'),
    };
  }
  const ticket = new URL(request.url ?? '/', 'http://localhost').searchParams.get('ticket');
  if (!ticket) {
    return {
      admitted: false,
      status: 401,
      detail: t('socket.problem.ticketMissing'),
    };
  }
  const session = await identity.tickets.redeem(ticket);
  if (!session) {
    return {
      admitted: false,
      status: 401,
      detail: t('socket.problem.ticketInvalid'),
    };
  }
  return { admitted: true, sessionId: session.id, userId: session.userId };
}
