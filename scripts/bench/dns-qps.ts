// The embedded DNS server's throughput: the server runs alone in a child process (pinned to one CPU with
// taskset when it exists; either way it answers on Node's single main thread, i.e. one core) with a zone
// of 10,000 records; this process fires a realistic mix of queries at it over UDP loopback from several
// sockets, each with a bounded number outstanding, and counts answered queries per second. Nothing is
// retried: a query unanswered within a second counts as lost. Target: ≥ 20,000 qps with zero loss.
import { spawn, spawnSync } from 'node:child_process';
import { createSocket, type Socket } from 'node:dgram';
import { realpathSync } from 'node:fs';
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import dnsPacket from 'dns-packet';
import type { PublishedRecord, PublishedZone } from '../../server/drivers/dns/dns-driver';

export const DNS_QPS_TARGET = 20_000;

export interface DnsQpsFigures {
  records: number;
  /** Distinct questions in the mix (repeated in a shuffled cycle). */
  questions: number;
  sockets: number;
  outstandingPerSocket: number;
  seconds: number;
  sent: number;
  answered: number;
  lost: number;
  /** Answers whose id, flags or rcode were not what the question should get. */
  wrong: number;
  qps: number;
  /** How the server was held to one core. */
  pinning: string;
  /** Server CPU time over the measured seconds (1 = one core fully busy). */
  serverCpu: number;
}

const ZONE = 'bench.example';
const LOST_AFTER_MS = 1_000;

/** A zone as a busy customer's might be: hosts with A and AAAA, aliases, mail, TXT, SRV, CAA, a wildcard. */
export function benchZone(records = 10_000): PublishedZone {
  const list: PublishedRecord[] = [];
  const add = (
    name: string,
    type: PublishedRecord['type'],
    value: string,
    extra: Partial<PublishedRecord> = {},
  ) => list.push({ name, type, value, ttl: 3600, priority: null, weight: null, port: null, ...extra });
  add('@', 'SOA', `ns1.${ZONE} hostmaster.${ZONE} 1 7200 900 1209600 300`);
  add('@', 'NS', `ns1.${ZONE}`);
  add('@', 'NS', `ns2.${ZONE}`);
  add('ns1', 'A', '192.0.2.53');
  add('ns2', 'A', '198.51.100.53');
  add('@', 'MX', `mail.${ZONE}`, { priority: 10 });
  add('mail', 'A', '192.0.2.25');
  add('@', 'TXT', 'v=spf1 mx -all');
  add('@', 'CAA', '0 issue "letsencrypt.org"');
  add('*.preview', 'A', '192.0.2.99');
  for (let index = 0; list.length < records; index++) {
    const host = `host-${String(index).padStart(5, '0')}`;
    add(host, 'A', `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`);
    if (index % 3 === 0) add(host, 'AAAA', `2001:db8::${index.toString(16)}`);
    if (index % 10 === 0) add(`www.${host}`, 'CNAME', `${host}.${ZONE}`);
    if (index % 20 === 0) add(host, 'TXT', `site-verification=${'x'.repeat(40)}${index}`);
    if (index % 50 === 0) add(host, 'MX', `${host}.${ZONE}`, { priority: 10 });
    if (index % 100 === 0)
      add(`_sip._tcp.${host}`, 'SRV', `${host}.${ZONE}`, { priority: 10, weight: 5, port: 5060 });
  }
  return { name: ZONE, serial: 1, records: list.slice(0, records) };
}

interface Question {
  message: Buffer;
  /** The rcode the answer must carry. */
  rcode: number;
}

