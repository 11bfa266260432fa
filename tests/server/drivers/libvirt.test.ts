// The libvirt driver's pure parts: its configuration, placement, the domain XML, the cloud-init seed,
// and how it reads libvirt's events and statistics. The driver against real libvirt is tests/libvirt.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verify } from 'unixcrypt';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_CATALOG } from '../../../server/catalog/catalog';
import {
  cryptRootPassword,
  metaData,
  networkConfig,
  ROOT_PASSWORD_LOGIN_PATH,
  USER_DATA_MERGE_TYPE,
  userData,
} from '../../../server/drivers/compute/libvirt/cloud-init-seed';
import { parseEventLine } from '../../../server/drivers/compute/libvirt/domain-events';
import { restingState, stoppedByQemu } from '../../../server/drivers/compute/libvirt/domain-state';
import { domainXml, escapeXml, macOf } from '../../../server/drivers/compute/libvirt/domain-xml';
import { HostConnection } from '../../../server/drivers/compute/libvirt/host-connection';
import { type LibvirtHost, readLibvirtConfig } from '../../../server/drivers/compute/libvirt/libvirt-config';
import { placeMachine } from '../../../server/drivers/compute/libvirt/placement';
import { parseDomstats, rates } from '../../../server/drivers/compute/libvirt/usage-samples';
import { parseDomainStatus, VirshError } from '../../../server/drivers/compute/libvirt/virsh';
import { createLogger } from '../../../server/logger';

function host(name: string, overrides: Partial<LibvirtHost> = {}): LibvirtHost {
  return {
    name,
    uri: 'qemu:///system',
    location: 'kgl1',
    capacity: { vcpus: 4, memoryMb: 8192, diskGb: 200 },
    pool: 'ikirere',
    images: { 'debian-12': 'debian.qcow2' },
    network: { mode: 'user', publishAddress: '198.51.100.4', bindAddress: '0.0.0.0', ports: '40000-40009' },
    acceleration: 'auto',
    ...overrides,
  };
}

function config(env: Record<string, string>) {
  const problems: string[] = [];
  const result = readLibvirtConfig((name) => env[name], problems, DEFAULT_CATALOG);
  return { result, problems };
}

describe('LIBVIRT_HOSTS', () => {
  const hosts = [
    {
      name: 'kgl1-a',
      uri: 'qemu:///system',
      location: 'kgl1',
      capacity: { vcpus: 8, memoryMb: 16384, diskGb: 500 },
      images: { 'debian-12': 'debian-12.qcow2' },
      network: { mode: 'user', publishAddress: '198.51.100.4', ports: '40000-40999' },
    },
  ];

  it('reads hosts inline or from a file, with defaults', () => {
    const inline = config({ LIBVIRT_HOSTS: JSON.stringify(hosts) });
    expect(inline.problems).toEqual([]);
    expect(inline.result?.hosts[0]).toMatchObject({ pool: 'ikirere', acceleration: 'auto' });
    expect(inline.result?.hosts[0]?.network).toMatchObject({ bindAddress: '0.0.0.0' });
    expect(inline.result).toMatchObject({
      bootTimeoutSeconds: 300,
      shutdownTimeoutSeconds: 60,
      sampleIntervalSeconds: 60,
      hostCheckSeconds: 10,
    });
    const directory = mkdtempSync(join(tmpdir(), 'ikirere-hosts-'));
    try {
      writeFileSync(join(directory, 'hosts.json'), JSON.stringify(hosts));
      expect(config({ LIBVIRT_HOSTS: join(directory, 'hosts.json') }).result?.hosts).toHaveLength(1);
    } finally {
      rmSync(directory, { recursive: true });
    }
  });

  it('names every mistake', () => {
    expect(config({}).problems).toEqual([expect.stringContaining('needs LIBVIRT_HOSTS')]);
    expect(config({ LIBVIRT_HOSTS: '[{' }).problems).toEqual([expect.stringContaining('not valid JSON')]);
    expect(config({ LIBVIRT_HOSTS: '/no/such/file' }).problems[0]).toContain(
      'neither a JSON list nor a readable file',
    );
    const bad = [
      { ...hosts[0], location: 'mars1', images: { 'windows-11': 'x' } },
      { ...hosts[0], location: 'mars1', images: {} },
    ];
    const problems = config({ LIBVIRT_HOSTS: JSON.stringify(bad) }).problems;
    expect(problems).toContain('LIBVIRT_HOSTS: the host name kgl1-a is used twice.');
    expect(problems).toContain('LIBVIRT_HOSTS: host kgl1-a serves location mars1, which the catalog lacks.');
    expect(problems).toContain('LIBVIRT_HOSTS: host kgl1-a lists image windows-11, which the catalog lacks.');
    const ports = config({
      LIBVIRT_HOSTS: JSON.stringify([
        { ...hosts[0], network: { mode: 'user', publishAddress: '1.2.3.4', ports: '80-90' } },
      ]),
    }).problems;
    expect(ports).toEqual([
      expect.stringMatching(/^LIBVIRT_HOSTS: 0\.network\.ports: the port range must lie within/),
    ]);
    expect(
      config({ LIBVIRT_HOSTS: JSON.stringify(hosts), LIBVIRT_SHUTDOWN_TIMEOUT: 'soon' }).problems,
    ).toEqual(['LIBVIRT_SHUTDOWN_TIMEOUT must be a whole number of seconds from 1 (got "soon").']);
  });
});

