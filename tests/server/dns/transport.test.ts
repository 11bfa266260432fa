// The DNS server's transports and lifecycle over real sockets: bad packets never stop it, TCP framing and
// limits hold against slow or hostile clients, published changes are answered at once, close() lets go.
import { createSocket } from 'node:dgram';
import { connect, createServer, type Socket } from 'node:net';
import dnsPacket from 'dns-packet';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMessage, exchangeTcp, exchangeUdp, queryDns } from '../../../server/dns/client';
import { createResponder } from '../../../server/dns/respond';
import { nativeUdp } from '../../../server/dns/udp-batch';
import { buildZoneIndex, ZoneTable } from '../../../server/dns/zone-index';
import type { PublishedRecord, PublishedZone } from '../../../server/drivers/dns/dns-driver';
import { createEmbeddedDnsDriver, type EmbeddedDnsDriver } from '../../../server/drivers/dns/embedded';
import { createLogger } from '../../../server/logger';

const HOST = '127.0.0.1';
const IDLE_MS = 400;

function record(name: string, type: PublishedRecord['type'], value: string): PublishedRecord {
  return { name, type, value, ttl: 300, priority: null, weight: null, port: null };
}

function zone(name: string, serial: number, address: string): PublishedZone {
  return {
    name,
    serial,
    records: [
      record('@', 'SOA', `ns1.${name} hostmaster.${name} 1 7200 900 1209600 300`),
      record('@', 'NS', `ns1.${name}`),
      record('www', 'A', address),
    ],
  };
}

const logLines: { level: number; msg: string }[] = [];
const logger = createLogger('debug', { write: (line: string) => void logLines.push(JSON.parse(line)) });
let driver: EmbeddedDnsDriver;

beforeAll(async () => {
  driver = await createEmbeddedDnsDriver({
    host: HOST,
    port: 0,
    logger,
    tcp: { idleTimeoutMs: IDLE_MS, maxConnectionsPerClient: 4 },
  });
  await driver.syncAll([zone('example.com', 1, '192.0.2.1')]);
});

afterAll(async () => {
  await driver.close();
});

const ask = (name: string, type: dnsPacket.RecordType = 'A', transport: 'udp' | 'tcp' = 'udp') =>
  queryDns({ host: HOST, port: driver.address.udp, name, type, transport });

function query(options: { id?: number; flags?: number; name?: string; type?: dnsPacket.RecordType } = {}) {
  return dnsPacket.encode({
    type: 'query',
    id: options.id ?? 1,
    flags: options.flags ?? 0,
    questions: [{ name: options.name ?? 'www.example.com', type: options.type ?? 'A', class: 'IN' }],
  });
}

const udp = (message: Buffer, timeoutMs = 1_000) => exchangeUdp(HOST, driver.address.udp, message, timeoutMs);

async function expectAlive() {
  const answer = await ask('www.example.com');
  expect(answer.rcode).toBe('NOERROR');
}

