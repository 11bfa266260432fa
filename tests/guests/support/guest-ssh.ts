// SSH into a guest through its loopback forward, as a person would: with a key the test made, or with a
// password typed by sshpass (Debian's package; the password goes through its environment, not argv).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SshAnswer {
  code: number;
  stdout: string;
  stderr: string;
}

const COMMON = [
  '-F',
  '/dev/null',
  '-o',
  'StrictHostKeyChecking=no',
  '-o',
  'UserKnownHostsFile=/dev/null',
  '-o',
  'LogLevel=ERROR',
  '-o',
  'ConnectTimeout=30',
];

function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<SshAnswer> {
  return new Promise((resolve) => {
    execFile(command, args, { encoding: 'utf8', env, timeout: timeoutMs }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

export interface TestKey {
  directory: string;
  privateKey: string;
  publicKey: string;
  remove(): void;
}

export function makeTestKey(comment: string): TestKey {
  const directory = mkdtempSync(join(tmpdir(), 'ikirere-guest-key-'));
  const privateKey = join(directory, 'id');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', comment, '-f', privateKey]);
  return {
    directory,
    privateKey,
    publicKey: readFileSync(`${privateKey}.pub`, 'utf8').trim(),
    remove: () => rmSync(directory, { recursive: true, force: true }),
  };
}

export function sshWithKey(
  port: number,
  key: TestKey,
  command: string,
  options: { user?: string; timeoutMs?: number } = {},
): Promise<SshAnswer> {
  return run(
    'ssh',
    [
      ...COMMON,
      '-i',
      key.privateKey,
      '-o',
      'IdentitiesOnly=yes',
      '-o',
      'BatchMode=yes',
      '-p',
      String(port),
      `${options.user ?? 'root'}@127.0.0.1`,
      command,
    ],
    process.env,
    options.timeoutMs ?? 120_000,
  );
}

/** Logs in with a password only (no keys, no agent), the way `ssh root@<address>` asks for one. */
export function sshWithPassword(
  port: number,
  password: string,
  command: string,
  options: { user?: string; timeoutMs?: number } = {},
): Promise<SshAnswer> {
  return run(
    'sshpass',
    [
      '-e',
      'ssh',
      ...COMMON,
      '-o',
      'PubkeyAuthentication=no',
      '-o',
      'PreferredAuthentications=password,keyboard-interactive',
      '-o',
      'NumberOfPasswordPrompts=1',
      '-p',
      String(port),
      `${options.user ?? 'root'}@127.0.0.1`,
      command,
    ],
    { ...process.env, SSHPASS: password, SSH_AUTH_SOCK: '' },
    options.timeoutMs ?? 120_000,
  );
}

/** The tools these tests need on this machine, with the command that installs them. */
export function requireGuestTools(): void {
  const missing = ['ssh', 'ssh-keygen', 'sshpass'].filter((tool) => {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    throw new Error(
      `The guest tests need ${missing.join(', ')}: sudo apt-get install -y openssh-client sshpass (.ci/run does this).`,
    );
  }
}
