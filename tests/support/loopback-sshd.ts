// A second libvirt "host" on this machine: an sshd the test starts on a 127.0.0.1 port, with a host key and
// a client key it makes, so that libvirt is reached as qemu+ssh://root@127.0.0.1:<port>/system like a host
// elsewhere, its host key checked. Stopping it makes the host unreachable;
// starting it again (same port, same keys) brings it back.
import { execFileSync, spawn } from 'node:child_process';
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export const SSHD = '/usr/sbin/sshd';

export interface LoopbackSshd {
  port: number;
  /** The libvirt URI of this machine's libvirtd through the sshd. */
  uri: string;
  start(): Promise<void>;
  stop(): void;
  remove(): void;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`sshd did not listen on 127.0.0.1:${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** The processes whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return (
          readFileSync(`/proc/${entry}/stat`, 'utf8')
            .replace(/^.*\) /, '')
            .split(' ')[1] === String(pid)
        );
      } catch {
        return false;
      }
    })
    .map(Number);
}

export async function startLoopbackSshd(): Promise<LoopbackSshd> {
  if (!existsSync(SSHD)) {
    throw new Error(
      `The fleet test reaches a second libvirt host over SSH: install the SSH server (sudo apt-get install -y openssh-server; .ci/run does this).`,
    );
  }
  const directory = mkdtempSync(join(tmpdir(), 'ikirere-fleet-sshd-'));
  for (const key of ['host', 'client']) {
    execFileSync('ssh-keygen', [
      '-q',
      '-t',
      'ed25519',
      '-N',
      '',
      '-C',
      `fleet-${key}`,
      '-f',
      join(directory, key),
    ]);
  }
  writeFileSync(join(directory, 'authorized_keys'), readFileSync(join(directory, 'client.pub')));
  const port = await freePort();
  // libvirt's ssh transport checks the host key against the user's known_hosts (its known_hosts setting is
  // for the libssh transports only): the test's host key is added there, and removed with the sshd.
  const knownHosts = join(homedir(), '.ssh', 'known_hosts');
  mkdirSync(dirname(knownHosts), { recursive: true, mode: 0o700 });
  appendFileSync(
    knownHosts,
    `[127.0.0.1]:${port} ${readFileSync(join(directory, 'host.pub'), 'utf8').split(' ').slice(0, 2).join(' ')}\n`,
  );
  writeFileSync(
    join(directory, 'sshd_config'),
    [
      'ListenAddress 127.0.0.1',
      `Port ${port}`,
      `HostKey ${directory}/host`,
      `AuthorizedKeysFile ${directory}/authorized_keys`,
      'PermitRootLogin prohibit-password',
      'PasswordAuthentication no',
      'KbdInteractiveAuthentication no',
      'UsePAM no',
      'StrictModes no',
      `PidFile ${directory}/sshd.pid`,
      // libvirt runs virt-ssh-helper through root's shell: with SHLVL set, bash does not read root's
      // ~/.bashrc for it (a development machine's may take seconds), as on a plain Debian host.
      'SetEnv SHLVL=1',
      '',
    ].join('\n'),
  );
  mkdirSync('/run/sshd', { recursive: true });
  let child: ReturnType<typeof spawn> | undefined;
  const uri = `qemu+ssh://root@127.0.0.1:${port}/system?keyfile=${directory}/client&no_tty=1`;
  const sshd: LoopbackSshd = {
    port,
    uri,
    async start() {
      // -D: in the foreground, so this process owns it and stops it by its own id.
      child = spawn(SSHD, ['-D', '-f', join(directory, 'sshd_config'), '-E', join(directory, 'sshd.log')], {
        stdio: 'ignore',
      });
      await waitForPort(port, 10_000);
    },
    stop() {
      if (!child?.pid) return;
      // The connections open through it too (each is a child of ours): a host gone, not just its door.
      for (const pid of childrenOf(child.pid)) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {}
      }
      child.kill('SIGTERM');
      child = undefined;
    },
    remove() {
      sshd.stop();
      execFileSync('ssh-keygen', ['-q', '-R', `[127.0.0.1]:${port}`, '-f', knownHosts], { stdio: 'ignore' });
      rmSync(`${knownHosts}.old`, { force: true });
      rmSync(directory, { recursive: true, force: true });
    },
  };
  await sshd.start();
  return sshd;
}