describe('placement', () => {
  const small = { locationId: 'kgl1', imageId: 'debian-12', vcpus: 1, memoryMb: 1024, diskGb: 25 };
  const hosts = [host('a', { capacity: { vcpus: 2, memoryMb: 4096, diskGb: 100 } }), host('b')];

  it('takes the least-loaded host of the location, by its busiest resource', () => {
    expect(placeMachine(hosts, [], small)).toMatchObject({ ok: true, host: { name: 'b' } });
    const busyB = [{ host: 'b', vcpus: 3, memoryMb: 1024, diskGb: 25 }];
    expect(placeMachine(hosts, busyB, small)).toMatchObject({ ok: true, host: { name: 'a' } });
    // Equal loads: by name, so servers sharing a database agree.
    expect(placeMachine([host('y'), host('x')], [], small)).toMatchObject({ ok: true, host: { name: 'x' } });
    expect(placeMachine(hosts, [], small, (candidate) => candidate.name === 'b')).toMatchObject({
      host: { name: 'a' },
    });
  });

  it('refuses with the field at fault and why', () => {
    const full = [
      { host: 'a', vcpus: 2, memoryMb: 0, diskGb: 0 },
      { host: 'b', vcpus: 4, memoryMb: 0, diskGb: 0 },
    ];
    expect(placeMachine(hosts, full, small)).toEqual({
      ok: false,
      field: 'locationId',
      reason: expect.stringContaining('Full for now'),
    });
    expect(placeMachine(hosts, [], { ...small, vcpus: 16 })).toMatchObject({
      ok: false,
      field: 'instanceTypeId',
    });
    expect(placeMachine(hosts, [], { ...small, locationId: 'fra1' })).toMatchObject({
      ok: false,
      field: 'locationId',
    });
    expect(placeMachine(hosts, [], { ...small, imageId: 'alpine-3-20' })).toMatchObject({
      ok: false,
      field: 'operatingSystemId',
    });
    expect(placeMachine(hosts, [], { ...small, imageId: '*' })).toMatchObject({ ok: true });
  });
});

