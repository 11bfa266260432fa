// Who is asking: the client address (for limits and the sessions list) and the user agent.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { ClientInfo } from '../identity/sessions';
import type { AppEnv } from './env';

export function clientInfo(c: Context<AppEnv>): ClientInfo {
  return { userAgent: c.req.header('User-Agent') ?? null, ip: clientIp(c) };
}

/**
 * The peer address of the TCP connection, or with TRUST_PROXY the last X-Forwarded-For entry: the one the
 * operator's own proxy appended. Earlier entries are whatever the client chose to send.
 */
export function clientIp(c: Context<AppEnv>): string | null {
  if (c.get('identity').config.trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',').at(-1)?.trim();
    if (forwarded) return tidy(forwarded);
  }
  // @hono/node-server hands the Node request over as env.incoming; app.request() in tests may not.
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const address = incoming?.socket?.remoteAddress;
  return address ? tidy(address) : null;
}

/** IPv4 clients on a dual-stack socket show up as ::ffff:192.0.2.1. */
function tidy(address: string): string {
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}
