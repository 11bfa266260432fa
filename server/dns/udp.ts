// The UDP listener: one datagram in, at most one datagram out, nothing a packet contains can stop it.
import { createSocket, type Socket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import type { Logger } from '../logger';
import type { Responder } from './respond';

/** Room for bursts of queries while the event loop is busy (the kernel caps it at net.core.rmem_max). */
const RECEIVE_BUFFER_OCTETS = 4 * 1024 * 1024;

export interface UdpListener {
  port: number;
  /** Whether queries arrive in batches (the native module) rather than one by one (dgram). */
  batched: boolean;
  close(): Promise<void>;
}

export function listenUdp(options: {
  host: string;
  port: number;
  respond: Responder;
  logger: Logger;
}): Promise<UdpListener> {
  const { host, port, respond, logger } = options;
  const socket: Socket = createSocket({
    type: isIPv6(host) ? 'udp6' : 'udp4',
    recvBufferSize: RECEIVE_BUFFER_OCTETS,
  });
  socket.on('message', (message, remote) => {
    let reply: Buffer | null;
    try {
      reply = respond(message, 'udp', remote.address);
    } catch (error) {
      logger.debug({ err: error, from: remote.address }, 'dns: dropped a UDP packet');
      return;
    }
    if (!reply) return;
    try {
      socket.send(reply, remote.port, remote.address, onSent);
    } catch (error) {
      // Only when the socket is closing: the answer is lost with it.
      logger.debug({ err: error }, 'dns: a UDP answer could not be sent');
    }
  });
  const onSent = (error: Error | null) => {
    if (error) logger.debug({ err: error }, 'dns: a UDP answer could not be sent');
  };

  return new Promise((resolvePromise, reject) => {
    const onListenError = (error: Error) => {
      socket.close();
      reject(error);
    };
    socket.once('error', onListenError);
    socket.bind(port, host, () => {
      socket.off('error', onListenError);
      // After the bind, an error is one packet's problem (ICMP unreachable and the like), not the server's.
      socket.on('error', (error) => logger.debug({ err: error }, 'dns: UDP socket error'));
      resolvePromise({
        port: socket.address().port,
        batched: false,
        close: () => new Promise((done) => socket.close(() => done())),
      });
    });
  });
}
