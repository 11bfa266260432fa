// The DNS driver part of the server's environment: PowerDNS's HTTP API when POWERDNS_URL and
// POWERDNS_API_KEY are set, the embedded authoritative server otherwise. Checked at start.

export const DEFAULT_POWERDNS_SERVER_ID = 'localhost';

export interface PowerDnsConfig {
  /** The API's base URL, without a trailing slash (http://127.0.0.1:8081). */
  url: string;
  apiKey: string;
  serverId: string;
}

export interface DnsDriverConfig {
  /** Set: zones are written through PowerDNS; undefined: the embedded server on DNS_HOST:DNS_PORT answers. */
  powerdns: PowerDnsConfig | undefined;
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
  return {
    powerdns: url && apiKey ? { url: url.replace(/\/+$/, ''), apiKey, serverId } : undefined,
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
