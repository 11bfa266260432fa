// The embedded DNS server's throughput side by side with Knot DNS (knotd with one UDP worker), measured
// the same way in the same run: the same zone of 10,000 records, the same mix of 20,000 questions, and
// `dnsperf -c 4 -T 1 -q 64 -l 10` on loopback; unsigned, then signed (queries with the DO bit). Each server
// runs alone while it is measured, ours and knotd back to back, so a busy machine weighs on both alike.
// Correct answers: each server's response codes over the run must match the mix (same NOERROR/NXDOMAIN split).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { queryDns } from '../../server/dns/client';
import type { PublishedRecord, PublishedZone } from '../../server/drivers/dns/dns-driver';

const ZONE = 'bench.example';

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
  add('ns1', 'A', '127.0.0.53');
  add('ns2', 'A', '127.0.0.54');
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

/** The mix: mostly address lookups of existing hosts in any letter case, some aliases, mail, TXT, misses. */
export function questionMix(zone: PublishedZone, count: number): string[] {
  const hosts = zone.records.filter((record) => record.type === 'A' && record.name.startsWith('host-'));
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x80000000;
  };
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const mixCase = (name: string) => (random() < 0.2 ? name.toUpperCase() : name);
  const lines: string[] = [];
  for (let index = 0; index < count; index++) {
    const roll = random();
    const host = pick(hosts).name;
    const hostIndex = Number(host.slice(5));
    let name = `${host}.${ZONE}`;
    let type = 'A';
    if (roll < 0.55) type = 'A';
    else if (roll < 0.7) type = 'AAAA';
    else if (roll < 0.78) name = `www.host-${String(hostIndex - (hostIndex % 10)).padStart(5, '0')}.${ZONE}`;
    else if (roll < 0.83) [name, type] = [ZONE, pick(['MX', 'NS', 'SOA', 'TXT'])];
    else if (roll < 0.88) name = `pr-${index}.preview.${ZONE}`;
    else if (roll < 0.93) type = 'TXT';
    else name = `missing-${index}.${ZONE}`;
    lines.push(`${mixCase(name)} ${type}`);
  }
  return lines;
}

/** The zone in BIND format, for knotd. */
function zoneFile(zone: PublishedZone): string {
  const lines = [`$ORIGIN ${zone.name}.`];
  for (const record of zone.records) {
    const absolute = (name: string) => `${name}.`;
    let value = record.value;
    if (record.type === 'CNAME' || record.type === 'NS') value = absolute(value);
    if (record.type === 'MX') value = `${record.priority} ${absolute(value)}`;
    if (record.type === 'SRV')
      value = `${record.priority} ${record.weight} ${record.port} ${absolute(value)}`;
    if (record.type === 'TXT') value = JSON.stringify(value);
    if (record.type === 'SOA') {
      const [mname, rname, , ...timers] = value.split(' ');
      value = [absolute(mname!), absolute(rname!), zone.serial, ...timers].join(' ');
    }
    lines.push(`${record.name} ${record.ttl} IN ${record.type} ${value}`);
  }
  return `${lines.join('\n')}\n`;
}

export interface RunFigures {
  qps: number;
  sent: number;
  completed: number;
  lost: number;
  /** dnsperf's "Response codes" line: NOERROR 123 (93.85%), NXDOMAIN … */
  rcodes: string;
  /** CPU seconds the server used per measured second (1 = one core). */
  serverCpu: number;
}

export interface DnsQpsFigures {
  records: number;
  questions: number;
  command: string;
  ours: { unsigned: RunFigures; signed: RunFigures };
  knot: { unsigned: RunFigures; signed: RunFigures };
  udpWorkers: number;
}

interface ServerUnderTest {
  port: number;
  pid: number;
  stop(): Promise<void>;
}

async function freeUdpTcpPort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve) => {
      const socket = createSocket('udp4');
      socket.bind(0, '127.0.0.1', () => {
        const chosen = socket.address().port;
        socket.close(() => resolve(chosen));
      });
    });
    const tcpFree = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (tcpFree) return port;
  }
}

