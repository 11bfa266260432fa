// Decoded DNS answers back in the published form (server/drivers/dns/dns-driver.ts), so a test can compare
// what a name server answers with what was published, and two name servers' answers with each other.
import type dnsPacket from 'dns-packet';
import type { PublishedRecord } from '../../server/drivers/dns/dns-driver';

/** One answered record as `name type ttl value` with the published canonical value (absolute, lowercase name). */
export function presentRecord(answer: dnsPacket.Answer): string {
  const { name, type } = answer;
  const ttl = (answer as { ttl?: number }).ttl ?? 0;
  const data = (answer as { data?: unknown }).data;
  return `${name.toLowerCase()} ${type} ${ttl} ${presentData(type, data)}`;
}

/** The canonical value of decoded rdata; SOA, MX and SRV with their numbers in the order of the zone file. */
export function presentData(type: string, data: unknown): string {
  switch (type) {
    case 'A':
    case 'AAAA':
      return String(data);
    case 'CNAME':
    case 'NS':
      return String(data).toLowerCase();
    case 'MX': {
      const mx = data as { preference: number; exchange: string };
      return `${mx.preference} ${mx.exchange.toLowerCase()}`;
    }
    case 'SRV': {
      const srv = data as { priority: number; weight: number; port: number; target: string };
      return `${srv.priority} ${srv.weight} ${srv.port} ${srv.target.toLowerCase()}`;
    }
    case 'TXT':
      // The strings joined, as the published text is the whole of them.
      return Buffer.concat((data as Buffer[]).map((part) => Buffer.from(part))).toString('utf8');
    case 'CAA': {
      const caa = data as { flags: number; tag: string; value: string };
      return `${caa.flags} ${caa.tag} "${caa.value.replace(/["\\]/g, (char) => `\\${char}`)}"`;
    }
    case 'SOA': {
      const soa = data as Record<
        'mname' | 'rname' | 'serial' | 'refresh' | 'retry' | 'expire' | 'minimum',
        string
      >;
      return [
        soa.mname.toLowerCase(),
        soa.rname.toLowerCase(),
        soa.serial,
        soa.refresh,
        soa.retry,
        soa.expire,
        soa.minimum,
      ].join(' ');
    }
    default:
      return JSON.stringify(data);
  }
}

/** The value a published record should come back as: MX/SRV numbers first, SOA with the zone's serial. */
export function expectedData(record: PublishedRecord, serial: number): string {
  switch (record.type) {
    case 'MX':
      return `${record.priority} ${record.value}`;
    case 'SRV':
      return `${record.priority} ${record.weight} ${record.port} ${record.value}`;
    case 'SOA': {
      const [mname, rname, , ...rest] = record.value.split(/\s+/);
      return [mname, rname, serial, ...rest].join(' ');
    }
    default:
      return record.value;
  }
}

/** The owner name of a published record, absolute. */
export function absoluteOwner(record: PublishedRecord, zone: string): string {
  return record.name === '@' ? zone : `${record.name}.${zone}`;
}
