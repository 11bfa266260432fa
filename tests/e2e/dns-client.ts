// Asks a DNS server one question over UDP or TCP, as dig would, and decodes the answer with dns-packet.
import { createSocket } from 'node:dgram';
import { connect } from 'node:net';
import * as packet from 'dns-packet';

/** A decoded reply: answers loosely typed (their data differs per type), and the response code. */
export type Answer = Omit<packet.Packet, 'answers' | 'authorities'> & {
  rcode?: string;
  answers?: Array<{ name: string; type: string; ttl?: number; data: unknown }>;
  authorities?: Array<{ name: string; type: string; ttl?: number; data: unknown }>;
};

function question(name: string, type: packet.RecordType): Buffer {
  return packet.encode({
    type: 'query',
    id: Math.floor(Math.random() * 65_535),
    flags: packet.RECURSION_DESIRED,
    questions: [{ type, name, class: 'IN' }],
  });
}

export function queryUdp(port: number, name: string, type: packet.RecordType): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`No UDP answer for ${name} ${type} within 3 s`));
    }, 3_000);
    socket.once('message', (message) => {
      clearTimeout(timer);
      socket.close();
      resolve(packet.decode(message) as Answer);
    });
    socket.send(question(name, type), port, '127.0.0.1');
  });
}

export function queryTcp(port: number, name: string, type: packet.RecordType): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No TCP answer for ${name} ${type} within 3 s`));
    }, 3_000);
    socket.on('connect', () => socket.write(packet.streamEncode(packet.decode(question(name, type)))));
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      if (received.length >= 2 && received.length >= 2 + received.readUInt16BE(0)) {
        clearTimeout(timer);
        socket.end();
        resolve(packet.streamDecode(received) as Answer);
      }
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