describe('bad packets', () => {
  it('drops what cannot be a query, and says so at debug level', async () => {
    const before = logLines.length;
    await expect(udp(Buffer.from([1, 2, 3, 4, 5]), 300)).rejects.toThrow(/no UDP answer/);
    const response = query();
    response.writeUInt16BE(response.readUInt16BE(2) | 0x8000, 2);
    await expect(udp(response, 300)).rejects.toThrow(/no UDP answer/);
    const dropped = logLines.slice(before).filter((line) => line.msg === 'dns: dropped a packet');
    expect(dropped).toHaveLength(2);
    expect(dropped.every((line) => line.level === 20)).toBe(true);
    await expectAlive();
  });

  it('answers FORMERR to a query it cannot read, keeping the id', async () => {
    const cut = query({ id: 777 }).subarray(0, 20);
    const pointer = Buffer.concat([
      query({ id: 778 }).subarray(0, 12),
      Buffer.from([0xc0, 0x0c, 0, 1, 0, 1]),
    ]);
    const noQuestion = query({ id: 779 });
    noQuestion.writeUInt16BE(0, 4);
    const twoOpts = dnsPacket.encode({
      type: 'query',
      id: 780,
      questions: [{ name: 'www.example.com', type: 'A' }],
      additionals: [
        { type: 'OPT', name: '.', udpPayloadSize: 1232 } as dnsPacket.Answer,
        { type: 'OPT', name: '.', udpPayloadSize: 1232 } as dnsPacket.Answer,
      ],
    });
    for (const [message, id] of [
      [cut, 777],
      [pointer, 778],
      [noQuestion, 779],
      [twoOpts, 780],
    ] as const) {
      const answer = decodeMessage(await udp(message));
      expect(answer.id).toBe(id);
      expect(answer.rcode).toBe('FORMERR');
      expect(answer.flag_qr).toBe(true);
    }
    await expectAlive();
  });

  it('answers NOTIMP to other opcodes, REFUSED to other classes and to zone transfers, BADVERS to EDNS 1', async () => {
    for (const opcode of [2, 4, 5]) {
      const answer = decodeMessage(await udp(query({ flags: opcode << 11 })));
      expect(answer.rcode, `opcode ${opcode}`).toBe('NOTIMP');
    }
    const chaos = dnsPacket.encode({
      type: 'query',
      id: 5,
      questions: [{ name: 'version.bind', type: 'TXT', class: 'CH' }],
    });
    expect(decodeMessage(await udp(chaos)).rcode).toBe('REFUSED');
    const axfr = await ask('example.com', 'AXFR', 'tcp');
    expect(axfr.rcode).toBe('REFUSED');

    const version1 = dnsPacket.encode({
      type: 'query',
      id: 6,
      questions: [{ name: 'www.example.com', type: 'A' }],
      additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 1232, ednsVersion: 1 } as dnsPacket.Answer],
    });
    const badvers = decodeMessage(await udp(version1));
    expect(badvers.answers).toEqual([]);
    expect(badvers.additionals).toEqual([expect.objectContaining({ type: 'OPT', extendedRcode: 1 })]);
  });

  it('never throws on arbitrary or mangled input, and every answer it gives is a well-formed response', () => {
    const zones = new ZoneTable();
    zones.set(buildZoneIndex(zone('example.com', 1, '192.0.2.1')));
    const respond = createResponder({ zones, logger: createLogger('silent') });
    const valid = query();
    const check = (message: Buffer) => {
      const reply = respond(message, 'udp', 'fuzz');
      if (reply === null) return;
      expect(reply.length).toBeLessThanOrEqual(1232);
      const decoded = decodeMessage(reply);
      expect(decoded.flag_qr).toBe(true);
      expect(decoded.id).toBe(message.readUInt16BE(0));
    };
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => check(Buffer.from(bytes))),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 6 }),
        fc.nat(valid.length),
        (edits, length) => {
          const message = Buffer.from(valid.subarray(0, Math.max(length, 12)));
          for (const [at, value] of edits) if (at < message.length) message[at] = value;
          check(message);
        },
      ),
      { numRuns: 5_000 },
    );
  });
});

