// The DNS driver part of the server's environment: PowerDNS's HTTP API when POWERDNS_URL and
// POWERDNS_API_KEY are set, the embedded authoritative server otherwise; and the embedded server's
// secondaries (DNS_SECONDARIES, DNS_TSIG_KEY). Checked at start.
import { isIP } from 'node:net';
import type { Secondary } from '../../dns/notify';
import { parseTsigKey, type TsigKey } from '../../dns/tsig';

export const DEFAULT_POWERDNS_SERVER_ID = 'localhost';

export interface PowerDnsConfig {
  /** The API's base URL, without a trailing slash (http://127.0.0.1:8081). */
  url: string;
  apiKey: string;
  serverId: string;
}

export interface DnsTransferConfig {
  secondaries: Secondary[];
  key: TsigKey;
}

export interface DnsDriverConfig {
  /** Set: zones are written through PowerDNS; undefined: the embedded server on DNS_HOST:DNS_PORT answers. */
  powerdns: PowerDnsConfig | undefined;
  /** Set: the embedded server's secondaries, which may transfer zones with the key and are sent NOTIFY. */
  dnsTransfers: DnsTransferConfig | undefined;
  /** REVERSE_DNS_DNSSEC: the reverse zones of the compute address blocks are signed. */
  reverseDnsDnssec: boolean;
}

/** `192.0.2.7`, `192.0.2.7:5353`, `2001:db8::7` or `[2001:db8::7]:5353`; the port defaults to 53. */
export function parseSecondary(text: string): Secondary | undefined {
  if (isIP(text) !== 0) return { host: text, port: 53 };
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(text);
  if (bracketed && isIP(bracketed[1]!) === 6 && Number(bracketed[2]) <= 65535) {
    return { host: bracketed[1]!, port: Number(bracketed[2]) };
  }
  const withPort = /^([^:]+):(\d{1,5})$/.exec(text);
  if (withPort && isIP(withPort[1]!) === 4 && Number(withPort[2]) > 0 && Number(withPort[2]) <= 65535) {
    return { host: withPort[1]!, port: Number(withPort[2]) };
  }
  return undefined;
}

export function readDnsDriverConfig(
  read: (name: string) => string | undefined,
  problems: string[],
): DnsDriverConfig {
  const url = read('POWERDNS_URL');
  const apiKey = read('POWERDNS_API_KEY');
  const serverId = read('POWERDNS_SERVER_ID') ?? DEFAULT_POWERDNS_SERVER_ID;
  if (url !== undefined && !isHttpUrl(url)) {
    problems.push(`POWERDNS_URL must be the http:// or https:// address of PowerDNS's API (got "${url}").`);
  }
  if ((url === undefined) !== (apiKey === undefined)) {
    problems.push(
      `POWERDNS_URL and POWERDNS_API_KEY must be set together (only ${url ? 'POWERDNS_URL' : 'POWERDNS_API_KEY'} is).`,
    );
  }
  if (!/^[A-Za-z0-9._-]+$/.test(serverId)) {
    problems.push(`POWERDNS_SERVER_ID must be a PowerDNS server id such as localhost (got "${serverId}").`);
  }
  const secondariesText = read('DNS_SECONDARIES');
  const keyText = read('DNS_TSIG_KEY');
  const secondaries: Secondary[] = [];
  for (const item of (secondariesText ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const secondary = parseSecondary(item);
    if (secondary) secondaries.push(secondary);
    else
      problems.push(
        `DNS_SECONDARIES takes addresses such as 192.0.2.7, 192.0.2.7:5353 or [2001:db8::7]:53 (got "${item}").`,
      );
  }
  const key = keyText === undefined ? undefined : parseTsigKey(keyText);
  if (keyText !== undefined && !key) {
    problems.push(
      'DNS_TSIG_KEY must be `hmac-sha256:<key name>:<base64 secret of at least 16 octets>` (or hmac-sha512; try: tsig-keygen -a hmac-sha256 ikirere-transfer).',
    );
  }
  if (secondaries.length > 0 && keyText === undefined) {
    problems.push(
      'DNS_SECONDARIES needs DNS_TSIG_KEY: zone transfers are only given to secondaries holding the key.',
    );
  }
  const reverseText = (read('REVERSE_DNS_DNSSEC') ?? 'off').toLowerCase();
  if (reverseText !== 'on' && reverseText !== 'off') {
    problems.push(`REVERSE_DNS_DNSSEC must be on or off (got "${reverseText}").`);
  }
  return {
    reverseDnsDnssec: reverseText === 'on',
    powerdns: url && apiKey ? { url: url.replace(/\/+$/, ''), apiKey, serverId } : undefined,
    dnsTransfers: secondaries.length > 0 && key ? { secondaries, key } : undefined,
  };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
