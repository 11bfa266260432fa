// What a new zone starts with: the SOA, an NS record per name server (both kept by the server), and the
// spec's sample records (SPEC §3, §9: two A records for a sample host pointing at the name servers, ttl
// 1800), which are ordinary records the team may edit or delete.
import { isIP } from 'node:net';
import { DEFAULT_TTL, SAMPLE_RECORD_TTL } from '@/contract/domains';
import type { DomainsConfig } from './config';

/** SOA timers, in seconds (RFC 1912 §2.2 ranges): secondaries refresh every 2 h, retry hourly, give up after 14 days; negative answers are cached 5 minutes. */
export const SOA_TIMERS = { refresh: 7_200, retry: 3_600, expire: 1_209_600, minimum: 300 } as const;

/** The host the sample records are made for. */
export const SAMPLE_HOST = 'www';

export interface StoredRecord {
  type: string;
  name: string;
  value: string;
  ttl: number;
  priority: number | null;
  weight: number | null;
  port: number | null;
}

/** hostmaster@example.rw written as a name: hostmaster.example.rw (config.ts refuses dots before the @). */
export function responsibleName(config: DomainsConfig, zone: string): string {
  if (!config.hostmasterEmail) return `hostmaster.${zone}`;
  return config.hostmasterEmail.replace('@', '.');
}

/** The SOA's value in the canonical form: `mname rname serial refresh retry expire minimum`. */
export function soaValue(config: DomainsConfig, zone: string, serial: number): string {
  const { refresh, retry, expire, minimum } = SOA_TIMERS;
  return `${config.nameServers[0]} ${responsibleName(config, zone)} ${serial} ${refresh} ${retry} ${expire} ${minimum}`;
}

/** The records the server keeps: the SOA and the apex NS of each of our name servers. */
export function managedRecords(config: DomainsConfig, zone: string, serial: number): StoredRecord[] {
  const plain = { priority: null, weight: null, port: null };
  return [
    { type: 'SOA', name: '@', value: soaValue(config, zone, serial), ttl: DEFAULT_TTL, ...plain },
    ...config.nameServers.map((host) => ({ type: 'NS', name: '@', value: host, ttl: DEFAULT_TTL, ...plain })),
  ];
}

/** The sample records as a form would send them: checked like any other before they are stored. */
export function sampleRecordInputs(config: DomainsConfig) {
  return config.nameServerAddresses.map((address) => ({
    type: isIP(address) === 6 ? ('AAAA' as const) : ('A' as const),
    name: SAMPLE_HOST,
    value: address,
    ttl: SAMPLE_RECORD_TTL,
  }));
}

/** Whether a record is one of the apex NS records naming our name servers (kept, and skipped on import). */
export function isOwnApexNs(
  config: DomainsConfig,
  record: { type: string; name: string; value: string },
): boolean {
  return record.type === 'NS' && record.name === '@' && config.nameServers.includes(record.value);
}