describe('the domain XML', () => {
  const plan = {
    id: '0f8f2c1e-1111-4222-8333-444455556666',
    name: 'ikirere-0f8f2c1e-1111-4222-8333-444455556666',
    hostname: 'web-1',
    vcpus: 2,
    memoryMb: 2048,
    type: 'qemu' as const,
    pool: 'ikirere',
    diskVolume: 'd.qcow2',
    seedVolume: 's.iso',
    mac: macOf('0f8f2c1e-1111-4222-8333-444455556666'),
    sshPort: 40007,
  };

  it('forwards the guest’s SSH port from the host under user networking, in plain emulation without KVM', () => {
    const xml = domainXml({ ...plan, network: host('a').network });
    expect(xml).toContain("<domain type='qemu'");
    expect(xml).not.toContain('<cpu');
    expect(xml).toContain('<uuid>0f8f2c1e-1111-4222-8333-444455556666</uuid>');
    expect(xml).toContain('<features><acpi/>');
    expect(xml).toContain("<qemu:arg value='user,id=ikirere0,hostfwd=tcp:0.0.0.0:40007-:22'/>");
    expect(xml).toContain("<source pool='ikirere' volume='d.qcow2'/>");
    expect(xml).toContain("<serial type='pty'>");
    expect(plan.mac).toBe('52:54:00:0f:8f:2c');
  });

  it('shuts a guest on user networking off from everything but its SSH forward when the host says restrict', () => {
    const xml = domainXml({
      ...plan,
      network: { ...host('a').network, restrict: true } as LibvirtHost['network'],
    });
    expect(xml).toContain("<qemu:arg value='user,id=ikirere0,restrict=on,hostfwd=tcp:0.0.0.0:40007-:22'/>");
  });

  it('bridges the guest on a host with a routed block, with KVM', () => {
    const xml = domainXml({
      ...plan,
      type: 'kvm',
      sshPort: null,
      network: { mode: 'bridge', bridge: 'br0', ipv4: '203.0.113.0/24', nameservers: ['9.9.9.9'] },
    });
    expect(xml).toContain("<domain type='kvm'");
    expect(xml).toContain("<cpu mode='host-model'/>");
    expect(xml).toContain("<source bridge='br0'/>");
    expect(xml).not.toContain('qemu:commandline');
    expect(escapeXml(`a<b>&'"`)).toBe('a&lt;b&gt;&amp;&apos;&quot;');
  });
  it('boots the rescue system in rescue mode, its seed first and the compute’s disk second, same SSH forward', () => {
    const rescue = { kernel: '/srv/rescue/vmlinuz', initrd: '/srv/rescue/initrd.gz', seedVolume: 'r.iso' };
    const xml = domainXml({ ...plan, network: host('a').network, rescue });
    expect(xml).toContain('<kernel>/srv/rescue/vmlinuz</kernel><initrd>/srv/rescue/initrd.gz</initrd>');
    expect(xml).not.toContain("<boot dev='hd'/>");
    expect(xml).toMatch(/volume='r\.iso'\/>\s*<target dev='vda'/);
    expect(xml).toMatch(/volume='d\.qcow2'\/>\s*<target dev='vdb'/);
    expect(xml).not.toContain("volume='s.iso'");
    expect(xml).toContain('hostfwd=tcp:0.0.0.0:40007-:22');
    // Without rescue, the machine's own disk boots as the first disk.
    expect(domainXml({ ...plan, network: host('a').network })).toMatch(
      /volume='d\.qcow2'\/>\s*<target dev='vda'/,
    );
  });
});