/** CPU seconds (user + system) a process has used, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

async function startOurs(signed: boolean): Promise<ServerUnderTest> {
  const script = fileURLToPath(import.meta.url);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, '--serve', signed ? 'signed' : 'unsigned'],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`our DNS server process exited (${code})`)));
  });
  const port = Number(/^ready (\d+)$/.exec(ready)?.[1]);
  if (!port) throw new Error(`our DNS server process said "${ready}"`);
  return {
    port,
    pid: child.pid!,
    stop: async () => {
      child.stdin!.end();
      await exited(child);
    },
  };
}

async function startKnot(directory: string, signed: boolean): Promise<ServerUnderTest> {
  const port = await freeUdpTcpPort();
  const storage = join(directory, signed ? 'knot-signed' : 'knot');
  mkdirSync(storage, { recursive: true });
  writeFileSync(join(storage, `${ZONE}.zone`), zoneFile(benchZone()));
  writeFileSync(
    join(storage, 'knot.conf'),
    `server:
    rundir: "${storage}"
    listen: 127.0.0.1@${port}
    udp-workers: 1
    tcp-workers: 1
    background-workers: 1
database:
    storage: "${storage}"
log:
  - target: stderr
    any: error
policy:
  - id: bench
    algorithm: ecdsap256sha256
    single-type-signing: on
    nsec3: on
    nsec3-iterations: 0
    nsec3-salt-length: 0
template:
  - id: default
    storage: "${storage}"
    file: "%s.zone"
    zonefile-sync: -1
    journal-content: none
zone:
  - domain: ${ZONE}
${signed ? '    dnssec-signing: on\n    dnssec-policy: bench\n' : ''}`,
  );
  const child = spawn('knotd', ['-c', join(storage, 'knot.conf')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await exited(child);
  };
  // Ready once it answers, and (signed) once it serves the zone's key.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await queryDns({
      host: '127.0.0.1',
      port,
      name: ZONE,
      type: signed ? 'DNSKEY' : 'SOA',
      timeoutMs: 500,
    }).catch(() => undefined);
    if (answer && (answer.answers ?? []).length > 0) break;
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error('knotd did not start serving the bench zone within a minute');
    }
    await sleep(200);
  }
  return { port, pid: child.pid!, stop };
}

export const DNSPERF_ARGS = ['-c', '4', '-T', '1', '-q', '64', '-l', '10'];

function dnsperf(port: number, queryFile: string, signed: boolean): RunFigures & { elapsed: number } {
  const args = [
    '-s',
    '127.0.0.1',
    '-p',
    String(port),
    '-d',
    queryFile,
    ...DNSPERF_ARGS,
    ...(signed ? ['-D'] : []),
  ];
  const result = spawnSync('dnsperf', args, { encoding: 'utf8' });
  if (result.error || result.status !== 0) {
    throw new Error(`dnsperf failed: ${result.error?.message ?? result.stderr}`);
  }
  const out = result.stdout;
  const number = (pattern: RegExp) => Number(pattern.exec(out)?.[1] ?? Number.NaN);
  return {
    qps: number(/Queries per second:\s+([\d.]+)/),
    sent: number(/Queries sent:\s+(\d+)/),
    completed: number(/Queries completed:\s+(\d+)/),
    lost: number(/Queries lost:\s+(\d+)/),
    rcodes: /Response codes:\s+(.*)/.exec(out)?.[1]?.trim() ?? '',
    serverCpu: 0,
    elapsed: number(/Run time \(s\):\s+([\d.]+)/),
  };
}

async function measure(server: ServerUnderTest, queryFile: string, signed: boolean): Promise<RunFigures> {
  try {
    const before = cpuSeconds(server.pid);
    const run = dnsperf(server.port, queryFile, signed);
    const cpu = cpuSeconds(server.pid) - before;
    return { ...run, serverCpu: run.elapsed > 0 ? cpu / run.elapsed : Number.NaN };
  } finally {
    await server.stop();
  }
}

/** Runs the four measurements: ours and knotd back to back, unsigned then signed. */
export async function benchDnsQps(): Promise<DnsQpsFigures> {
  for (const tool of ['dnsperf', 'knotd']) {
    if (spawnSync('which', [tool]).status !== 0) {
      throw new Error(`${tool} is needed for the DNS benchmark: sudo apt-get install -y dnsperf knot`);
    }
  }
  const directory = mkdtempSync(join(tmpdir(), 'ikirere-dns-bench-'));
  try {
    const zone = benchZone();
    const questions = questionMix(zone, 20_000);
    const queryFile = join(directory, 'queries.txt');
    writeFileSync(queryFile, `${questions.join('\n')}\n`);
    const oursUnsigned = await measure(await startOurs(false), queryFile, false);
    const knotUnsigned = await measure(await startKnot(directory, false), queryFile, false);
    const oursSigned = await measure(await startOurs(true), queryFile, true);
    const knotSigned = await measure(await startKnot(directory, true), queryFile, true);
    return {
      records: zone.records.length,
      questions: questions.length,
      command: `dnsperf ${DNSPERF_ARGS.join(' ')}`,
      ours: { unsigned: oursUnsigned, signed: oursSigned },
      knot: { unsigned: knotUnsigned, signed: knotSigned },
      udpWorkers: 1,
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

/** Child side: load the zone (signed or not), listen on a free port, say so, and stop when stdin closes. */
async function serve(signed: boolean): Promise<void> {
  const { createEmbeddedDnsDriver } = await import('../../server/drivers/dns/embedded');
  const { createLogger } = await import('../../server/logger');
  const { generateZoneKeyMaterial, zoneKeyFrom } = await import('../../server/dns/dnssec/keys');
  const driver = await createEmbeddedDnsDriver({
    host: '127.0.0.1',
    port: 0,
    logger: createLogger('silent'),
  });
  const zone = benchZone();
  await driver.syncAll([
    signed ? { ...zone, dnssec: { keys: [zoneKeyFrom('bench', generateZoneKeyMaterial().pkcs8)] } } : zone,
  ]);
  process.stdout.write(`ready ${driver.address.udp}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void driver.close().then(() => process.exit(0)));
}

/** Prints the figures; true when ours answers at least knotd's rate, losing nothing, with the same rcodes. */
export function printDnsQpsFigures(figures: DnsQpsFigures): boolean {
  console.log(
    `\nDNS server throughput: a zone of ${figures.records.toLocaleString('en')} records, ${figures.questions.toLocaleString('en')} questions (A, AAAA, CNAME, MX/NS/SOA/TXT, wildcard, NXDOMAIN), ${figures.command} on loopback, each server alone; knotd with ${figures.udpWorkers} UDP worker`,
  );
  let ok = true;
  for (const mode of ['unsigned', 'signed'] as const) {
    const ours = figures.ours[mode];
    const knot = figures.knot[mode];
    const ratio = ours.qps / knot.qps;
    // The split of response codes over the mix, to the tenth of a percent: equal when both answer alike.
    const split = (rcodes: string) =>
      [...rcodes.matchAll(/(\w+) \d+ \(([\d.]+)%\)/g)]
        .map((match) => `${match[1]} ${Number(match[2]).toFixed(1)}`)
        .join(', ');
    const sameAnswers = split(ours.rcodes) === split(knot.rcodes);
    const line = (name: string, run: RunFigures) =>
      `    ${name.padEnd(6)} ${Math.round(run.qps).toLocaleString('en').padStart(8)} answers/s, lost ${run.lost} of ${run.sent.toLocaleString('en')}, server CPU ${(run.serverCpu * 100).toFixed(0)} % of a core; ${run.rcodes}`;
    const passed = ratio >= 1 && ours.lost === 0;
    ok = ok && passed;
    console.log(`  ${mode}${mode === 'signed' ? ' (DO bit set: RRSIGs and NSEC3 proofs)' : ''}:`);
    console.log(line('ours', ours));
    console.log(line('knotd', knot));
    console.log(
      `    ratio ours/knotd ${ratio.toFixed(2)} (≥ 1.00 with no loss: ${passed ? 'ok' : 'BELOW TARGET'})${sameAnswers ? '' : '; the response codes differ between the servers: CHECK THE ANSWERS'}`,
    );
  }
  return ok;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// `npx tsx scripts/bench/dns-qps.ts` runs it alone; `--serve` is the server child; importing runs nothing.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  const serveAt = process.argv.indexOf('--serve');
  if (serveAt >= 0) await serve(process.argv[serveAt + 1] === 'signed');
  else printDnsQpsFigures(await benchDnsQps());
}