describe('TCP', () => {
  it('answers several queries sent in one write, in order', async () => {
    const replies = await exchangeTcp(HOST, driver.address.tcp, [
      query({ id: 11 }),
      query({ id: 12, name: 'nowhere.example.com' }),
      query({ id: 13, name: 'example.com', type: 'SOA' }),
    ]);
    expect(replies.map((reply) => decodeMessage(reply)).map((answer) => [answer.id, answer.rcode])).toEqual([
      [11, 'NOERROR'],
      [12, 'NXDOMAIN'],
      [13, 'NOERROR'],
    ]);
  });

  it('reassembles a query that arrives in pieces', async () => {
    const socket = await open();
    const framed = frame(query({ id: 21 }));
    const answer = nextMessage(socket);
    for (const octet of framed) {
      socket.write(Buffer.from([octet]));
      await sleep(2);
    }
    expect(decodeMessage(await answer).id).toBe(21);
    socket.destroy();
  });

  it('closes an idle connection, and one that trickles a query too slowly to finish in time', async () => {
    const idle = await open();
    const started = Date.now();
    await closed(idle);
    expect(Date.now() - started).toBeGreaterThanOrEqual(IDLE_MS - 50);

    const slow = await open();
    const framed = frame(query({ id: 31 }));
    let sent = 0;
    const trickle = setInterval(() => {
      if (sent < framed.length && !slow.destroyed) slow.write(framed.subarray(sent, ++sent));
    }, IDLE_MS / 4);
    const slowStarted = Date.now();
    await closed(slow);
    clearInterval(trickle);
    expect(sent).toBeLessThan(framed.length);
    expect(Date.now() - slowStarted).toBeLessThan(IDLE_MS * 3);
  });

  it('closes a connection announcing a message larger than a query can be', async () => {
    const socket = await open();
    socket.write(Buffer.from([0xff, 0xff, 0, 1, 2]));
    await closed(socket);
  });

  it('keeps answering others while a client holds connections open, and caps connections per client', async () => {
    const held = await Promise.all([open(), open(), open(), open()]);
    for (const socket of held) socket.write(Buffer.from([0, 40, 0]));
    const extraStarted = Date.now();
    const extra = await open();
    await closed(extra);
    // Closed for being one too many, not by the idle deadline.
    expect(Date.now() - extraStarted).toBeLessThan(IDLE_MS / 2);
    await expectAlive();
    for (const socket of held) socket.destroy();
    await sleep(50);
    const answer = await ask('www.example.com', 'A', 'tcp');
    expect(answer.rcode).toBe('NOERROR');
  });
});

describe('zone changes', () => {
  it('answers a published change at once, with the new serial, and stops answering an unpublished zone', async () => {
    await driver.publish(zone('changes.test', 10, '192.0.2.10'));
    const first = await ask('www.changes.test');
    expect(first.answers?.[0]).toMatchObject({ data: '192.0.2.10' });
    // Asked twice so the first answer sits in the cache; the change must still show at once.
    await ask('www.changes.test');

    await driver.publish(zone('changes.test', 11, '192.0.2.11'));
    const second = await ask('www.changes.test');
    expect(second.answers?.[0]).toMatchObject({ data: '192.0.2.11' });
    const soa = await ask('changes.test', 'SOA');
    expect(soa.answers?.[0]).toMatchObject({ data: { serial: 11 } });

    await driver.unpublish('changes.test');
    expect((await ask('www.changes.test')).rcode).toBe('REFUSED');
    await driver.unpublish('never-published.test');
  });

  it('refuses to publish a zone it cannot serve and keeps the one it has', async () => {
    await driver.publish(zone('strict.test', 1, '192.0.2.20'));
    await expect(driver.publish(zone('strict.test', 2, '300.0.2.20'))).rejects.toThrow(
      /zone strict\.test: A record www "300\.0\.2\.20": not an IPv4 address/,
    );
    const noSoa = zone('strict.test', 3, '192.0.2.21');
    noSoa.records = noSoa.records.filter((item) => item.type !== 'SOA');
    await expect(driver.publish(noSoa)).rejects.toThrow(/no SOA record/);
    expect((await ask('www.strict.test')).answers?.[0]).toMatchObject({ data: '192.0.2.20' });
  });

  it('replaces every zone at syncAll, leaving out (and logging) a zone it cannot serve', async () => {
    await driver.publish(zone('gone.test', 1, '192.0.2.30'));
    const before = logLines.length;
    await driver.syncAll([zone('example.com', 2, '192.0.2.1'), zone('bad.test', 1, 'not-an-address')]);
    expect((await ask('www.gone.test')).rcode).toBe('REFUSED');
    expect((await ask('www.bad.test')).rcode).toBe('REFUSED');
    await expectAlive();
    expect(
      logLines.slice(before).some((line) => line.level === 50 && /cannot be served/.test(line.msg)),
    ).toBe(true);
  });
});

