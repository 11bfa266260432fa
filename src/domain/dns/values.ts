// The value field of each record type: what it may hold and its canonical form (SPEC §5).
import { t } from '@/i18n/state';
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
    addressMessage: 'dns.target.address.cname',
  },
  NS: {
    root: false,
    underscore: false,
    example: 'ns1.example.com',
    addressMessage: 'dns.target.address.ns',
  },
  MX: {
    root: true,
    underscore: false,
    example: 'mail.example.com',
    addressMessage: 'dns.target.address.mx',
  },
  SRV: {
    root: true,
    underscore: false,
    example: 'sip.example.com',
    addressMessage: 'dns.target.address.srv',
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
  if (typed === '') return { ok: false, message: t('dns.a.required') };
  const parsed = parseIpv4(typed);
  if (parsed.ok) return { ok: true, parts: { value: parsed.address } };
  if (canonicalIpv6(typed)) return { ok: false, message: t('dns.a.isIpv6') };
  return {
    ok: false,
    message: parsed.reason === 'leading-zero' ? t('dns.a.leadingZero') : t('dns.a.format'),
  };
}

function checkAaaa(typed: string): ValueCheck {
  const bare = /^\[.*\]$/.test(typed) ? typed.slice(1, -1) : typed;
  if (bare === '') return { ok: false, message: t('dns.aaaa.required') };
  const canonical = canonicalIpv6(bare);
  if (canonical) return { ok: true, parts: { value: canonical } };
  if (parseIpv4(bare).ok) return { ok: false, message: t('dns.aaaa.isIpv4') };
  if (bare.includes('%')) return { ok: false, message: t('dns.aaaa.zoneIndex') };
  return { ok: false, message: t('dns.aaaa.format') };
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
    if (priority > MAX_16_BIT) return { ok: false, message: t('dns.mx.priorityRange') };
    const host = checkHost(words[1]!, 'MX');
    return host.ok ? { ok: true, parts: { ...host.parts, priority } } : host;
  }
  if (words.length > 1) {
    return { ok: false, message: t('dns.mx.format') };
  }
  return checkHost(typed, 'MX');
}

/** SRV: the target, or SPEC §5's `priority weight port target`. */
function checkSrv(typed: string): ValueCheck {
  const words = typed.split(/\s+/);
  if (words.length === 4) {
    const numbers = words.slice(0, 3);
    if (!numbers.every((word) => /^\d+$/.test(word) && Number(word) <= MAX_16_BIT)) {
      return { ok: false, message: t('dns.srv.numbers') };
    }
    const [priority, weight, port] = numbers.map(Number) as [number, number, number];
    const host = checkHost(words[3]!, 'SRV');
    return host.ok ? { ok: true, parts: { ...host.parts, priority, weight, port } } : host;
  }
  if (words.length > 1) {
    return { ok: false, message: t('dns.srv.format') };
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
