// The small shell behind the simulator's serial console: enough commands to see that the machine is the
// one the console says (its hostname, kernel, addresses, disk and memory), and a plain answer otherwise.
import { ipv4ToNumber, numberToIpv4 } from '../address-pool';
import { stableHash } from '../simulator-config';
import { type ConsoleFacts, kernelOf } from './console-facts';

export interface CommandResult {
  lines: string[];
  logout?: boolean;
  clear?: boolean;
}

const HELP = [
  'Commands of this simulated machine:',
  '  hostname      the machine’s name',
  '  uname [-a|-r] the kernel',
  '  uptime        time since boot and load',
  '  ip addr       network interfaces and addresses',
  '  df -h         disk usage',
  '  free -m       memory usage',
  '  whoami, pwd, date, echo, cat /etc/os-release, clear, exit',
];

export function runCommand(line: string, facts: ConsoleFacts): CommandResult {
  const words = line
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '');
  const [command, ...args] = words;
  if (!command) return { lines: [] };
  const joined = args.join(' ');
  switch (command) {
    case 'hostname':
      return { lines: [facts.spec.hostname] };
    case 'uname':
      return { lines: [uname(joined, facts)] };
    case 'uptime':
      return { lines: [uptime(facts)] };
    case 'ip':
      if (/^(a|addr|address)( show)?$/.test(joined)) return { lines: ipAddr(facts) };
      return { lines: ['Usage: ip addr (this shell knows only that one)'] };
    case 'df':
      return { lines: df(facts) };
    case 'free':
      return { lines: free(facts) };
    case 'whoami':
      return { lines: ['root'] };
    case 'pwd':
      return { lines: ['/root'] };
    case 'ls':
      return { lines: [] };
    case 'date':
      return { lines: [dateLine(facts.now)] };
    case 'echo':
      return { lines: [joined] };
    case 'cat':
      if (joined === '/etc/os-release') return { lines: osRelease(facts) };
      if (joined === '/etc/hostname') return { lines: [facts.spec.hostname] };
      return { lines: [`cat: ${joined || '-'}: No such file or directory`] };
    case 'clear':
      return { lines: [], clear: true };
    case 'help':
      return { lines: HELP };
    case 'exit':
    case 'logout':
      return { lines: ['logout'], logout: true };
    default:
      return { lines: [`-bash: ${command}: command not found`] };
  }
}

function uname(flags: string, facts: ConsoleFacts): string {
  const kernel = kernelOf(facts.spec.image);
  if (flags === '-r') return kernel.release;
  if (flags === '-n') return facts.spec.hostname;
  if (flags === '-a') {
    const tail = facts.spec.image.family === 'alpine' ? 'x86_64 Linux' : 'x86_64 x86_64 x86_64 GNU/Linux';
    return `Linux ${facts.spec.hostname} ${kernel.release} ${kernel.build} ${tail}`;
  }
  return 'Linux';
}

