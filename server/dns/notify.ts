// NOTIFY (RFC 1996): when a zone changes, each secondary is told at once, over UDP and signed with the
// transfer key, so it asks for the new version instead of waiting for its refresh timer. A secondary
// that does not answer is told again a few times, then left to its refresh timer (logged).

import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { isIPv6 } from 'node:net';
import { BackgroundWork } from '../background-work';
import type { Logger } from '../logger';
import { encodeName, OPCODE, TYPE } from './names';
import { parseQuery } from './query';
import { type TsigKey, TsigSigner, verifyResponse } from './tsig';

export interface Secondary {
  host: string;
  port: number;
}

export const NOTIFY_ATTEMPTS = 5;
export const NOTIFY_RETRY_MS = 2_000;

/** A NOTIFY message for `zone`: opcode 4, AA, one question (zone, SOA, IN). */
export function notifyMessage(id: number, zone: string): Buffer {
  const header = Buffer.alloc(12);
  header.writeUInt16BE(id, 0);
  header.writeUInt16BE((OPCODE.NOTIFY << 11) | 0x0400, 2);
  header.writeUInt16BE(1, 4);
  const tail = Buffer.alloc(4);
  tail.writeUInt16BE(TYPE.SOA, 0);
  tail.writeUInt16BE(1, 2);
  return Buffer.concat([header, encodeName(zone), tail]);
}

/** Whether `reply` is a NOTIFY response to request `id`, signed with `key` over our request's MAC. */
function acknowledges(reply: Buffer, id: number, key: TsigKey, requestMac: Buffer): boolean {
  if (reply.length < 12 || reply.readUInt16BE(0) !== id) return false;
  const flags = reply.readUInt16BE(2);
  if (!(flags & 0x8000) || ((flags >> 11) & 0xf) !== OPCODE.NOTIFY || (flags & 0xf) !== 0) return false;
  // parseQuery reads the question and finds the TSIG; it refuses responses, so the QR bit is cleared first.
  const copy = Buffer.from(reply);
  copy.writeUInt16BE(flags & 0x7fff & ~(0xf << 11), 2);
  const parsed = parseQuery(copy);
  if (parsed.kind !== 'query' || !parsed.query.tsig) return false;
  return verifyResponse(reply, parsed.query.tsig, key, requestMac);
}

export class Notifier {
  private readonly pending: BackgroundWork;
  private readonly cancels = new Set<() => void>();
  private closed = false;

  constructor(
    private readonly secondaries: Secondary[],
    private readonly key: TsigKey,
    private readonly logger: Logger,
    private readonly retryMs = NOTIFY_RETRY_MS,
  ) {
    this.pending = new BackgroundWork((error) => logger.warn({ err: error }, 'dns: could not send NOTIFY'));
  }

  /** Tells every secondary the zone changed; resolves at once (the sending goes on in the background). */
  notify(zone: string, serial: number): void {
    if (this.closed) return;
    for (const secondary of this.secondaries) {
      this.pending.track(
        this.send(secondary, zone, serial).catch((error: unknown) =>
          this.logger.warn({ err: error, zone, secondary }, 'dns: could not send NOTIFY'),
        ),
      );
    }
  }

  /** Resolves once every NOTIFY under way is acknowledged or given up. */
  settled(): Promise<void> {
    return this.pending.settled();
  }

  /** Stops retrying at once: a secondary not told yet catches up at its refresh. */
  async close(): Promise<void> {
    this.closed = true;
    for (const cancel of this.cancels) cancel();
    await this.settled();
  }

  private send(secondary: Secondary, zone: string, serial: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = createSocket(isIPv6(secondary.host) ? 'udp6' : 'udp4');
      const id = randomInt(65_536);
      const signer = new TsigSigner(this.key, undefined);
      const message = signer.sign(notifyMessage(id, zone));
      const requestMac = signer.lastMac!;
      let attempt = 0;
      let timer: NodeJS.Timeout | undefined;
      let done = false;
      const finish = (error?: Error) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        this.cancels.delete(cancel);
        socket.close();
        if (error) reject(error);
        else resolve();
      };
      const cancel = () => finish();
      this.cancels.add(cancel);
      const attemptOnce = () => {
        if (this.closed || attempt >= NOTIFY_ATTEMPTS) {
          if (!this.closed) {
            this.logger.warn(
              { zone, serial, secondary: `${secondary.host}:${secondary.port}`, attempts: attempt },
              'dns: a secondary did not acknowledge NOTIFY; it will catch up at its next refresh',
            );
          }
          finish();
          return;
        }
        attempt++;
        socket.send(message, secondary.port, secondary.host);
        timer = setTimeout(attemptOnce, this.retryMs);
      };
      socket.on('error', (error) => finish(error));
      socket.on('message', (reply, from) => {
        if (from.port !== secondary.port || !acknowledges(reply, id, this.key, requestMac)) return;
        this.logger.debug(
          { zone, serial, secondary: `${secondary.host}:${secondary.port}` },
          'dns: NOTIFY acknowledged',
        );
        finish();
      });
      socket.bind(0, () => attemptOnce());
    });
  }
}