/** The mix: mostly address lookups of existing hosts in any letter case, some aliases, mail, TXT, misses. */
function questionMix(zone: PublishedZone, count: number): Question[] {
  const hosts = zone.records.filter((record) => record.type === 'A' && record.name.startsWith('host-'));
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const mixCase = (name: string) => (random() < 0.2 ? name.toUpperCase() : name);
  const questions: Question[] = [];
  for (let index = 0; index < count; index++) {
    const roll = random();
    const host = pick(hosts).name;
    const hostIndex = Number(host.slice(5));
    let name = `${host}.${ZONE}`;
    let type: dnsPacket.RecordType = 'A';
    let rcode = 0;
    if (roll < 0.55) type = 'A';
    else if (roll < 0.7) type = 'AAAA';
    else if (roll < 0.78) name = `www.host-${String(hostIndex - (hostIndex % 10)).padStart(5, '0')}.${ZONE}`;
    else if (roll < 0.83) [name, type] = [ZONE, pick(['MX', 'NS', 'SOA', 'TXT'] as const)];
    else if (roll < 0.88) name = `pr-${index}.preview.${ZONE}`;
    else if (roll < 0.93) type = 'TXT';
    else {
      name = `missing-${index}.${ZONE}`;
      rcode = 3;
    }
    const edns = random() < 0.5;
    const message = dnsPacket.encode({
      type: 'query',
      id: 0,
      flags: dnsPacket.RECURSION_DESIRED,
      questions: [{ name: mixCase(name), type, class: 'IN' }],
      additionals: edns ? [{ type: 'OPT', name: '.', udpPayloadSize: 1232 } as dnsPacket.Answer] : [],
    });
    questions.push({ message, rcode });
  }
  return questions;
}

interface ServerChild {
  port: number;
  pinning: string;
  mark(): Promise<void>;
  /** CPU seconds the server used since mark(). */
  cpuSinceMark(): Promise<number>;
  stop(): Promise<void>;
}

async function startServerChild(records: number): Promise<ServerChild> {
  const script = fileURLToPath(import.meta.url);
  const args = ['--import', 'tsx', script, '--serve', String(records)];
  const cpu = cpus().length - 1;
  const taskset = spawnSync('taskset', ['--version'], { stdio: 'ignore' }).status === 0;
  const child = taskset
    ? spawn('taskset', ['-c', String(cpu), process.execPath, ...args], { stdio: ['pipe', 'pipe', 'inherit'] })
    : spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const nextLine = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`the DNS server process exited (${code})`)));
    });
  const ready = await nextLine();
  const port = Number(/^ready (\d+)$/.exec(ready)?.[1]);
  if (!port) throw new Error(`the DNS server process said "${ready}"`);
  const ask = async (command: string) => {
    child.stdin!.write(`${command}\n`);
    return nextLine();
  };
  return {
    port,
    pinning: taskset
      ? `server process pinned to CPU ${cpu} with taskset (of ${cpus().length})`
      : 'server process not pinned (no taskset): it still runs on one core, Node’s main thread',
    mark: async () => void (await ask('mark')),
    cpuSinceMark: async () => Number(await ask('cpu')),
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.stdin!.end();
      }),
  };
}

/** Child side: load the zone, listen on a free port, say so, and answer CPU questions on stdin. */
async function serve(records: number): Promise<void> {
  const { createEmbeddedDnsDriver } = await import('../../server/drivers/dns/embedded');
  const { createLogger } = await import('../../server/logger');
  const driver = await createEmbeddedDnsDriver({
    host: '127.0.0.1',
    port: 0,
    logger: createLogger('silent'),
  });
  await driver.syncAll([benchZone(records)]);
  process.stdout.write(`ready ${driver.address.udp}\n`);
  let marked = process.cpuUsage();
  const commands = createInterface({ input: process.stdin });
  commands.on('line', (command) => {
    if (command === 'mark') {
      marked = process.cpuUsage();
      process.stdout.write('marked\n');
    } else if (command === 'cpu') {
      const used = process.cpuUsage(marked);
      process.stdout.write(`${(used.user + used.system) / 1e6}\n`);
    }
  });
  commands.on('close', () => void driver.close().then(() => process.exit(0)));
}

