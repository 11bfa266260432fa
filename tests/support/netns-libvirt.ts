// A network namespace a test makes for itself, with its own libvirtd inside: guests on a real bridge with a
// routed block, as on a production host, while every packet to or from them stays in the namespace. The
// namespace's libvirtd (and virtlogd) run in a private mount namespace whose /run/libvirt, /var/lib/libvirt,
// /var/log/libvirt and /etc/libvirt are directories of the test's own, so they share nothing with this
// machine's libvirtd; its socket is reached from outside by path (`qemu:///system?socket=…`). libvirt creates
// the guests' taps in the namespace and enslaves them to the bridge there; the test's client (ssh, a TCP
// probe) runs there too with `ip netns exec`. The machine's own interfaces, routes and firewall are never
// touched. Needs root, iproute2 and util-linux's unshare.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

export interface NetnsLibvirt {
  /** The namespace's name (`ip netns exec <name> …`). */
  name: string;
  /** The libvirt URI of the namespace's own libvirtd. */
  uri: string;
  /** The bridge the guests join, with the block's gateway address on it. */
  bridge: string;
  /** Runs a program in the namespace; its standard output. */
  exec: Exec;
  /**
   * A client on the bridge as the guests' neighbours on the segment are: a second namespace joined to the
   * bridge by a veth pair, with its own address of the block. Its traffic to a guest crosses the bridge,
   * where the guest's network filter applies (traffic from the host's own address on the bridge does not).
   */
  client: { name: string; address: string; exec: Exec };
  /**
   * Runs a program in the namespace where its libvirtd sees its files (the daemon's mount namespace), so the
   * paths libvirt gives (a pool's volumes under /var/lib/libvirt) are the ones the program opens.
   */
  execBesideDaemons: Exec;
  /** Stops the namespace's libvirtd (and so its guests), removes the namespace and the daemon's files. */
  remove(): void;
}

type Exec = (command: string[], options?: { timeoutMs?: number; allowFailure?: boolean }) => string;

function run(command: string[], timeoutMs = 60_000): string {
  return execFileSync(command[0]!, command.slice(1), {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: timeoutMs,
    env: { ...process.env, LC_ALL: 'C' },
  });
}

// Run inside the namespace (ip netns exec) in a new mount namespace: the daemons see the test's directories
// at libvirt's compiled-in paths, and keep running (in both namespaces) after this shell exits.
const DAEMONS = `set -e
dir=$1
mount --bind "$dir/run" /run/libvirt
mount --bind "$dir/lib" /var/lib/libvirt
mount --bind "$dir/log" /var/log/libvirt
mount --bind "$dir/etc" /etc/libvirt
setsid /usr/sbin/virtlogd -p "$dir/virtlogd.pid" >"$dir/virtlogd.out" 2>&1 </dev/null &
setsid /usr/sbin/libvirtd -p "$dir/libvirtd.pid" >"$dir/libvirtd.out" 2>&1 </dev/null &
`;

/**
 * A fresh namespace with the bridge `ikbr0` carrying `gatewayCidr` (the host's side of the routed block) and
 * its own libvirtd, answering before this returns.
 */