describe('the cloud-init seed', () => {
  const base = {
    instanceId: 'id-1',
    hostname: 'web-1',
    sshPublicKey: 'ssh-ed25519 AAAAC3Nza "quoted" \\ comment',
    rootPasswordCrypt: null,
    mac: '52:54:00:0f:8f:2c',
    network: null,
  };

  it('hands the hostname and the key over, as YAML strings nothing can break', () => {
    expect(metaData(base)).toBe('instance-id: "id-1"\nlocal-hostname: "web-1"\n');
    const data = userData(base);
    expect(data.startsWith('#cloud-config\n')).toBe(true);
    expect(data).toContain('disable_root: false');
    expect(data).toContain('ssh_pwauth: false');
    expect(data).toContain('ssh_authorized_keys:\n  - "ssh-ed25519 AAAAC3Nza \\"quoted\\" \\\\ comment"');
    expect(data).not.toContain('chpasswd');
    expect(networkConfig(base)).toContain('dhcp4: true');
  });

  it('authorizes every key of a compute made with several (a pasted one and saved ones), one per line', () => {
    const data = userData({ ...base, sshPublicKey: 'ssh-ed25519 AAAAone a@laptop\nssh-rsa AAAAtwo b@desk' });
    expect(data).toContain(
      'ssh_authorized_keys:\n  - "ssh-ed25519 AAAAone a@laptop"\n  - "ssh-rsa AAAAtwo b@desk"\n',
    );
  });

  it('hands a password over only as its SHA-512 crypt hash', () => {
    const hash = cryptRootPassword('Tq7mK-8vRbe-Xw2Hn-pL4sA');
    expect(hash).toMatch(/^\$6\$rounds=100000\$[A-Za-z0-9./]{16}\$/);
    expect(verify('Tq7mK-8vRbe-Xw2Hn-pL4sA', hash)).toBe(true);
    const data = userData({ ...base, sshPublicKey: null, rootPasswordCrypt: hash });
    expect(data).toContain(`      password: "${hash}"\n      type: hash`);
    expect(data).toContain('ssh_pwauth: true');
    expect(data).not.toContain('Tq7mK');
    // Two 100,000-round SHA-512 crypts in JavaScript: seconds on a busy 2-core machine.
  }, 30_000);

  it("lets a password compute's root log in over SSH with the password, and no key compute's", () => {
    const hash = '$6$rounds=100000$Xy1Xy1Xy1Xy1Xy1X$Jl0Dq1aZ';
    const password = userData({ ...base, sshPublicKey: null, rootPasswordCrypt: hash });
    // An sshd drop-in read before the stock configuration (where Debian keeps prohibit-password).
    expect(password).toContain(
      `write_files:\n  - path: "${ROOT_PASSWORD_LOGIN_PATH}"\n    permissions: "0644"\n    content: "`,
    );
    expect(ROOT_PASSWORD_LOGIN_PATH).toMatch(/^\/etc\/ssh\/sshd_config\.d\/[^/]+\.conf$/);
    const content = JSON.parse(password.split('\n    content: ')[1]!.split('\n')[0]!) as string;
    expect(content.split('\n').filter((line) => line && !line.startsWith('#'))).toEqual([
      'PermitRootLogin yes',
      'PasswordAuthentication yes',
    ]);
    const key = userData(base);
    expect(key).not.toContain('write_files');
    expect(key).not.toContain('PermitRootLogin');
  });

  /** The parts of a multipart/mixed user-data (RFC 2046): each part's headers and body, as cloud-init reads them. */
  function mimeParts(text: string) {
    const [head, ...rest] = text.split('\n\n');
    const boundary = /^Content-Type: multipart\/mixed; boundary="([^"]+)"$/m.exec(head!)?.[1];
    expect(boundary).toBeDefined();
    const body = rest.join('\n\n');
    expect(body.startsWith(`--${boundary}\n`)).toBe(true);
    expect(body.endsWith(`\n--${boundary}--\n`)).toBe(true);
    const inner = body.slice(`--${boundary}\n`.length, -`\n--${boundary}--\n`.length);
    return inner.split(`\n--${boundary}\n`).map((part) => {
      const split = part.indexOf('\n\n');
      const headers = Object.fromEntries(
        part
          .slice(0, split)
          .split('\n')
          .map((line) => line.split(/: (.*)/s).slice(0, 2) as [string, string]),
      );
      return { headers, body: part.slice(split + 2) };
    });
  }

  it('keeps the plain #cloud-config for a compute without user-data of its own', () => {
    expect(userData({ ...base, userData: null })).toBe(userData(base));
    expect(userData(base).startsWith('#cloud-config\n')).toBe(true);
  });

  it("hands the compute's #cloud-config over as a second part that appends to ours and keeps our keys", () => {
    const theirs = [
      '#cloud-config',
      'hostname: "not-this-one"',
      'write_files:',
      '  - path: /etc/motd',
      '    content: "Bonjour ☕\\n"',
      'runcmd:',
      '  - [sh, -c, "echo ran > /root/ran"]',
      '',
    ].join('\n');
    const hash = '$6$rounds=100000$Xy1Xy1Xy1Xy1Xy1X$Jl0Dq1aZ';
    const data = userData({ ...base, sshPublicKey: null, rootPasswordCrypt: hash, userData: theirs });
    expect(data.split('\n', 2)[1]).toBe('MIME-Version: 1.0');
    const parts = mimeParts(data);
    expect(parts).toHaveLength(2);
    const [ours, their] = parts;
    // Ours: as without user-data, hostname and password and the sshd drop-in.
    expect(ours!.headers['Content-Type']).toBe('text/cloud-config; charset="utf-8"');
    expect(ours!.headers['Content-Transfer-Encoding']).toBe('8bit');
    expect(ours!.body).toBe(userData({ ...base, sshPublicKey: null, rootPasswordCrypt: hash }));
    const ourConfig = parseYaml(ours!.body);
    expect(ourConfig.hostname).toBe('web-1');
    expect(ourConfig.write_files[0].path).toBe(ROOT_PASSWORD_LOGIN_PATH);
    // Theirs: exactly as typed, merged by appending lists and keeping our keys.
    expect(their!.headers['Content-Type']).toBe('text/cloud-config; charset="utf-8"');
    expect(their!.headers['Merge-Type']).toBe(USER_DATA_MERGE_TYPE);
    expect(USER_DATA_MERGE_TYPE).toBe('list(append)+dict(no_replace,recurse_list)+str()');
    expect(their!.headers['Content-Transfer-Encoding']).toBe('base64');
    expect(Buffer.from(their!.body, 'base64').toString('utf8')).toBe(theirs);
    // The busybox test image reads our settings off the file by line: the password line comes first.
    expect(data.split('\n').find((line) => line.startsWith('      password: '))).toBe(
      `      password: "${hash}"`,
    );
  });

  it('hands a script over as text/x-shellscript, separated by a fresh random boundary', () => {
    const script = '#!/bin/sh\necho "--==ikirere-0==" > /root/boundary';
    const parts = mimeParts(userData({ ...base, userData: script }));
    expect(parts[1]!.headers['Content-Type']).toBe('text/x-shellscript; charset="utf-8"');
    expect(parts[1]!.headers['Merge-Type']).toBeUndefined();
    expect(Buffer.from(parts[1]!.body, 'base64').toString('utf8')).toBe(script);
    expect(parseYaml(parts[0]!.body).ssh_authorized_keys).toEqual([base.sshPublicKey]);
    const one = userData({ ...base, userData: script });
    const two = userData({ ...base, userData: script });
    expect(one).not.toBe(two); // a fresh random boundary each time
  });

  it('gives bridged guests their static addresses', () => {
    const text = networkConfig({
      ...base,
      network: {
        ipv4: { address: '203.0.113.7', prefixLength: 24, gateway: '203.0.113.1' },
        ipv6: { address: '2001:db8::7', prefixLength: 64, gateway: '2001:db8::1' },
        nameservers: ['9.9.9.9'],
      },
    });
    expect(text).toContain('- "203.0.113.7/24"');
    expect(text).toContain('- "2001:db8::7/64"');
    expect(text).toContain('via: "203.0.113.1"');
    expect(text).toContain('- "9.9.9.9"');
  });
});