/** Fires the mix for `seconds` after a one-second warm-up and counts what came back. */
export async function benchDnsQps(
  options: { records?: number; seconds?: number; sockets?: number; outstanding?: number } = {},
): Promise<DnsQpsFigures> {
  const records = options.records ?? 10_000;
  const seconds = options.seconds ?? 5;
  const socketCount = options.sockets ?? 4;
  const outstanding = options.outstanding ?? 32;
  const questions = questionMix(benchZone(records), 20_000);
  const server = await startServerChild(records);
  let sent = 0;
  let answered = 0;
  let lost = 0;
  let wrong = 0;
  // Totals over the whole run (sent = answered + lost at the end); the rate counts the measured window only.
  let windowAnswered = 0;
  let counting = false;
  let sending = true;
  let next = 0;

  const clients = await Promise.all(
    Array.from({ length: socketCount }, async () => {
      const socket: Socket = createSocket('udp4');
      await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
      // id → [question index, sent at]
      const inFlight = new Map<number, [number, number]>();
      let id = 0;
      const send = () => {
        if (!sending) return;
        id = (id + 1) & 0xffff;
        const index = next++ % questions.length;
        const message = Buffer.from(questions[index]!.message);
        message.writeUInt16BE(id, 0);
        inFlight.set(id, [index, performance.now()]);
        sent++;
        socket.send(message, server.port, '127.0.0.1');
      };
      socket.on('message', (reply) => {
        if (reply.length < 12) return;
        const entry = inFlight.get(reply.readUInt16BE(0));
        if (!entry) return;
        inFlight.delete(reply.readUInt16BE(0));
        const [index] = entry;
        const flags = reply.readUInt16BE(2);
        answered++;
        if (counting) windowAnswered++;
        if (!(flags & 0x8000) || !(flags & 0x0400) || (flags & 0xf) !== questions[index]!.rcode) wrong++;
        send();
      });
      return {
        socket,
        inFlight,
        start: () => {
          for (let slot = 0; slot < outstanding; slot++) send();
        },
        sweep: (now: number) => {
          for (const [key, [, at]] of inFlight) {
            if (now - at < LOST_AFTER_MS) continue;
            inFlight.delete(key);
            lost++;
            send();
          }
        },
      };
    }),
  );
  const sweeper = setInterval(() => {
    const now = performance.now();
    for (const client of clients) client.sweep(now);
  }, 100);

  try {
    for (const client of clients) client.start();
    await sleep(1_000);
    await server.mark();
    counting = true;
    const started = performance.now();
    await sleep(seconds * 1_000);
    const elapsed = (performance.now() - started) / 1_000;
    const counted = windowAnswered;
    counting = false;
    const serverCpu = (await server.cpuSinceMark()) / elapsed;
    sending = false;
    // Let the stragglers of the window come back; whatever does not within a second is lost.
    await sleep(LOST_AFTER_MS + 200);
    clearInterval(sweeper);
    for (const client of clients) {
      client.sweep(Number.POSITIVE_INFINITY);
    }
    return {
      records,
      questions: questions.length,
      sockets: socketCount,
      outstandingPerSocket: outstanding,
      seconds: elapsed,
      sent,
      answered,
      lost,
      wrong,
      qps: counted / elapsed,
      pinning: server.pinning,
      serverCpu,
    };
  } finally {
    clearInterval(sweeper);
    for (const client of clients) client.socket.close();
    await server.stop();
  }
}

/** Prints the figures; true when the server answered at least the target with nothing lost or wrong. */
export function printDnsQpsFigures(figures: DnsQpsFigures): boolean {
  const ok = figures.qps >= DNS_QPS_TARGET && figures.lost === 0 && figures.wrong === 0;
  console.log(
    `\nEmbedded DNS server (UDP on loopback, a zone of ${figures.records.toLocaleString('en')} records, ${figures.questions.toLocaleString('en')} questions: A, AAAA, CNAME, MX/NS/SOA/TXT, wildcard, NXDOMAIN; half with EDNS)`,
  );
  const perCore = figures.serverCpu > 0 ? figures.qps / figures.serverCpu : 0;
  console.log(
    `  ${figures.pinning}; server CPU ${(figures.serverCpu * 100).toFixed(0)} % of one core (≈ ${Math.round(perCore).toLocaleString('en')} qps per core-second of server CPU)`,
  );
  console.log(
    `  ${figures.sockets} client sockets × ${figures.outstandingPerSocket} outstanding, ${figures.seconds.toFixed(1)} s measured, nothing retried`,
  );
  console.log(
    `  sent ${figures.sent.toLocaleString('en')}, answered ${figures.answered.toLocaleString('en')}, lost ${figures.lost}, wrong ${figures.wrong} (over the whole run, warm-up included)`,
  );
  console.log(
    `  ${Math.round(figures.qps).toLocaleString('en')} answered queries per second (≥ ${DNS_QPS_TARGET.toLocaleString('en')} with no loss: ${ok ? 'ok' : 'BELOW TARGET'})`,
  );
  return ok;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// `npx tsx scripts/bench/dns-qps.ts` runs it alone; `--serve` is the server child; importing runs nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const serveAt = process.argv.indexOf('--serve');
  if (serveAt >= 0) await serve(Number(process.argv[serveAt + 1]) || 10_000);
  else printDnsQpsFigures(await benchDnsQps());
}
