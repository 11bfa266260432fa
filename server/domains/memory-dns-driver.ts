// A DNS driver that keeps the published zones in memory and answers no queries: what an app made without
// a DNS server uses (server tests through app.request, embedding). The server itself runs the embedded
// authoritative server or PowerDNS (server/start-server.ts).
import type { DnsDriver, PublishedZone } from '../drivers/dns/dns-driver';

export interface MemoryDnsDriver extends DnsDriver {
  readonly zones: ReadonlyMap<string, PublishedZone>;
}

export function createMemoryDnsDriver(): MemoryDnsDriver {
  const zones = new Map<string, PublishedZone>();
  return {
    info: { kind: 'embedded', endpoint: 'in memory (not answering queries)' },
    zones,
    syncAll: async (all) => {
      zones.clear();
      for (const zone of all) zones.set(zone.name, zone);
    },
    publish: async (zone) => {
      zones.set(zone.name, zone);
    },
    unpublish: async (name) => {
      zones.delete(name);
    },
    close: async () => {},
  };
}