describe('what libvirt says', () => {
  it('reads event lines and domain states', () => {
    expect(parseEventLine("event 'lifecycle' for domain 'ikirere-x': Stopped Shutdown")).toEqual({
      kind: 'lifecycle',
      domain: 'ikirere-x',
      detail: 'Stopped Shutdown',
    });
    expect(parseEventLine("event 'reboot' for domain 'ikirere-x'")).toEqual({
      kind: 'reboot',
      domain: 'ikirere-x',
      detail: '',
    });
    expect(parseEventLine('events received: 2')).toBeUndefined();
    expect(parseDomainStatus('paused (unknown)\n')).toEqual({ state: 'paused', reason: 'unknown' });
    expect(parseDomainStatus('shut off (destroyed)')).toEqual({ state: 'shut off', reason: 'destroyed' });
    expect(parseDomainStatus('running')).toEqual({ state: 'running', reason: '' });
  });

  it('never reads a domain that does not run as running', () => {
    expect(restingState('running')).toBe('running');
    expect(restingState('in shutdown')).toBe('running');
    expect(restingState('shut off')).toBe('stopped');
    expect(restingState('paused')).toBe('error');
    expect(restingState('pmsuspended')).toBe('error');
    expect(restingState('crashed')).toBe('error');
    expect(restingState('absent')).toBe('absent');
  });

  it('tells QEMU stopping a guest on its own (what failing KVM does) from anyone asking it to', () => {
    // A KVM internal error: QEMU stops the guest and libvirt knows no more than "unknown".
    expect(stoppedByQemu({ state: 'paused', reason: 'unknown' })).toBe(true);
    expect(stoppedByQemu({ state: 'paused', reason: 'crashed' })).toBe(true);
    expect(stoppedByQemu({ state: 'shut off', reason: 'crashed' })).toBe(true);
    expect(stoppedByQemu({ state: 'shut off', reason: 'failed' })).toBe(true);
    expect(stoppedByQemu({ state: 'crashed', reason: 'panicked' })).toBe(true);
    // Paused by the driver itself while the console opens, or by someone's virsh: not QEMU's doing.
    expect(stoppedByQemu({ state: 'paused', reason: 'user' })).toBe(false);
    expect(stoppedByQemu({ state: 'shut off', reason: 'shutdown' })).toBe(false);
    expect(stoppedByQemu({ state: 'shut off', reason: 'destroyed' })).toBe(false);
    expect(stoppedByQemu({ state: 'running', reason: 'booted' })).toBe(false);
  });

  it('turns two readings of domstats into rates', () => {
    const reading = (cpu: number, read: number) =>
      `Domain: 'ikirere-a'\n  cpu.time=${cpu}\n  vcpu.current=2\n  balloon.current=1048576\n  balloon.available=1000000\n  balloon.unused=750000\n  block.count=2\n  block.0.rd.bytes=${read}\n  block.0.wr.bytes=0\n  block.1.rd.bytes=100\n  block.1.wr.bytes=0\n  net.count=0\n`;
    const first = parseDomstats(reading(1e9, 1000), 0).get('ikirere-a')!;
    const second = parseDomstats(reading(61e9, 601_000), 60_000).get('ikirere-a')!;
    expect(second.memoryPercent).toBe(25);
    expect(rates(first, second)).toEqual({
      cpu: 50,
      memory: 25,
      diskRead: 10_000,
      diskWrite: 0,
      networkIn: null,
      networkOut: null,
    });
    // Counters that went back (the guest restarted) give no sample.
    expect(rates(second, first)).toBeUndefined();
  });
});

