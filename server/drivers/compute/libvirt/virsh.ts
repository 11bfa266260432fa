// How the server talks to libvirt: the `virsh` client over a host's connection URI. Each call is one
// short process (libvirt keeps no state in the client), arguments are passed without a shell, messages
// are read in English, and libvirt's own error text is kept for the logs.
import { execFile, spawn } from 'node:child_process';

export const VIRSH = process.env.IKIRERE_VIRSH ?? 'virsh';

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

  get notRunning(): boolean {
    return /domain is not running|Requested operation is not valid: domain is not running/i.test(this.detail);
  }
}

const ENV = { ...process.env, LC_ALL: 'C', LANG: 'C' };

export interface VirshOptions {
  timeoutMs?: number;
  /** Written to virsh's standard input. */
  input?: string;
}

/** Runs `virsh -c <uri> <args…>` and resolves with its standard output. */
export function virsh(uri: string, args: readonly string[], options: VirshOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      VIRSH,
      ['-q', '-c', uri, ...args],
      { env: ENV, timeout: options.timeoutMs ?? 60_000, maxBuffer: 16 * 1024 * 1024 },
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

/** `virsh … key=value` listings (domstats --raw, dominfo) as a map. */
export function parseKeyValues(text: string, separator = '='): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const at = line.indexOf(separator);
    if (at > 0) values.set(line.slice(0, at).trim(), line.slice(at + separator.length).trim());
  }
  return values;
}

/** Spawns a long-running virsh (event loops); the caller owns the process. */
export function spawnVirsh(uri: string, args: readonly string[]) {
  return spawn(VIRSH, ['-q', '-c', uri, ...args], { env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
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

export async function domainState(uri: string, domain: string): Promise<DomainState> {
  try {
    return (await virsh(uri, ['domstate', domain], { timeoutMs: 20_000 })).trim() as DomainState;
  } catch (error) {
    if (error instanceof VirshError && error.noDomain) return 'absent';
    throw error;
  }
}
