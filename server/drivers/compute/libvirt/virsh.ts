// How the server talks to libvirt: the `virsh` client over a host's connection URI. Each call is one
// short process (libvirt keeps no state in the client), arguments are passed without a shell, messages
// are read in English, and libvirt's own error text is kept for the logs.
import { execFile, spawn } from 'node:child_process';

/** The virsh program: IKIRERE_VIRSH when set (read at each call), else `virsh` on PATH. */
export function virshProgram(): string {
  return process.env.IKIRERE_VIRSH ?? 'virsh';
}

export class VirshError extends Error {
  constructor(
    readonly args: readonly string[],
    /** libvirt's message without the "error: " prefixes. */
    readonly detail: string,
  ) {
    super(`virsh ${args.join(' ')}: ${detail}`);
    this.name = 'VirshError';
  }

  /** libvirt has no such domain (never defined, or undefined since). */
  get noDomain(): boolean {
    return /Domain not found|failed to get domain|no domain with matching/i.test(this.detail);
  }

  get noVolume(): boolean {
    return /Storage volume not found|failed to get vol|no storage vol/i.test(this.detail);
  }

  get noNetwork(): boolean {
    return /Network not found|no network with matching/i.test(this.detail);
  }

  get notRunning(): boolean {
    return /domain is not running|Requested operation is not valid: domain is not running/i.test(this.detail);
  }

  /**
   * QEMU ended while libvirt started it, without saying why ("qemu unexpectedly closed the monitor" with no
   * message of QEMU's after it). Seen on a host where another QEMU had just crashed under KVM: the same start
   * a moment later runs.
   */
  get qemuEndedStarting(): boolean {
    return /unexpectedly closed the monitor\s*$|process exited while connecting to monitor\s*$/i.test(
      this.detail,
    );
  }

  /** libvirt signalled QEMU to end but it had not ended within libvirt's wait (it may still). */
  get stillDying(): boolean {
    return /Failed to terminate process|Device or resource busy/i.test(this.detail);
  }
}

/**
 * libvirt's keepalive on every connection: a host that stops answering (its network gone, its sshd stopped
 * with the connection open) is given up after about 15 s even by a call that streams for minutes or an
 * event reader that waits forever, not left to hang until its own timeout.
 */
const KEEPALIVE = ['-k', '5', '-K', '3'];

/** The environment virsh runs in: ours (read at each call), with messages in English. */
function virshEnv(): NodeJS.ProcessEnv {
  return { ...process.env, LC_ALL: 'C', LANG: 'C' };
}

export interface VirshOptions {
  timeoutMs?: number;
  /** Written to virsh's standard input. */
  input?: string;
}

/** Runs `virsh -c <uri> <args…>` and resolves with its standard output. */
export function virsh(uri: string, args: readonly string[], options: VirshOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      virshProgram(),
      ['-q', ...KEEPALIVE, '-c', uri, ...args],
      { env: virshEnv(), timeout: options.timeoutMs ?? 60_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve(stdout);
        const detail =
          stderr
            .split('\n')
            .map((line) => line.replace(/^error:\s*/, '').trim())
            .filter((line) => line !== '' && !/^Authorization not available/.test(line))
            .join(' ') ||
          (error.killed ? `no answer within ${(options.timeoutMs ?? 60_000) / 1000} s` : error.message);
        reject(new VirshError(args, detail));
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Spawns a long-running virsh (event loops); the caller owns the process. */
export function spawnVirsh(uri: string, args: readonly string[]) {
  return spawn(virshProgram(), ['-q', ...KEEPALIVE, '-c', uri, ...args], {
    env: virshEnv(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** libvirt's domain states as `virsh domstate` prints them. */
export type DomainState =
  | 'running'
  | 'idle'
  | 'paused'
  | 'in shutdown'
  | 'shut off'
  | 'crashed'
  | 'pmsuspended'
  | 'absent';

/** A domain's state and libvirt's reason for it, as `virsh domstate --reason` prints them ("paused (user)"). */
export interface DomainStatus {
  state: DomainState;
  /** user, unknown, crashed, booted, shutdown, destroyed, failed…; empty for an absent domain. */
  reason: string;
}

export function parseDomainStatus(text: string): DomainStatus {
  const match = /^(.*?)\s*\(([^)]*)\)\s*$/.exec(text.trim());
  return match
    ? { state: match[1] as DomainState, reason: match[2]! }
    : { state: text.trim() as DomainState, reason: '' };
}

export async function domainStatus(uri: string, domain: string): Promise<DomainStatus> {
  try {
    return parseDomainStatus(await virsh(uri, ['domstate', '--reason', domain], { timeoutMs: 20_000 }));
  } catch (error) {
    if (error instanceof VirshError && error.noDomain) return { state: 'absent', reason: '' };
    throw error;
  }
}
