// The DNS driver's embedded default: the authoritative server of server/dns, answering from memory.
import { isIPv6 } from 'node:net';
import { type DnsServer, type DnsServerOptions, startDnsServer } from '../../dns/dns-server';
import {
  applyNamesChange,
  buildZoneIndex,
  buildZoneIndexSteps,
  type NamesChange,
  type ZoneIndex,
} from '../../dns/zone-index';
import type { Logger } from '../../logger';
import { runInSlices } from '../../time-slices';
import type { DnsDriver, PublishedZone } from './dns-driver';

export type EmbeddedDnsDriver = DnsDriver & {
  /** The ports actually listened on (they differ from DNS_PORT only when it is 0). */
  address: { udp: number; tcp: number };
  /** The zones as served (tests and the benchmark look behind the driver). */
  server: DnsServer;
};

/**
 * Starts the embedded DNS server on `host`:`port` (UDP and TCP; port 0 picks a free one, for tests) and
 * wraps it as a DnsDriver:
 * - syncAll(zones) replaces everything served by `zones`; a zone that cannot be served (no SOA, a value
 *   that does not parse) is logged at error and left out, so one bad zone cannot silence the others;
 * - publish(zone) builds the zone's lookup maps first, then swaps them in at once: the next query sees the
 *   new zone whole, never half of it; a zone that cannot be served throws and the old one stays;
 * - unpublish(name) stops answering for the zone (its names get REFUSED, or the parent zone's answer);
 * - close() releases both sockets and every TCP connection.
 * The SOA's serial is the zone's `serial`.
 */
export async function createEmbeddedDnsDriver(
  options: { host: string; port: number; logger: Logger } & Partial<DnsServerOptions>,
): Promise<EmbeddedDnsDriver> {
  const logger = options.logger;
  const server = await startDnsServer({ ...options, logger });
  const endpointHost = isIPv6(options.host) ? `[${options.host}]` : options.host;
  logger.info(
    {
      udp: server.address.udp,
      tcp: server.address.tcp,
      host: options.host,
      udpIo: server.udpBatched ? 'batched (recvmmsg/sendmmsg)' : 'node:dgram',
    },
    'dns: embedded authoritative server listening',
  );
  return {
    info: { kind: 'embedded', endpoint: `${endpointHost}:${server.address.udp}` },
    address: { udp: server.address.udp, tcp: server.address.tcp },
    server,
    async syncAll(zones: PublishedZone[]) {
      const indexes: ZoneIndex[] = [];
      for (const zone of zones) {
        try {
          indexes.push(buildZoneIndex(zone, { previous: server.zones.get(zone.name) }));
        } catch (error) {
          logger.error({ err: error, zone: zone.name }, 'dns: a zone cannot be served and is left out');
        }
      }
      for (const index of indexes) server.history?.record(server.zones.get(index.name), index);
      server.zones.replaceAll(indexes);
      logger.info({ zones: indexes.length }, 'dns: zones loaded');
      // Secondaries learn at once what changed while this server was down.
      for (const index of indexes) server.notifier?.notify(index.name, index.serial);
    },
    async publish(zone: PublishedZone) {
      const previous = server.zones.get(zone.name);
      const index = buildZoneIndex(zone, { previous });
      server.history?.record(previous, index);
      server.zones.set(index);
      server.notifier?.notify(index.name, index.serial);
      logger.debug(
        { zone: index.name, serial: index.serial, records: index.recordCount },
        'dns: zone published',
      );
    },
    async publishNames(name: string, change: NamesChange) {
      const previous = server.zones.get(name);
      if (!previous || previous.dnssec) return false;
      const { index, owners } = applyNamesChange(previous, change);
      server.history?.recordOwners(previous, index, owners);
      server.zones.set(index);
      server.notifier?.notify(index.name, index.serial);
      logger.debug({ zone: index.name, serial: index.serial, names: owners.length }, 'dns: names published');
      return true;
    },
    async prepare(zone: PublishedZone) {
      const index = await runInSlices(buildZoneIndexSteps(zone, { previous: server.zones.get(zone.name) }));
      return {
        zone,
        async commit() {
          server.history?.record(server.zones.get(index.name), index);
          server.zones.set(index);
          server.notifier?.notify(index.name, index.serial);
        },
      };
    },
    async unpublish(name: string) {
      server.zones.delete(name);
      server.history?.forget(name);
    },
    close: () => server.close(),
  };
}
