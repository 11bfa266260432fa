// The cloud-init NoCloud seed every compute boots with, the way public clouds hand a standard image its
// identity (https://cloudinit.readthedocs.io/en/latest/reference/datasources/nocloud.html): an ISO 9660
// volume labelled "cidata" holding meta-data (instance id, hostname), user-data (#cloud-config: root's
// SSH key, or root's password and SSH login with it) and network-config (version 2). Scalars are written as JSON strings, which YAML
// reads as they are, so no key comment or hash can break the document.
//
// A compute made with user-data of its own gets a MIME multipart user-data instead (cloud-init's
// "multipart/mixed" format): our #cloud-config first, theirs second (text/cloud-config, or
// text/x-shellscript for a #! script, run once at the end of the first boot). Their cloud-config part says
// how it merges into ours (Merge-Type: lists appended, our keys kept), so their `runcmd` and `write_files`
// run beside ours while the hostname, keys and password we set still apply. Ours is 8bit text, so the busybox
// test image's tiny init still reads our settings straight off the file; theirs is base64, which cloud-init
// decodes to their exact bytes (it reads an 8bit part's non-ASCII text as Latin-1, so "café" would not
// arrive as typed).
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encrypt } from 'unixcrypt';
import { userDataKind } from '@/contract/user-data-kind';

export interface SeedInput {
  instanceId: string;
  hostname: string;
  sshPublicKey: string | null;
  /** crypt(3) SHA-512 hash of the root password, or null for key computes. */
  rootPasswordCrypt: string | null;
  mac: string;
  /** The compute's own user-data (#cloud-config or a #! script, checked by the contract), or none. */
  userData?: string | null;
  /** Static addresses (bridge hosts), or null for DHCP (user networking). */
  network: {
    ipv4: { address: string; prefixLength: number; gateway: string };
    ipv6: { address: string; prefixLength: number; gateway: string } | null;
    nameservers: string[];
  } | null;
  /**
   * The machine's cards on its team's private networks, in the order they joined (eth1, eth2…): a static
   * address each, matched by MAC, with no gateway and no name servers.
   */
  privateCards?: readonly PrivateCard[];
}

export interface PrivateCard {
  mac: string;
  address: string;
  prefixLength: number;
}

const q = (text: string) => JSON.stringify(text);

/** SHA-512 crypt with many rounds: what /etc/shadow will hold; the password itself never reaches the host. */
export function cryptRootPassword(password: string): string {
  const salt = randomBytes(12)
    .toString('base64')
    .replace(/[^A-Za-z0-9./]/g, '.')
    .slice(0, 16);
  return encrypt(password, `$6$rounds=100000$${salt}`);
}

export function metaData(input: SeedInput): string {
  return `instance-id: ${q(input.instanceId)}\nlocal-hostname: ${q(input.hostname)}\n`;
}

export interface SeedFile {
  path: string;
  permissions: string;
  content: string;
}

/**
 * A password compute's root logs in over SSH with that password (`ssh root@<address>`, as the console says).
 * Debian's sshd keeps `PermitRootLogin prohibit-password` whatever `ssh_pwauth` writes, so the seed says so
 * in a drop-in read before the rest of sshd's configuration (the first value of a setting wins). cloud-init
 * writes it in its first stage, before ssh.service starts. Key computes get no such file.
 */
export const ROOT_PASSWORD_LOGIN_PATH = '/etc/ssh/sshd_config.d/10-ikirere-root-password.conf';
const rootPasswordLogin: SeedFile = {
  path: ROOT_PASSWORD_LOGIN_PATH,
  permissions: '0644',
  content:
    '# Written by the Ikirere seed: this compute was made with a root password, for `ssh root@<address>`.\n' +
    'PermitRootLogin yes\nPasswordAuthentication yes\n',
};

/** The files the seed itself writes (user-data's own `write_files` would join them). */
export function seedFiles(input: SeedInput): SeedFile[] {
  return input.rootPasswordCrypt ? [rootPasswordLogin] : [];
}

function writeFileEntry(file: SeedFile): string[] {
  return [
    `  - path: ${q(file.path)}`,
    `    permissions: ${q(file.permissions)}`,
    `    content: ${q(file.content)}`,
  ];
}

/** The seed's own #cloud-config: hostname, root's keys or password, the files it writes. */
function ourCloudConfig(input: SeedInput): string {
  const lines = [
    '#cloud-config',
    `hostname: ${q(input.hostname)}`,
    'preserve_hostname: false',
    // Every image's login user is root (the catalog's defaultUser): keep root's keys usable.
    'disable_root: false',
    `ssh_pwauth: ${input.rootPasswordCrypt ? 'true' : 'false'}`,
    // The network-config is applied at every boot, not only the first: a card on a private network that
    // joined (or left) since is set up by the next boot (cloud-init's "boot" event).
    'updates:',
    '  network:',
    '    when: ["boot-new-instance", "boot"]',
  ];
  if (input.sshPublicKey) {
    // One key per line (a pasted key and saved ones).
    const keys = input.sshPublicKey.split('\n').filter((key) => key.trim() !== '');
    lines.push('ssh_authorized_keys:', ...keys.map((key) => `  - ${q(key.trim())}`));
  }
  if (input.rootPasswordCrypt) {
    lines.push(
      'chpasswd:',
      '  expire: false',
      '  users:',
      '    - name: root',
      `      password: ${q(input.rootPasswordCrypt)}`,
      '      type: hash',
    );
  }
  const files = seedFiles(input);
  if (files.length > 0) lines.push('write_files:', ...files.flatMap(writeFileEntry));
  return `${lines.join('\n')}\n`;
}

