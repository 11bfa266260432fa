// A small DNS client over UDP and TCP: the tests and the benchmark ask the embedded server with it, and the
// domains service can ask a resolver (delegation checks) without another dependency.
import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { connect, isIPv6 } from 'node:net';
import dnsPacket from 'dns-packet';

export interface DnsQuestion {
  name: string;
  /** A record type, or ANY (which dns-packet encodes but does not list in its types). */
  type: dnsPacket.RecordType | 'ANY';
  host: string;
  port: number;
  transport?: 'udp' | 'tcp';
  /** The UDP payload size to advertise in an OPT record; false (the default) sends no OPT. */
  edns?: number | false;
  /** Ask for recursion (a resolver needs it; an authoritative server only echoes it). */
  recursionDesired?: boolean;
  /** Set the DO bit (with `edns`): ask for DNSSEC signatures and proofs. */
  dnssecOk?: boolean;
  timeoutMs?: number;
}

/** A decoded message, with the fields dns-packet fills in but its type declarations leave out. */
export type DnsMessage = dnsPacket.DecodedPacket & { rcode: string; opcode: string };

export function decodeMessage(message: Buffer): DnsMessage {
  return dnsPacket.decode(message) as DnsMessage;
}

/** Asks one question and decodes the answer; rejects on timeout or an undecodable answer. */
export async function queryDns(question: DnsQuestion): Promise<DnsMessage> {
  const id = randomInt(65_536);
  const message = dnsPacket.encode({
    type: 'query',
    id,
    flags: question.recursionDesired ? dnsPacket.RECURSION_DESIRED : 0,
    questions: [{ type: question.type as dnsPacket.RecordType, name: question.name, class: 'IN' }],
    additionals:
      question.edns === undefined || question.edns === false
        ? []
        : [
            {
              type: 'OPT',
              name: '.',
              udpPayloadSize: question.edns,
              extendedRcode: 0,
              ednsVersion: 0,
              // The DO bit (RFC 3225) is the top bit of the OPT record's flags.
              flags: question.dnssecOk ? 0x8000 : 0,
              flag_do: question.dnssecOk === true,
              options: [],
            },
          ],
  });
  const timeoutMs = question.timeoutMs ?? 2_000;
  const reply =
    question.transport === 'tcp'
      ? (await exchangeTcp(question.host, question.port, [message], timeoutMs))[0]!
      : await exchangeUdp(question.host, question.port, message, timeoutMs);
  const answer = decodeMessage(reply);
  // An answer to another question (or a forged one) is no answer.
  if (answer.id !== id || !answer.flag_qr) throw new Error(`a stray message came back from ${question.host}`);
  return answer;
}

/** Sends one datagram and resolves with the first datagram back. */
export function exchangeUdp(host: string, port: number, message: Buffer, timeoutMs = 2_000): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    const socket = createSocket(isIPv6(host) ? 'udp6' : 'udp4');
    const timer = setTimeout(
      () => finish(new Error(`no UDP answer from ${host}:${port} in ${timeoutMs} ms`)),
      timeoutMs,
    );
    let done = false;
    const finish = (error: Error | null, reply?: Buffer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.close();
      if (error) reject(error);
      else resolvePromise(reply!);
    };
    socket.on('error', (error) => finish(error));
    socket.on('message', (reply, from) => {
      if (from.port === port) finish(null, reply);
    });
    socket.send(message, port, host);
  });
}

/**
 * Sends messages over one TCP connection, each framed with its 2-octet length, and resolves with as many
 * answers, in order.
 */
export function exchangeTcp(
  host: string,
  port: number,
  messages: Buffer[],
  timeoutMs = 2_000,
): Promise<Buffer[]> {
  return new Promise((resolvePromise, reject) => {
    const socket = connect({ host, port });
    const replies: Buffer[] = [];
    let pending: Buffer = Buffer.alloc(0);
    const timer = setTimeout(
      () => finish(new Error(`no TCP answer from ${host}:${port} in ${timeoutMs} ms`)),
      timeoutMs,
    );
    let done = false;
    const finish = (error: Error | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) reject(error);
      else resolvePromise(replies);
    };
    socket.on('error', (error) => finish(error));
    socket.on('close', () => finish(new Error(`the connection closed after ${replies.length} answers`)));
    socket.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        replies.push(pending.subarray(2, 2 + pending.readUInt16BE(0)));
        pending = pending.subarray(2 + pending.readUInt16BE(0));
      }
      if (replies.length >= messages.length) finish(null);
    });
    socket.on('connect', () => {
      socket.write(Buffer.concat(messages.flatMap((message) => [frameLength(message), message])));
    });
  });
}

function frameLength(message: Buffer): Buffer {
  const prefix = Buffer.alloc(2);
  prefix.writeUInt16BE(message.length);
  return prefix;
}