describe('lifecycle', () => {
  it('listens on the same port for UDP and TCP, and releases both (and open connections) at close', async () => {
    const own = await createEmbeddedDnsDriver({ host: HOST, port: 0, logger: createLogger('silent') });
    const port = own.address.udp;
    expect(own.address.tcp).toBe(port);
    expect(own.info).toEqual({ kind: 'embedded', endpoint: `${HOST}:${port}` });
    const connection = await openTo(port);
    await own.close();
    await closed(connection);

    const udpSocket = createSocket('udp4');
    await new Promise<void>((done, fail) => {
      udpSocket.once('error', fail);
      udpSocket.bind(port, HOST, () => done());
    });
    udpSocket.close();
    const tcpServer = createServer();
    await new Promise<void>((done, fail) => {
      tcpServer.once('error', fail);
      tcpServer.listen(port, HOST, () => done());
    });
    await new Promise((done) => tcpServer.close(done));
  });

  it('fails to start, naming the reason, when its port is taken', async () => {
    await expect(
      createEmbeddedDnsDriver({ host: HOST, port: driver.address.udp, logger: createLogger('silent') }),
    ).rejects.toThrow(/EADDRINUSE/);
  });
});

function frame(message: Buffer): Buffer {
  const prefix = Buffer.alloc(2);
  prefix.writeUInt16BE(message.length);
  return Buffer.concat([prefix, message]);
}

function open(): Promise<Socket> {
  return openTo(driver.address.tcp);
}

function openTo(port: number): Promise<Socket> {
  return new Promise((done, fail) => {
    const socket = connect({ host: HOST, port }, () => done(socket));
    socket.on('error', fail);
  });
}

function closed(socket: Socket): Promise<void> {
  return new Promise((done) => {
    if (socket.destroyed) done();
    else socket.once('close', () => done());
    socket.resume();
  });
}

function nextMessage(socket: Socket): Promise<Buffer> {
  return new Promise((done) => {
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      if (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        done(pending.subarray(2, 2 + pending.readUInt16BE(0)));
      }
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('the two UDP paths', () => {
  it('answers byte for byte the same through the batched module and through node:dgram', async () => {
    // The batched module is built by npm ci wherever a C compiler and Node's headers exist (CI has both).
    expect(driver.server.udpBatched).toBe(nativeUdp() !== null);
    const plain = await createEmbeddedDnsDriver({ host: HOST, port: 0, logger, udpBatching: false });
    try {
      expect(plain.server.udpBatched).toBe(false);
      // A zone of its own: the tests above change example.com on the shared driver.
      await driver.publish(zone('paths.test', 7, '192.0.2.7'));
      await plain.syncAll([zone('paths.test', 7, '192.0.2.7')]);
      const questions = [
        query({ id: 11, name: 'www.paths.test' }),
        query({ id: 12, name: 'missing.paths.test' }),
        query({ id: 13, name: 'PATHS.test', type: 'SOA' }),
        query({ id: 14, name: 'elsewhere.org' }),
        Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]),
      ];
      for (const message of questions) {
        const [batched, dgram] = await Promise.all([
          exchangeUdp(HOST, driver.address.udp, message, 1_000),
          exchangeUdp(HOST, plain.address.udp, message, 1_000),
        ]);
        expect(batched.equals(dgram), `question ${message.readUInt16BE(0)}`).toBe(true);
      }
      // Many at once: every one answered, each to its own question.
      const burst = Array.from({ length: 200 }, (_, index) =>
        query({ id: 1000 + index, name: 'www.paths.test' }),
      );
      const answers = await Promise.all(
        burst.map((message) => exchangeUdp(HOST, driver.address.udp, message, 2_000)),
      );
      expect(answers.map((answer) => answer.readUInt16BE(0))).toEqual(
        burst.map((message) => message.readUInt16BE(0)),
      );
    } finally {
      await plain.close();
    }
  });
});