describe('a start QEMU did not survive', () => {
  it('is told apart: ended without a word (tried again), or with its reason (not)', () => {
    const said = (detail: string) => new VirshError(['start', 'ikirere-a', '--paused'], detail);
    // What libvirt said on this machine when a QEMU started just after another crashed under KVM.
    expect(
      said("Failed to start domain 'ikirere-a' internal error: process exited while connecting to monitor")
        .qemuEndedStarting,
    ).toBe(true);
    expect(
      said("Failed to start domain 'ikirere-a' internal error: qemu unexpectedly closed the monitor")
        .qemuEndedStarting,
    ).toBe(true);
    // QEMU said why: the reason decides (KVM given up, another port), not a blind second try.
    expect(
      said(
        "Failed to start domain 'ikirere-a' internal error: qemu unexpectedly closed the monitor: qemu-system-x86_64: error: failed to set MSR 0x10a to 0x69",
      ).qemuEndedStarting,
    ).toBe(false);
    expect(said("Failed to start domain 'ikirere-a' Cannot access storage file").qemuEndedStarting).toBe(
      false,
    );
  });
});

describe('stopping a domain at once', () => {
  /** A host whose virsh answers `destroy` with each of `answers` in turn (an Error's message is its stderr). */
  function hostAnswering(answers: (string | Error)[]) {
    const connection = new HostConnection(host('kgl1-a'), createLogger('silent'));
    const asked: string[][] = [];
    connection.run = async (args) => {
      asked.push([...args]);
      const answer = answers.shift() ?? '';
      if (answer instanceof Error) throw new VirshError(args, answer.message);
      return answer;
    };
    return { connection, asked };
  }

  it('is done when libvirt stops it, or when it was already off or never defined', async () => {
    for (const detail of [
      'Requested operation is not valid: domain is not running',
      'Domain not found: no domain with matching name',
    ]) {
      const { connection, asked } = hostAnswering([new Error(detail)]);
      await connection.forceOff('ikirere-a');
      expect(asked).toEqual([['destroy', 'ikirere-a']]);
    }
  });

  it('asks again while QEMU is still dying, and says why when it never does', async () => {
    const busy = new Error('Failed to terminate process 4242 with SIGKILL: Device or resource busy');
    const { connection, asked } = hostAnswering([busy, busy, 'Domain destroyed']);
    await connection.forceOff('ikirere-a');
    expect(asked).toHaveLength(3);

    const stuck = hostAnswering([busy, busy, busy, 'never asked']);
    await expect(stuck.connection.forceOff('ikirere-a')).rejects.toThrow('Device or resource busy');
    expect(stuck.asked).toHaveLength(3);

    const refused = hostAnswering([new Error('operation failed: access denied'), 'never asked']);
    await expect(refused.connection.forceOff('ikirere-a')).rejects.toThrow('access denied');
    expect(refused.asked).toHaveLength(1);
  });
});