function uptime(facts: ConsoleFacts): string {
  const minutes = Math.floor(facts.uptimeSeconds / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const clock = `${hours}:${String(minutes % 60).padStart(2, '0')}`;
  const up =
    minutes < 60 ? `${minutes} min` : days === 0 ? clock : `${days} day${days === 1 ? '' : 's'}, ${clock}`;
  const load = (facts.cpuPercent / 100) * facts.spec.vcpus;
  const averages = [load, load * 0.8, load * 0.65].map((value) => value.toFixed(2)).join(', ');
  return ` ${facts.now.toISOString().slice(11, 19)} up ${up},  1 user,  load average: ${averages}`;
}

function macOf(id: string): string {
  const hash = stableHash(id);
  const bytes = [(hash >>> 16) & 0xff, (hash >>> 8) & 0xff, hash & 0xff];
  return `52:54:00:${bytes.map((byte) => byte.toString(16).padStart(2, '0')).join(':')}`;
}

function ipAddr(facts: ConsoleFacts): string[] {
  const lines = [
    '1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000',
    '    link/loopback 00:00:00:00:00:00 brd 00:00:00:00:00:00',
    '    inet 127.0.0.1/8 scope host lo',
    '       valid_lft forever preferred_lft forever',
    '    inet6 ::1/128 scope host noprefixroute',
    '       valid_lft forever preferred_lft forever',
    '2: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500 qdisc fq_codel state UP group default qlen 1000',
    `    link/ether ${macOf(facts.spec.id)} brd ff:ff:ff:ff:ff:ff`,
    '    altname enp0s3',
  ];
  if (facts.ipv4) {
    const size = 2 ** (32 - facts.ipv4PrefixLength);
    const value = ipv4ToNumber(facts.ipv4) ?? 0;
    const broadcast = numberToIpv4(value - (value % size) + size - 1);
    lines.push(
      `    inet ${facts.ipv4}/${facts.ipv4PrefixLength} brd ${broadcast} scope global eth0`,
      '       valid_lft forever preferred_lft forever',
    );
  }
  if (facts.ipv6) {
    lines.push(
      `    inet6 ${facts.ipv6}/${facts.ipv6PrefixLength} scope global`,
      '       valid_lft forever preferred_lft forever',
    );
  }
  return lines;
}

function human(megabytes: number): string {
  if (megabytes >= 1024 * 10) return `${Math.round(megabytes / 1024)}G`;
  if (megabytes >= 1024) return `${(megabytes / 1024).toFixed(1)}G`;
  return `${Math.max(0, Math.round(megabytes))}M`;
}

function df(facts: ConsoleFacts): string[] {
  const sizeMb = facts.spec.diskGb * 1024 - 120;
  // The image's 1.8 GB plus what the machine wrote since it was made, growing slowly and differently per machine.
  const ageDays = (facts.now.getTime() - facts.spec.createdAt.getTime()) / 86_400_000;
  const usedMb = Math.min(sizeMb * 0.9, 1_850 + (stableHash(facts.spec.id) % 900) + ageDays * 35);
  const percent = (used: number, size: number) => `${Math.ceil((used / size) * 100)}%`.padStart(4);
  const memory = facts.spec.memoryMb;
  const row = (name: string, size: number, used: number, mount: string) =>
    `${name.padEnd(15)}${human(size).padStart(5)} ${human(used).padStart(5)} ${human(size - used).padStart(5)} ${percent(used, size)} ${mount}`;
  return [
    'Filesystem      Size  Used Avail Use% Mounted on',
    row('tmpfs', memory / 10, 1.1, '/run'),
    row('/dev/vda1', sizeMb, usedMb, '/'),
    row('tmpfs', memory / 2, 0, '/dev/shm'),
    row('/dev/vda15', 105, 6.1, '/boot/efi'),
  ];
}

function free(facts: ConsoleFacts): string[] {
  const total = Math.round(facts.spec.memoryMb * 0.94);
  const used = Math.round((total * facts.memoryPercent) / 100);
  const cache = Math.round((total - used) * 0.45);
  const freeMb = total - used - cache;
  const cell = (value: number) => String(value).padStart(12);
  return [
    '               total        used        free      shared  buff/cache   available',
    `Mem:    ${cell(total)}${cell(used)}${cell(freeMb)}${cell(1)}${cell(cache)}${cell(total - used)}`,
    `Swap:   ${cell(0)}${cell(0)}${cell(0)}`,
  ];
}

function dateLine(now: Date): string {
  const text = now.toUTCString(); // "Tue, 29 Oct 2024 14:02:11 GMT"
  const [day, date, month, year, time] = text.replace(',', '').split(' ');
  return `${day} ${month} ${date?.padStart(2)} ${time} UTC ${year}`;
}

function osRelease(facts: ConsoleFacts): string[] {
  const { image } = facts.spec;
  return [
    `PRETTY_NAME="${image.name} ${image.version}"`,
    `NAME="${image.name}"`,
    `VERSION_ID="${image.version.split(' ')[0]}"`,
    `ID=${image.family}`,
  ];
}
