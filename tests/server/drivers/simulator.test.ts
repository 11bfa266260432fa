// The hypervisor simulator's pure parts: address pools, metrics, the console's shell, and SSH keys.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSshPublicKey } from '../../../server/computes/ssh-key';
import {
  bigIntToIpv6,
  firstFreeIpv4,
  firstFreeIpv6,
  ipv6ToBigInt,
  parseIpv4Block,
  parseIpv6Prefix,
} from '../../../server/drivers/compute/simulator/address-pool';
import { bootLines } from '../../../server/drivers/compute/simulator/console/boot-log';
import type { ConsoleFacts } from '../../../server/drivers/compute/simulator/console/console-facts';
import { runCommand } from '../../../server/drivers/compute/simulator/console/shell';
import { simulatedMetrics } from '../../../server/drivers/compute/simulator/metrics';
import {
  DEFAULT_SIMULATOR_CONFIG,
  hostnameFailure,
  transitionDurationMs,
} from '../../../server/drivers/compute/simulator/simulator-config';
import { sshPublicKey } from '../support/computes';

describe('address pools', () => {
  it('hands out IPv4 hosts in order, never the network, gateway or broadcast address', () => {
    const block = parseIpv4Block('192.0.2.0/24')!;
    expect(firstFreeIpv4([block], new Set())).toBe('192.0.2.2');
    expect(firstFreeIpv4([block], new Set(['192.0.2.2', '192.0.2.3']))).toBe('192.0.2.4');
    const all = new Set(Array.from({ length: 253 }, (_, index) => `192.0.2.${index + 2}`));
    expect(firstFreeIpv4([block], all)).toBeUndefined();
    expect(all.has('192.0.2.255')).toBe(false);
    const second = parseIpv4Block('198.51.100.0/30')!;
    expect(firstFreeIpv4([block, second], all)).toBe('198.51.100.2');
    expect(parseIpv4Block('192.0.2.7/24')).toBeUndefined();
    expect(parseIpv4Block('300.0.0.0/8')).toBeUndefined();
  });

  it('writes IPv6 addresses the canonical way and hands them out from the prefix', () => {
    expect(bigIntToIpv6(ipv6ToBigInt('2001:0db8:0000:0000:0000:0000:0000:0010')!)).toBe('2001:db8::10');
    expect(bigIntToIpv6(ipv6ToBigInt('2001:db8:0:1:0:0:0:1')!)).toBe('2001:db8:0:1::1');
    const prefix = parseIpv6Prefix('2001:db8::/64')!;
    expect(firstFreeIpv6(prefix, new Set(['2001:db8::10']))).toBe('2001:db8::11');
    expect(parseIpv6Prefix('2001:db8::1/64')).toBeUndefined();
  });
});

describe('transition timings and failure hooks', () => {
  it('varies by machine within 10 %, and the speed factor divides them', () => {
    const base = DEFAULT_SIMULATOR_CONFIG.timingsMs.provision;
    const duration = transitionDurationMs(DEFAULT_SIMULATOR_CONFIG, 'machine-a', 'provision');
    expect(duration).toBeGreaterThanOrEqual(base * 0.9);
    expect(duration).toBeLessThanOrEqual(base * 1.1);
    expect(transitionDurationMs({ ...DEFAULT_SIMULATOR_CONFIG, speed: 100 }, 'machine-a', 'provision')).toBe(
      Math.round(duration / 100),
    );
  });

  it('fails what the hostname names', () => {
    expect(hostnameFailure('fail-web', 'provision')).toBe(true);
    expect(hostnameFailure('fail-web', 'reboot')).toBe(false);
    expect(hostnameFailure('fail-power-off-db', 'power_off')).toBe(true);
    expect(hostnameFailure('fail-power-off-db', 'provision')).toBe(false);
    expect(hostnameFailure('web-fail-1', 'provision')).toBe(false);
  });
});