/**
 * How the compute's own cloud-config merges into ours (cloud-init's merging rules): lists appended (their
 * runcmd, write_files and keys join ours), our keys kept where both set one (the hostname stays ours),
 * nested lists appended too.
 */
export const USER_DATA_MERGE_TYPE = 'list(append)+dict(no_replace,recurse_list)+str()';

/**
 * The user-data file: our #cloud-config alone, or with the compute's own user-data a MIME multipart of
 * both, separated by a random boundary found in neither part.
 */
export function userData(input: SeedInput): string {
  const ours = ourCloudConfig(input);
  const theirs = input.userData;
  if (!theirs) return ours;
  let separator = `==ikirere-${randomBytes(12).toString('hex')}==`;
  while (ours.includes(separator)) {
    separator = `==ikirere-${randomBytes(12).toString('hex')}==`;
  }
  const script = userDataKind(theirs) === 'script';
  const part = (headers: string[], body: string) =>
    [`--${separator}`, ...headers, 'MIME-Version: 1.0', '', body].join('\n');
  // Base64 in lines of 76 characters (RFC 2045).
  const base64 = Buffer.from(theirs, 'utf8').toString('base64').replace(/.{76}/g, '$&\n');
  return [
    `Content-Type: multipart/mixed; boundary="${separator}"`,
    'MIME-Version: 1.0',
    '',
    part(
      [
        'Content-Type: text/cloud-config; charset="utf-8"',
        'Content-Disposition: attachment; filename="ikirere.cfg"',
        'Content-Transfer-Encoding: 8bit',
      ],
      ours,
    ),
    part(
      script
        ? [
            'Content-Type: text/x-shellscript; charset="utf-8"',
            'Content-Disposition: attachment; filename="user-data.sh"',
            'Content-Transfer-Encoding: base64',
          ]
        : [
            'Content-Type: text/cloud-config; charset="utf-8"',
            `Merge-Type: ${USER_DATA_MERGE_TYPE}`,
            'Content-Disposition: attachment; filename="user-data.cfg"',
            'Content-Transfer-Encoding: base64',
          ],
      base64.endsWith('\n') ? base64 : `${base64}\n`,
    ),
    `--${separator}--`,
    '',
  ].join('\n');
}

export function networkConfig(input: SeedInput): string {
  const lines = ['version: 2', 'ethernets:', '  eth0:', '    match:', `      macaddress: ${q(input.mac)}`];
  lines.push('    set-name: eth0');
  const net = input.network;
  if (!net) {
    lines.push('    dhcp4: true');
  } else {
    lines.push(
      '    dhcp4: false',
      '    addresses:',
      `      - ${q(`${net.ipv4.address}/${net.ipv4.prefixLength}`)}`,
    );
    if (net.ipv6) lines.push(`      - ${q(`${net.ipv6.address}/${net.ipv6.prefixLength}`)}`);
    lines.push('    routes:', `      - to: "0.0.0.0/0"`, `        via: ${q(net.ipv4.gateway)}`);
    if (net.ipv6) lines.push(`      - to: "::/0"`, `        via: ${q(net.ipv6.gateway)}`);
    lines.push(
      '    nameservers:',
      '      addresses:',
      ...net.nameservers.map((server) => `        - ${q(server)}`),
    );
  }
  (input.privateCards ?? []).forEach((card, index) => {
    const name = `eth${index + 1}`;
    lines.push(
      `  ${name}:`,
      '    match:',
      `      macaddress: ${q(card.mac)}`,
      `    set-name: ${name}`,
      '    dhcp4: false',
      '    addresses:',
      `      - ${q(`${card.address}/${card.prefixLength}`)}`,
    );
  });
  return `${lines.join('\n')}\n`;
}

export const GENISOIMAGE = process.env.IKIRERE_GENISOIMAGE ?? 'genisoimage';

/** Writes the seed ISO with genisoimage (Debian's package of the same name) and returns its bytes. */
export function buildSeedIso(input: SeedInput): Promise<Buffer> {
  return seedIso({
    'user-data': userData(input),
    'meta-data': metaData(input),
    'network-config': networkConfig(input),
  });
}

export type SeedFiles = Record<'user-data' | 'meta-data' | 'network-config', string>;

/** The NoCloud ISO ("cidata") of these three files, from genisoimage. */
export async function seedIso(files: SeedFiles): Promise<Buffer> {
  const directory = await mkdtemp(join(tmpdir(), 'ikirere-seed-'));
  try {
    for (const [name, content] of Object.entries(files)) {
      await writeFile(join(directory, name), content, { mode: 0o600 });
    }
    const iso = join(directory, 'seed.iso');
    await new Promise<void>((resolve, reject) =>
      execFile(
        GENISOIMAGE,
        [
          '-quiet',
          '-output',
          iso,
          '-volid',
          'cidata',
          '-joliet',
          '-rock',
          'user-data',
          'meta-data',
          'network-config',
        ],
        { cwd: directory, timeout: 30_000 },
        (error, _stdout, stderr) =>
          error ? reject(new Error(`genisoimage failed: ${stderr || error.message}`)) : resolve(),
      ),
    );
    return await readFile(iso);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
