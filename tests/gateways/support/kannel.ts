// Debian's Kannel for the gateway tests: bearerbox and smsbox started by the test with a kannel.conf of
// its own, on free loopback ports, connected over SMPP (transceiver) to the test's SMS centre. Never the
// packaged service. Stopped with SIGTERM (SIGKILL if it lingers) and its directory removed.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BEARERBOX = '/usr/sbin/bearerbox';
export const SMSBOX = '/usr/sbin/smsbox';

/** Says what to install when Kannel is missing, rather than letting a test pass without it. */
export function requireKannel(): void {
  if (!existsSync(BEARERBOX) || !existsSync(SMSBOX)) {
    throw new Error('Kannel is not installed: apt-get install kannel libnet-smpp-perl (.ci/run does it).');
  }
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface KannelGateway {
  sendsmsUrl: string;
  username: string;
  password: string;
  /** Stops smsbox and bearerbox (Kannel down); start() brings them back on the same ports. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Resolves once bearerbox's status page shows the SMS centre connection in this state. */
  waitForCentre(state: 'online' | 're-connecting', timeoutMs?: number): Promise<void>;
  /** The boxes' logs, for a failure's message. */
  logs(): string;
  remove(): Promise<void>;
}

export async function startKannel(options: { smscPort: number }): Promise<KannelGateway> {
  requireKannel();
  const dir = mkdtempSync(join(tmpdir(), 'ikirere-kannel-'));
  const [adminPort, boxPort, sendsmsPort] = [await freePort(), await freePort(), await freePort()];
  const username = 'ikirere';
  const password = 'sendsms-test-password';
  const conf = join(dir, 'kannel.conf');
  writeFileSync(
    conf,
    `group = core
admin-port = ${adminPort}
admin-password = admin-test-password
admin-deny-ip = "*.*.*.*"
admin-allow-ip = "127.0.0.1"
smsbox-port = ${boxPort}
smsbox-interface = 127.0.0.1
box-deny-ip = "*.*.*.*"
box-allow-ip = "127.0.0.1"
log-file = "${join(dir, 'bearerbox.log')}"
log-level = 1
dlr-storage = internal

group = smsc
smsc = smpp
smsc-id = test-centre
host = 127.0.0.1
port = ${options.smscPort}
transceiver-mode = true
smsc-username = kannel
smsc-password = centre-test-password
system-type = ""
reconnect-delay = 1
enquire-link-interval = 5

group = smsbox
bearerbox-host = 127.0.0.1
bearerbox-port = ${boxPort}
sendsms-port = ${sendsmsPort}
sendsms-interface = 127.0.0.1
log-file = "${join(dir, 'smsbox.log')}"
log-level = 1

group = sendsms-user
username = ${username}
password = ${password}
max-messages = 5
concatenation = true
`,
  );
  let boxes: ChildProcess[] = [];
  const sendsmsUrl = `http://127.0.0.1:${sendsmsPort}/cgi-bin/sendsms`;

  const start = async () => {
    const bearerbox = spawn(BEARERBOX, [conf], { stdio: 'ignore' });
    boxes = [bearerbox];
    await waitForPort(boxPort, 'bearerbox');
    const smsbox = spawn(SMSBOX, [conf], { stdio: 'ignore' });
    boxes.push(smsbox);
    await waitForPort(sendsmsPort, 'smsbox');
  };
  const stop = async () => {
    // smsbox first: without bearerbox it would stop on its own anyway.
    for (const box of [...boxes].reverse()) await stopProcess(box);
    boxes = [];
  };
  const logs = () =>
    ['bearerbox.log', 'smsbox.log']
      .map((name) => {
        const path = join(dir, name);
        return existsSync(path) ? `── ${name}\n${readFileSync(path, 'utf8').slice(-4000)}` : '';
      })
      .join('\n');
  const waitForCentre = async (state: string, timeoutMs = 20_000) => {
    const deadline = Date.now() + timeoutMs;
    let status = '';
    for (;;) {
      status = await fetch(`http://127.0.0.1:${adminPort}/status.txt?password=admin-test-password`)
        .then((response) => response.text())
        .catch(() => '');
      const line = status.split('\n').find((row) => row.includes('test-centre'));
      if (line?.includes(`(${state}`)) return;
      if (Date.now() > deadline) throw new Error(`the centre never showed ${state} at Kannel:\n${status}`);
      // Polled: bearerbox announces nothing when a connection drops.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  await start();
  return {
    waitForCentre,
    sendsmsUrl,
    username,
    password,
    stop,
    start,
    logs,
    remove: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resolves once something accepts connections on the loopback port; a box that never listens fails the test. */
async function waitForPort(port: number, what: string, timeoutMs = 20_000): Promise<void> {
  const { connect } = await import('node:net');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`${what} did not listen on ${port} within ${timeoutMs} ms`);
    // Polled: a box says nothing when it starts listening.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
