// The value field of each record type: what it may hold and its canonical form (SPEC §5).
import { canonicalIpv6, parseIpv4 } from './addresses';
import { parseCaaValue } from './caa';
import { checkTarget, type TargetRules } from './names';
import type { DnsRecordType } from './record-types';
import { parseTxtValue } from './txt';

export const MAX_16_BIT = 65_535;

const TARGETS: Record<'CNAME' | 'NS' | 'MX' | 'SRV', TargetRules> = {
  CNAME: {
    root: false,
    underscore: true,
    example: 'www.example.com',
    addressMessage:
      'A CNAME points to a host name, not an IP address. For an address, use an A or AAAA record.',
  },
  NS: {
    root: false,
    underscore: false,
    example: 'ns1.example.com',
    addressMessage: 'Enter the name server’s host name, like ns1.example.com, not its IP address.',
  },
  MX: {
    root: true,
    underscore: false,
    example: 'mail.example.com',
    addressMessage:
      'Enter the mail server’s host name, like mail.example.com, not its IP address (give that host an A record).',
  },
  SRV: {
    root: true,
    underscore: false,
    example: 'sip.example.com',
    addressMessage:
      'Enter the target’s host name, like sip.example.com, not its IP address (give that host an A record).',
  },
};

/** The canonical value, and the numbers MX and SRV values may carry (`10 mail.example.rw`). */
export interface ValueParts {
  value: string;
  priority?: number;
  weight?: number;
  port?: number;
}
export type ValueCheck = { ok: true; parts: ValueParts } | { ok: false; message: string };

function checkA(typed: string): ValueCheck {
  if (typed === '') return { ok: false, message: 'Enter an IPv4 address, like 192.0.2.10.' };
  const parsed = parseIpv4(typed);
  if (parsed.ok) return { ok: true, parts: { value: parsed.address } };
  if (canonicalIpv6(typed)) {
    return {
      ok: false,
      message:
        'That is an IPv6 address: add it as an AAAA record. An A record takes an IPv4 address, like 192.0.2.10.',
    };
  }
  return {
    ok: false,
    message:
      parsed.reason === 'leading-zero'
        ? 'Write each number without leading zeros, like 192.0.2.10.'
        : 'Enter an IPv4 address like 192.0.2.10 (four numbers from 0 to 255, separated by dots).',
  };
}

function checkAaaa(typed: string): ValueCheck {
  const bare = /^\[.*\]$/.test(typed) ? typed.slice(1, -1) : typed;
  if (bare === '') return { ok: false, message: 'Enter an IPv6 address, like 2001:db8::1.' };
  const canonical = canonicalIpv6(bare);
  if (canonical) return { ok: true, parts: { value: canonical } };
  if (parseIpv4(bare).ok) {
    return {
      ok: false,
      message:
        'That is an IPv4 address: add it as an A record. An AAAA record takes an IPv6 address, like 2001:db8::1.',
    };
  }
  if (bare.includes('%')) {
    return {
      ok: false,
      message: 'Leave out the zone index (from % on): enter the address only, like 2001:db8::1.',
    };
  }
  return {
    ok: false,
    message:
      'Enter an IPv6 address like 2001:db8::1 (groups of up to four hexadecimal digits separated by colons; :: stands for zeros).',
  };
}

function checkHost(typed: string, type: keyof typeof TARGETS): ValueCheck {
  const target = checkTarget(typed, TARGETS[type]);
  return target.ok ? { ok: true, parts: { value: target.name } } : target;
}

/** MX: `mail.example.rw`, or SPEC §5's `10 mail.example.rw`. */
function checkMx(typed: string): ValueCheck {
  const words = typed.split(/\s+/);
  if (words.length === 2 && /^\d+$/.test(words[0]!)) {
    const priority = Number(words[0]);
    if (priority > MAX_16_BIT)
      return { ok: false, message: 'The priority is a whole number from 0 to 65535.' };
    const host = checkHost(words[1]!, 'MX');
    return host.ok ? { ok: true, parts: { ...host.parts, priority } } : host;
  }
  if (words.length > 1) {
    return {
      ok: false,
      message:
        'Enter the mail server’s host name, like mail.example.com (or a priority and the name: 10 mail.example.com).',
    };
  }
  return checkHost(typed, 'MX');
}

/** SRV: the target, or SPEC §5's `priority weight port target`. */
function checkSrv(typed: string): ValueCheck {
  const words = typed.split(/\s+/);
  if (words.length === 4) {
    const numbers = words.slice(0, 3);
    if (!numbers.every((word) => /^\d+$/.test(word) && Number(word) <= MAX_16_BIT)) {
      return {
        ok: false,
        message: 'Priority, weight and port are whole numbers from 0 to 65535, like 10 5 5060.',
      };
    }
    const [priority, weight, port] = numbers.map(Number) as [number, number, number];
    const host = checkHost(words[3]!, 'SRV');
    return host.ok ? { ok: true, parts: { ...host.parts, priority, weight, port } } : host;
  }
  if (words.length > 1) {
    return {
      ok: false,
      message:
        'Enter the target host name, like sip.example.com (or priority weight port target: 10 5 5060 sip.example.com).',
    };
  }
  return checkHost(typed, 'SRV');
}

/** The value of a record of `type` as typed, checked and made canonical. */
export function checkValue(type: DnsRecordType, value: string): ValueCheck {
  const typed = value.trim();
  switch (type) {
    case 'A':
      return checkA(typed);
    case 'AAAA':
      return checkAaaa(typed);
    case 'CNAME':
    case 'NS':
      return checkHost(typed, type);
    case 'MX':
      return checkMx(typed);
    case 'SRV':
      return checkSrv(typed);
    case 'TXT': {
      const text = parseTxtValue(value);
      return text.ok ? { ok: true, parts: { value: text.text } } : text;
    }
    case 'CAA': {
      const caa = parseCaaValue(typed);
      return caa.ok ? { ok: true, parts: { value: caa.value } } : caa;
    }
  }
}