describe('metrics', () => {
  const createdAt = new Date('2025-03-01T00:00:00Z');
  const machine = {
    id: '0f8f2c1e-1111-4222-8333-444455556666',
    vcpus: 2,
    memoryMb: 2048,
    createdAt,
    locationId: 'kgl1',
  };
  const day = 86_400_000;

  it('has no data before the machine existed and zero while it was off', () => {
    const now = new Date(createdAt.getTime() + 3 * day);
    // Running for the first day and a half, then off.
    const log = [[createdAt.getTime(), createdAt.getTime() + 1.5 * day]] as const;
    const metrics = simulatedMetrics(machine, log, '7d', now);
    const first = metrics.timestamps.findIndex((time) => time * 1000 >= createdAt.getTime());
    expect(metrics.cpu.slice(0, first).every((value) => value === null)).toBe(true);
    expect(metrics.cpu.slice(first + 1, first + 40).every((value) => value !== null && value > 0)).toBe(true);
    expect(metrics.cpu.slice(-20).every((value) => value === 0)).toBe(true);
    expect(metrics.networkOut.slice(-20).every((value) => value === 0)).toBe(true);
    // Readings: the half-hour points it ran in (the day and a half), not the zeros after.
    expect(metrics.readings).toBe(1.5 * 48);
  });

  it('counts no reading until a step the machine ran in has ended, then one', () => {
    // Created at 12:00:30 and running from 12:00:40: the 12:00 point is before it, 12:01 its first.
    const created = new Date('2025-03-01T12:00:30Z');
    const young = { ...machine, createdAt: created };
    const log = [[created.getTime() + 10_000, null]] as const;
    const before = simulatedMetrics(young, log, '1h', new Date('2025-03-01T12:00:59Z'));
    expect(before.readings).toBe(0);
    expect(before.cpu.every((value) => value === null)).toBe(true);
    const after = simulatedMetrics(young, log, '1h', new Date('2025-03-01T12:01:05Z'));
    expect(after.readings).toBe(1);
    expect(after.cpu.at(-1)).toBeGreaterThan(0);
  });

  it('follows a daily rhythm and stays in range', () => {
    const now = new Date(createdAt.getTime() + 29 * day);
    const metrics = simulatedMetrics(machine, [[createdAt.getTime(), null]], '7d', now);
    const byHour = (hour: number) => {
      const values = metrics.timestamps
        .map(
          (time, index) => [new Date((time + 2 * 3600) * 1000).getUTCHours(), metrics.cpu[index]!] as const,
        )
        .filter(([h]) => h === hour)
        .map(([, value]) => value);
      return values.reduce((sum, value) => sum + value, 0) / values.length;
    };
    expect(byHour(15)).toBeGreaterThan(byHour(3) * 1.5);
    for (const value of [...metrics.cpu, ...metrics.memory]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    expect(simulatedMetrics(machine, [[createdAt.getTime(), null]], '7d', now)).toEqual(metrics);
  });
});

describe('the console shell', () => {
  const facts: ConsoleFacts = {
    spec: {
      id: '0f8f2c1e-1111-4222-8333-444455556666',
      hostname: 'web-1',
      locationId: 'kgl1',
      image: { id: 'ubuntu-24-04', name: 'Ubuntu', version: '24.04 LTS', family: 'ubuntu' },
      vcpus: 2,
      memoryMb: 4096,
      diskGb: 80,
      rootPasswordHash: null,
      sshKeyFingerprint: 'SHA256:x',
      sshPublicKey: null,
      createdAt: new Date('2025-03-01T00:00:00Z'),
    },
    ipv4: '192.0.2.14',
    ipv4PrefixLength: 24,
    ipv6: '2001:db8::14',
    ipv6PrefixLength: 64,
    now: new Date('2025-03-02T14:02:11Z'),
    uptimeSeconds: 3 * 3600 + 25 * 60,
    cpuPercent: 12,
    memoryPercent: 40,
  };

  it('answers with the machine’s own facts', () => {
    expect(runCommand('hostname', facts).lines).toEqual(['web-1']);
    expect(runCommand('uname -a', facts).lines[0]).toMatch(
      /^Linux web-1 6\.8\.0-45-generic .* x86_64 GNU\/Linux$/,
    );
    expect(runCommand('uptime', facts).lines[0]).toBe(
      ' 14:02:11 up 3:25,  1 user,  load average: 0.24, 0.19, 0.16',
    );
    const ip = runCommand('ip addr', facts).lines.join('\n');
    expect(ip).toContain('inet 192.0.2.14/24 brd 192.0.2.255 scope global eth0');
    expect(ip).toContain('inet6 2001:db8::14/64 scope global');
    expect(runCommand('df -h', facts).lines[2]).toMatch(/^\/dev\/vda1\s+80G\s/);
    expect(runCommand('free -m', facts).lines[1]).toMatch(/^Mem:\s+3850\s+1540\s/);
    expect(runCommand('exit', facts)).toEqual({ lines: ['logout'], logout: true });
    expect(runCommand('rm -rf /', facts).lines).toEqual(['-bash: rm: command not found']);
  });

  it('says at first boot what a real cloud-init would do with the user-data, and nothing later', () => {
    const withUserData = (userData: string | null) => ({ ...facts, spec: { ...facts.spec, userData } });
    const cloudConfig = withUserData('#cloud-config\nwrite_files: []\nruncmd: [ls]\n');
    expect(bootLines(cloudConfig, true)).toContain(
      "         cloud-init: Applied the user-data's #cloud-config (write_files, runcmd).",
    );
    expect(bootLines(cloudConfig, false).join('\n')).not.toContain('user-data');
    expect(bootLines(withUserData('#!/bin/bash -e\necho hi\n'), true)).toContain(
      '         cloud-init: Ran the user-data script (/bin/bash -e).',
    );
    expect(bootLines(withUserData(null), true).join('\n')).not.toContain('user-data');
  });
});

describe('SSH public keys', () => {
  it('takes a real key and names it by the fingerprint ssh-keygen prints', () => {
    const directory = mkdtempSync(join(tmpdir(), 'ikirere-ssh-'));
    try {
      execFileSync('ssh-keygen', [
        '-q',
        '-t',
        'ed25519',
        '-N',
        '',
        '-C',
        'ada@laptop',
        '-f',
        join(directory, 'key'),
      ]);
      const line = readFileSync(join(directory, 'key.pub'), 'utf8').trim();
      const printed = execFileSync('ssh-keygen', ['-l', '-f', join(directory, 'key.pub')])
        .toString()
        .split(' ')[1];
      expect(checkSshPublicKey(line)).toEqual({ ok: true, fingerprint: printed });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });

  it('refuses a body of another type and a short RSA key', () => {
    const ed25519Body = sshPublicKey().split(' ')[1];
    expect(checkSshPublicKey(`ssh-rsa ${ed25519Body}`)).toMatchObject({ ok: false });
    const length = (n: number) => Buffer.from([0, 0, 0, n]);
    const rsa1024 = Buffer.concat([
      length(7),
      Buffer.from('ssh-rsa'),
      length(3),
      Buffer.from([1, 0, 1]),
      Buffer.from([0, 0, 0x00, 0x81]),
      Buffer.from([0]),
      Buffer.alloc(128, 0xff),
    ]);
    expect(checkSshPublicKey(`ssh-rsa ${rsa1024.toString('base64')}`)).toEqual({
      ok: false,
      message:
        'This RSA key has 1024 bits; use at least 2048 (or make an ed25519 key: ssh-keygen -t ed25519).',
    });
  });
});
