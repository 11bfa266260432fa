// The TCP listener: 2-octet length framing, several queries per connection answered in order, and limits
// (idle/partial-message deadline, message size, connections, unread output) so no client can hold it.
import { createServer, type Socket } from 'node:net';
import type { Logger } from '../logger';
import type { Responder } from './respond';

export interface TcpLimits {
  /** A connection must complete a query this often, else it is closed (RFC 7766 §6.2.3: seconds). */
  idleTimeoutMs: number;
  /** The largest query accepted; a bigger length prefix closes the connection. */
  maxQueryOctets: number;
  maxConnections: number;
  maxConnectionsPerClient: number;
  /** Answers a client has not read yet; beyond this it is not reading and is closed. */
  maxUnreadOctets: number;
}

export const DEFAULT_TCP_LIMITS: TcpLimits = {
  idleTimeoutMs: 10_000,
  maxQueryOctets: 4_096,
  maxConnections: 1_000,
  maxConnectionsPerClient: 50,
  maxUnreadOctets: 1_048_576,
};

export interface TcpListener {
  port: number;
  close(): Promise<void>;
}

export function listenTcp(options: {
  host: string;
  port: number;
  respond: Responder;
  logger: Logger;
  limits?: Partial<TcpLimits>;
}): Promise<TcpListener> {
  const { host, port, respond, logger } = options;
  const limits = { ...DEFAULT_TCP_LIMITS, ...options.limits };
  const connections = new Set<Socket>();
  const perClient = new Map<string, number>();

  const server = createServer({ noDelay: true }, (socket) => {
    const client = socket.remoteAddress ?? '';
    const count = (perClient.get(client) ?? 0) + 1;
    if (count > limits.maxConnectionsPerClient) {
      logger.debug({ from: client }, 'dns: refused a TCP connection over the per-client limit');
      socket.destroy();
      return;
    }
    perClient.set(client, count);
    connections.add(socket);
    serveConnection(socket, client);
    socket.once('close', () => {
      connections.delete(socket);
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    });
  });
  server.maxConnections = limits.maxConnections;
  server.on('drop', () => logger.debug('dns: dropped a TCP connection over the connection limit'));

  function serveConnection(socket: Socket, client: string) {
    let pending: Buffer = Buffer.alloc(0);
    // One deadline for idling and for trickling a query byte by byte: only a whole query resets it.
    const deadline = setTimeout(() => {
      logger.debug({ from: client }, 'dns: closed a TCP connection that sent no complete query in time');
      socket.destroy();
    }, limits.idleTimeoutMs);
    socket.once('close', () => clearTimeout(deadline));
    socket.on('error', (error) => logger.debug({ err: error, from: client }, 'dns: TCP connection error'));
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      while (pending.length >= 2) {
        const size = pending.readUInt16BE(0);
        if (size > limits.maxQueryOctets) {
          logger.debug({ from: client, size }, 'dns: closed a TCP connection sending an oversized message');
          socket.destroy();
          return;
        }
        if (pending.length < 2 + size) break;
        const message = pending.subarray(2, 2 + size);
        pending = pending.subarray(2 + size);
        deadline.refresh();
        let reply: Buffer | Buffer[] | null = null;
        try {
          reply = respond(message, 'tcp', client);
        } catch (error) {
          logger.debug({ err: error, from: client }, 'dns: dropped a TCP message');
        }
        if (!reply) continue;
        for (const one of Array.isArray(reply) ? reply : [reply]) {
          const frame = Buffer.allocUnsafe(2 + one.length);
          frame.writeUInt16BE(one.length, 0);
          one.copy(frame, 2);
          socket.write(frame);
        }
        // A zone transfer (several messages, to a secondary that proved its key) may be larger than the limit.
        if (!Array.isArray(reply) && socket.writableLength > limits.maxUnreadOctets) {
          logger.debug({ from: client }, 'dns: closed a TCP connection that does not read its answers');
          socket.destroy();
          return;
        }
      }
      // Keep what is left in a buffer of its own, not a view pinning a large chunk.
      if (pending.length > 0 && pending.byteOffset > 0) pending = Buffer.from(pending);
    });
  }

  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen({ port, host, exclusive: true }, () => {
      server.off('error', reject);
      server.on('error', (error) => logger.warn({ err: error }, 'dns: TCP listener error'));
      const address = server.address();
      resolvePromise({
        port: typeof address === 'object' && address ? address.port : port,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            for (const socket of connections) socket.destroy();
          }),
      });
    });
  });
}
