// The UDP listener on the native batching module (native/udp-batch.c): queries arrive in batches of up
// to 64 per system call and their answers leave the same way, with one call into JavaScript per batch.
// Same behaviour as udp.ts (one datagram in, at most one out, nothing a packet holds can stop it), at a
// fraction of the cost per query. Absent when the module is not built (no C compiler): udp.ts serves then.
import { createRequire } from 'node:module';
import { isIPv6 } from 'node:net';
import type { Logger } from '../logger';
import type { Responder } from './respond';
import type { UdpListener } from './udp';

interface NativeUdp {
  BATCH: number;
  SLOT: number;
  ADDRESS_OCTETS: number;
  socket(host: string, port: number, ipv6: boolean): { fd: number; port: number };
  closeSocket(fd: number): void;
  listen(
    fd: number,
    input: Buffer,
    output: Buffer,
    lengths: Buffer,
    addresses: Buffer,
    onBatch: (count: number) => void,
  ): unknown;
  stop(handle: unknown): void;
}

let loaded: NativeUdp | null | undefined;

/** The native module, or null when it is not built for this machine (or does not load). */
export function nativeUdp(): NativeUdp | null {
  if (loaded === undefined) {
    try {
      loaded = createRequire(import.meta.url)('./native/build/udp_batch.node') as NativeUdp;
    } catch {
      loaded = null;
    }
  }
  return loaded;
}

/** The client's address as udp.ts would give it: dotted IPv4, or IPv6 in its shortest form. */
function peerAddress(addresses: Buffer, offset: number): string {
  if (addresses[offset] === 4) {
    return `${addresses[offset + 3]}.${addresses[offset + 4]}.${addresses[offset + 5]}.${addresses[offset + 6]}`;
  }
  const groups: string[] = [];
  for (let index = 0; index < 8; index++)
    groups.push(addresses.readUInt16BE(offset + 3 + index * 2).toString(16));
  // The URL parser writes IPv6 addresses in their canonical, compressed form.
  return new URL(`http://[${groups.join(':')}]/`).hostname.slice(1, -1);
}

export function listenUdpBatched(
  native: NativeUdp,
  options: { host: string; port: number; respond: Responder; logger: Logger },
): Promise<UdpListener> {
  const { host, respond, logger } = options;
  const { BATCH, SLOT, ADDRESS_OCTETS } = native;
  let bound: { fd: number; port: number };
  try {
    bound = native.socket(host, options.port, isIPv6(host));
  } catch (error) {
    const message = (error as Error).message;
    return Promise.reject(
      Object.assign(new Error(message), message.startsWith('EADDRINUSE') ? { code: 'EADDRINUSE' } : {}),
    );
  }
  const input = Buffer.alloc(BATCH * SLOT);
  const output = Buffer.alloc(BATCH * SLOT);
  const lengthBytes = Buffer.alloc(BATCH * 2 * 4);
  const lengths = new Int32Array(lengthBytes.buffer, lengthBytes.byteOffset, BATCH * 2);
  const addresses = Buffer.alloc(BATCH * ADDRESS_OCTETS);
  const onBatch = (count: number) => {
    for (let index = 0; index < count; index++) {
      const length = lengths[index]!;
      // Longer than any query we answer: dropped, like a packet dgram could not read whole.
      if (length < 0) continue;
      const start = index * SLOT;
      const ready = respond.readyInto(input, start, length, output, start);
      if (ready > 0) {
        lengths[BATCH + index] = ready;
        continue;
      }
      const from = peerAddress(addresses, index * ADDRESS_OCTETS);
      let reply: Buffer | null;
      try {
        reply = respond(input.subarray(start, start + length), 'udp', from);
      } catch (error) {
        logger.debug({ err: error, from }, 'dns: dropped a UDP packet');
        continue;
      }
      if (!reply || reply.length > SLOT) continue;
      reply.copy(output, start);
      lengths[BATCH + index] = reply.length;
    }
  };
  const handle = native.listen(bound.fd, input, output, lengthBytes, addresses, onBatch);
  // The native side frees the listener when it stops: stopping it twice would touch freed memory.
  let stopped = false;
  return Promise.resolve({
    port: bound.port,
    batched: true,
    close: async () => {
      if (stopped) return;
      stopped = true;
      native.stop(handle);
    },
  });
}