export async function createNetnsLibvirt(gatewayCidr: string, clientCidr: string): Promise<NetnsLibvirt> {
  const id = randomBytes(3).toString('hex');
  const name = `ikirere-network-${id}`;
  // Readable by the libvirt-qemu user: the storage pool lives under it.
  const directory = `/var/tmp/ikirere-network-${id}`;
  for (const sub of ['run', 'lib', 'log', 'etc']) mkdirSync(`${directory}/${sub}`, { recursive: true });
  const bridge = 'ikbr0';
  const clientName = `${name}-client`;
  const execIn =
    (namespace: string): Exec =>
    (command, options = {}) => {
      try {
        return run(['ip', 'netns', 'exec', namespace, ...command], options.timeoutMs);
      } catch (error) {
        if (options.allowFailure) return '';
        const stderr = (error as { stderr?: string }).stderr ?? '';
        throw new Error(
          `in ${namespace}: ${command.join(' ')} failed: ${stderr || (error as Error).message}`,
        );
      }
    };
  const exec = execIn(name);
  const client = { name: clientName, address: clientCidr.split('/')[0]!, exec: execIn(clientName) };
  const remove = () => {
    for (const daemon of ['libvirtd', 'virtlogd']) {
      let pid = 0;
      try {
        pid = Number(readFileSync(`${directory}/${daemon}.pid`, 'utf8').trim());
      } catch {
        continue;
      }
      if (pid > 0) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
    }
    // QEMU processes of guests still defined in it die with the namespace's last user of them: kill them
    // by the pids the namespace lists (ours only), then the namespace.
    for (const pid of run(['ip', 'netns', 'pids', name]).split('\n').filter(Boolean)) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    run(['ip', 'netns', 'del', name]);
    run(['ip', 'netns', 'del', clientName]);
    rmSync(directory, { recursive: true, force: true });
  };
  run(['ip', 'netns', 'add', name]);
  run(['ip', 'netns', 'add', clientName]);
  try {
    exec(['ip', 'link', 'set', 'lo', 'up']);
    exec(['ip', 'link', 'add', bridge, 'type', 'bridge']);
    exec(['ip', 'addr', 'add', gatewayCidr, 'dev', bridge]);
    exec(['ip', 'link', 'set', bridge, 'up']);
    exec(['ip', 'link', 'add', 'ikclient0', 'type', 'veth', 'peer', 'name', 'eth0', 'netns', clientName]);
    exec(['ip', 'link', 'set', 'ikclient0', 'master', bridge, 'up']);
    client.exec(['ip', 'link', 'set', 'lo', 'up']);
    client.exec(['ip', 'addr', 'add', clientCidr, 'dev', 'eth0']);
    client.exec(['ip', 'link', 'set', 'eth0', 'up']);
    exec(['unshare', '--mount', '--propagation', 'private', 'bash', '-c', DAEMONS, 'daemons', directory]);
    const uri = `qemu:///system?socket=${directory}/run/libvirt-sock`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        run(['virsh', '-q', '-c', uri, 'version'], 10_000);
        break;
      } catch (error) {
        if (Date.now() > deadline) {
          throw new Error(
            `the namespace's libvirtd did not answer: ${(error as Error).message}\n${readFileSync(`${directory}/libvirtd.out`, 'utf8').slice(-2000)}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
    const execBesideDaemons: Exec = (command, options) => {
      const pid = readFileSync(`${directory}/libvirtd.pid`, 'utf8').trim();
      return exec(['nsenter', '--target', pid, '--mount', '--', ...command], options);
    };
    return { name, uri, bridge, exec, client, execBesideDaemons, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Whether a TCP connection to address:port is accepted, tried from a namespace (the host's or the client's). */
export function tcpAnswers(exec: Exec, address: string, port: number, timeoutMs = 2_000): boolean {
  const probe = `const s=require('node:net').connect({host:${JSON.stringify(address)},port:${port}});const t=setTimeout(()=>{process.stdout.write('no');process.exit(0)},${timeoutMs});s.on('connect',()=>{clearTimeout(t);process.stdout.write('yes');s.destroy()});s.on('error',()=>{clearTimeout(t);process.stdout.write('no')});`;
  return exec([process.execPath, '-e', probe], { timeoutMs: timeoutMs + 10_000 }) === 'yes';
}

/** ssh's arguments to run `command` as root in a guest on the namespace's bridge, with the test's key. */
export function sshArgs(keyPath: string, address: string, command: string): string[] {
  return [
    'ssh',
    '-i',
    keyPath,
    '-o',
    'StrictHostKeyChecking=no',
    '-o',
    'UserKnownHostsFile=/dev/null',
    '-o',
    'BatchMode=yes',
    '-o',
    'ConnectTimeout=30',
    '-o',
    'LogLevel=ERROR',
    `root@${address}`,
    command,
  ];
}

/** Runs `command` as root in a guest on the namespace's bridge over SSH, with the test's key; its output. */
export function sshInNetns(netns: NetnsLibvirt, keyPath: string, address: string, command: string): string {
  return netns.exec(sshArgs(keyPath, address, command), { timeoutMs: 60_000 }).trim();
}
