// Helpers for the domain tests: an app whose domains go to a fake DNS driver (it remembers every zone it
// was handed, and can be told to fail) and ask a fake resolver about delegation, plus request helpers.

import { createApp } from '../../../server/app';
import { billingStartPolicy, createBillingService } from '../../../server/billing';
import { createComputeService } from '../../../server/computes';
import type { DatabaseHandle } from '../../../server/db';
import {
  createDomainService,
  type DelegationResolver,
  type DomainService,
  type DsLookup,
  type NsLookup,
} from '../../../server/domains';
import type { DomainsConfig } from '../../../server/domains/config';
import { DEFAULT_SIMULATOR_CONFIG } from '../../../server/drivers/compute/simulator/simulator-config';
import type { DnsDriver, PublishedZone } from '../../../server/drivers/dns/dns-driver';
import { createIdentity } from '../../../server/identity';
import { createLogger } from '../../../server/logger';
import { LiveUpdates } from '../../../server/socket/live-updates';
import { RM } from './computes';
import { type IdentityTestApp, TEST_SIMULATOR_SPEED, TestClock } from './identity';
import { type Answer, send } from './teams';
import { captureLogs, emptyStaticDir } from './test-app';

/** A DNS driver that keeps what it was given and fails on demand, like a name server that went away. */
export class FakeDnsDriver implements DnsDriver {
  readonly info = { kind: 'embedded' as const, endpoint: 'fake' };
  /** The zones as last published, by name. */
  readonly zones = new Map<string, PublishedZone>();
  readonly published: PublishedZone[] = [];
  readonly unpublished: string[] = [];
  /** While true, publish and unpublish throw. */
  failing = false;
  /** Milliseconds each publish takes (to widen race windows). */
  delayMs = 0;
  closed = false;

  async syncAll(zones: PublishedZone[]): Promise<void> {
    this.zones.clear();
    for (const zone of zones) this.zones.set(zone.name, zone);
  }

  async publish(zone: PublishedZone): Promise<void> {
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    if (this.failing) throw new Error('connection refused (fake)');
    this.published.push(zone);
    this.zones.set(zone.name, zone);
  }

  async unpublish(name: string): Promise<void> {
    if (this.failing) throw new Error('connection refused (fake)');
    this.unpublished.push(name);
    this.zones.delete(name);
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

/** Answers what a test says about each zone: NS names, "failed", or silence (a timeout). */
export class FakeResolver {
  readonly answers = new Map<string, NsLookup | 'hang'>();
  readonly asked: string[] = [];

  /** DS records the parent publishes per zone (none unless told), or a failure. */
  readonly dsAnswers = new Map<string, DsLookup>();

  async lookupNs(zone: string): Promise<NsLookup> {
    this.asked.push(zone);
    const answer = this.answers.get(zone) ?? { ok: true, nameServers: [] };
    if (answer === 'hang') return new Promise(() => {});
    return answer;
  }

  async lookupDs(zone: string): Promise<DsLookup> {
    if (this.answers.get(zone) === 'hang') return new Promise(() => {});
    return this.dsAnswers.get(zone) ?? { ok: true, records: [] };
  }

  delegate(zone: string, nameServers: string[]): void {
    this.answers.set(zone, { ok: true, nameServers });
  }

  fail(zone: string): void {
    this.answers.set(zone, { ok: false, reason: 'SERVFAIL (fake)' });
  }
}

export interface DomainsTestApp extends IdentityTestApp {
  domains: DomainService;
  /** The fake driver (unused when `driver` was given). */
  dns: FakeDnsDriver;
  /** The fake resolver (unused when `resolver` was given). */
  resolver: FakeResolver;
}

/** The identity test app with domains on the fake driver and resolver. */
export function buildDomainsTestApp(
  database: DatabaseHandle,
  options: {
    config?: Partial<DomainsConfig>;
    delegationDeadlineMs?: number;
    /** A real driver (the embedded DNS server) instead of the fake one. */
    driver?: DnsDriver;
    /** A real resolver instead of the fake one. */
    resolver?: DelegationResolver;
  } = {},
): DomainsTestApp {
  const clock = new TestClock();
  const logs = captureLogs();
  const logger = createLogger('info', logs.stream);
  const identity = createIdentity({ database, logger, clock, instanceSecret: 'test-instance-secret' });
  const live = new LiveUpdates(database.db, logger);
  const computes = createComputeService({
    db: database.db,
    clock,
    logger,
    live,
    startPolicy: billingStartPolicy,
    config: { simulator: { ...DEFAULT_SIMULATOR_CONFIG, speed: TEST_SIMULATOR_SPEED } },
  });
  const dns = new FakeDnsDriver();
  const resolver = new FakeResolver();
  const domains = createDomainService({
    db: database.db,
    clock,
    logger,
    live,
    driver: options.driver ?? dns,
    resolver: options.resolver ?? resolver,
    config: options.config,
    delegationDeadlineMs: options.delegationDeadlineMs,
  });
  const billing = createBillingService({
    db: database.db,
    clock,
    logger,
    mail: identity.mail,
    computes,
    instanceSecret: 'test-instance-secret',
  });
  const app = createApp({
    database,
    logger,
    staticDir: emptyStaticDir(),
    verifyResponses: true,
    identity,
    live,
    computes,
    domains,
    billing,
  });
  return { app, identity, clock, logs, computes, domains, dns, resolver, billing, live };
}

export function domainsPath(teamId: string, rest = ''): string {
  return `${RM}/teams/${teamId}/domains${rest}`;
}

let counter = 0;
/** A zone name no other test (in this file's database) has used. */
export function uniqueZone(prefix = 'zone'): string {
  counter += 1;
  return `${prefix}-${counter}-${Date.now().toString(36)}.rw`;
}

export function addDomain(
  t: IdentityTestApp,
  token: string,
  teamId: string,
  name = uniqueZone(),
): Promise<Answer> {
  return send(t, 'POST', domainsPath(teamId), { token, body: { name } });
}

export function addRecord(
  t: IdentityTestApp,
  token: string,
  teamId: string,
  domainId: string,
  record: Record<string, unknown>,
): Promise<Answer> {
  return send(t, 'POST', domainsPath(teamId, `/${domainId}/records`), { token, body: record });
}

/** Every record of the zone, through the API (pages of 500). */
export async function allRecords(t: IdentityTestApp, token: string, teamId: string, domainId: string) {
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field in the tests.
  const records: any[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const answer = await send(t, 'GET', domainsPath(teamId, `/${domainId}/records${query}`), { token });
    records.push(...answer.body.records);
    cursor = answer.body.nextCursor;
  } while (cursor);
  return records;
}
