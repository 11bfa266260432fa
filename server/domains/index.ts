// The domains part of the resource manager: zones and their records, zone files and delegation
// checks, written through the DNS driver (server/drivers/dns).
import type { Cluster } from '../cluster';
import type { Database } from '../db';
import type { DnsDriver } from '../drivers/dns/dns-driver';
import type { Routes } from '../http/routes';
import type { Clock } from '../identity/clock';
import type { Logger } from '../logger';
import type { LiveUpdates } from '../socket/live-updates';
import { DEFAULT_DOMAINS_CONFIG, type DomainsConfig } from './config';
import { type DelegationResolver, systemDelegationResolver, unconfiguredResolver } from './delegation';
import { dnssecRoutes } from './dnssec.routes';
import { DomainService, type ExtraZones } from './domain-service';
import { domainsRoutes } from './domains.routes';
import { createMemoryDnsDriver } from './memory-dns-driver';
import { recordsRoutes } from './records.routes';
import { zoneFileRoutes } from './zone-file.routes';

export type { DomainsConfig } from './config';
export {
  type DelegationResolver,
  type DsLookup,
  type NsLookup,
  systemDelegationResolver,
} from './delegation';
export { DomainService } from './domain-service';

export interface DomainsOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  live: LiveUpdates;
  /** Defaults to an in-memory driver that answers no queries (an app without a DNS server: tests). */
  driver?: DnsDriver;
  config?: Partial<DomainsConfig>;
  /**
   * Defaults to the system's resolvers (or DELEGATION_RESOLVER's) when `config` names resolvers or a
   * check interval, and otherwise to none at all: an app made for tests never asks the internet.
   */
  resolver?: DelegationResolver;
  delegationDeadlineMs?: number;
  /** Seals DNSSEC private keys; read from the database when absent. */
  instanceSecret?: string;
  /** The servers sharing the database (see DomainServiceDeps.cluster). */
  cluster?: Cluster;
  /** Zones served beside the teams' (see DomainServiceDeps.extraZones). */
  extraZones?: ExtraZones;
}

export function createDomainService(options: DomainsOptions): DomainService {
  const config: DomainsConfig = { ...DEFAULT_DOMAINS_CONFIG, ...options.config };
  const wantsResolver = config.delegationResolvers !== undefined || config.delegationCheckIntervalSeconds > 0;
  return new DomainService({
    db: options.db,
    clock: options.clock,
    logger: options.logger,
    live: options.live,
    config,
    driver: options.driver ?? createMemoryDnsDriver(),
    delegationDeadlineMs: options.delegationDeadlineMs,
    instanceSecret: options.instanceSecret,
    cluster: options.cluster,
    extraZones: options.extraZones,
    resolver:
      options.resolver ??
      (wantsResolver ? systemDelegationResolver(config.delegationResolvers) : unconfiguredResolver),
  });
}

export function domainResources(service: DomainService): Routes[] {
  return [domainsRoutes(service), recordsRoutes(service), zoneFileRoutes(service), dnssecRoutes(service)];
}
