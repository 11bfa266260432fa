// Starts the whole server in-process (database, HTTP, WebSocket on one port) and stops it in order:
// stop accepting, close sockets with 1001, drain in-flight requests, close the database, release the lock.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createApp } from './app';
import { type BackupService, createBackupService } from './backups';
import { type BillingService, billingStartPolicy, createBillingService, UsageSweep } from './billing';
import { chargeBackupDay } from './billing/backup-charges';
import { type Cluster, joinCluster, periodic } from './cluster';
import { type ComputeService, createComputeService, createReverseNameCheck, ReverseDns } from './computes';
import { computesForBackups } from './computes/backups-port';
import { addressBlocksOf } from './computes/reverse-dns';
import { reverseZoneKeys } from './computes/reverse-dns-keys';
import type { Config } from './config';
import { type DatabaseHandle, type DatabaseOptions, openDatabase } from './db';
import { ensureInstanceSettings, type InstanceSettings } from './db/instance-settings';
import { dsOf, presentDs } from './dns/dnssec/keys';
import { createDomainService, type DelegationResolver, type DomainService } from './domains';
import type { DnsDriver } from './drivers/dns/dns-driver';
import { createEmbeddedDnsDriver } from './drivers/dns/embedded';
import { createPowerDnsDriver } from './drivers/dns/powerdns';
import { createMailDriver } from './drivers/mail';
import { createSmsDriver, DEFAULT_SMS_RETRY } from './drivers/sms';
import { Drain } from './http/drain';
import type { Service } from './http/routes';
import { createIdentity, type Identity, type IdentityConfig, type IdentityOptions } from './identity';
import { NETWORK_LIMIT_WINDOW_MS } from './identity/network-limits';
import { createLogger, type Logger } from './logger';
import { deriveOperatorToken, writeOperatorTokenFile } from './ops/operator-access';
import { attachSocketServer } from './socket';
import { LiveUpdates } from './socket/live-updates';
import { deliveryReportUrl } from './user/auth/sms-delivery-reports.routes';

export interface StartOptions {
  logger?: Logger;
  heartbeatIntervalMs?: number;
  /** How long close() lets in-flight requests finish before cutting connections. */
  drainTimeoutMs?: number;
  verifyResponses?: boolean;
  additionalServices?: Service[];
  /** An open database to serve instead of the one config names (tests, embedding); close() closes it. */
  database?: DatabaseHandle;
  /** Replaces parts of the identity core: a test clock, a mail driver, looser network limits. */
  identity?: Pick<IdentityOptions, 'clock' | 'mail' | 'sms' | 'smsRetry' | 'networkLimits'>;
  /** A DNS driver to use instead of the one config names (tests); close() closes it. */
  dnsDriver?: DnsDriver;
  /** Asks for the zones' NS records instead of DELEGATION_RESOLVER or the system's resolvers (tests). */
  delegationResolver?: DelegationResolver;
  /** How often a server on PostgreSQL tries to take over the background work (default 1 s; tests). */
  leaderCheckMs?: number;
}

export interface RunningServer {
  /** Where the console answers, e.g. http://127.0.0.1:3000 (the real port when PORT=0). */
  url: string;
  port: number;
  database: DatabaseHandle;
  instance: InstanceSettings;
  /** Sessions, codes and drivers of this server, for tests that need to reach behind the API. */
  identity: Identity;
  /** Computes and their driver (the simulator by default), for tests that need to reach behind the API. */
  computes: ComputeService;
  /** Domains, their DNS driver (`domains.driver`) and the delegation checks, for tests that reach behind the API. */
  domains: DomainService;
  /** Balance, top-ups, the payment driver and the running-out sweep, for tests that reach behind the API. */
  billing: BillingService;
  live: LiveUpdates;
  /** Computes' backups and their daily sweep (run by the leader), for tests that reach behind the API. */
  backups: BackupService;
  /** The servers sharing this database, and whether this one runs the background work. */
  cluster: Cluster;
  /** Idempotent graceful stop; resolves once the database is closed and the lock released. */
  close(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(
      `Port ${port} on ${host} is already in use. Stop the program using it, or set PORT to another port.`,
    );
    this.name = 'PortInUseError';
  }
}

/** How often the leader looks for transitions past due, and how late one must be (its own server's timer first). */
const OVERDUE_CHECK_MS = 5_000;
const OVERDUE_GRACE_MS = 3_000;
/** How often the leader offers due texts to the gateway again (their own waits are 5 s and more). */
const SMS_SWEEP_MS = 1_000;
/** How often the leader looks for computes whose daily backup is due. */
const BACKUP_SWEEP_MS = 60_000;

export function databaseOptionsFor(config: Config, logger: Logger): DatabaseOptions {
  return config.databaseUrl
    ? {
        kind: 'postgres',
        url: config.databaseUrl,
        onPoolError: (error) => logger.error({ err: error }, 'idle PostgreSQL connection failed'),
      }
    : { kind: 'pglite', dataDir: config.dataDir };
}

export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const database = options.database ?? (await openDatabase(databaseOptionsFor(config, logger)));
  let server: Server | undefined;
  let computes: ComputeService | undefined;
  let domains: DomainService | undefined;
  let billing: BillingService | undefined;
  let usageSweep: UsageSweep | undefined;
  let dnsDriver: DnsDriver | undefined = options.dnsDriver;
  let cluster: Cluster | undefined;
  try {
    // Before anything that announces a change: the other servers on this database hear of it through here.
    cluster = await joinCluster(database, logger, { leaderCheckMs: options.leaderCheckMs });
    const instance = await ensureInstanceSettings(database.db);
    let listeningUrl = `http://${displayHost(config.host)}:${config.port}`;
    const identity = createIdentity({
      database,
      logger,
      instanceSecret: instance.instanceSecret,
      config: identityConfigFrom(config),
      mail: createMailDriver({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, logger }),
      sms: createSmsDriver({
        config,
        db: database.db,
        logger,
        instanceSecret: instance.instanceSecret,
        // Texts are sent only once the server listens, so its own address is known by then.
        reportUrl: (messageId, token) =>
          deliveryReportUrl(config.kannel?.reportUrl ?? config.publicUrl ?? listeningUrl, messageId, token),
      }),
      smsRetry: { ...DEFAULT_SMS_RETRY, attempts: config.smsSendAttempts },
      networkLimits: {
        'send-code': { max: config.codeSendsPerIp, windowMs: NETWORK_LIMIT_WINDOW_MS },
        'enter-code': { max: config.codeTriesPerIp, windowMs: NETWORK_LIMIT_WINDOW_MS },
      },
      ...options.identity,
    });
    const operatorToken = config.operatorToken ?? deriveOperatorToken(instance.instanceSecret);
    // The derived token goes where `npm run ops` on this machine looks for it; a configured one is the
    // operator's to keep.
    if (!config.operatorToken) {
      await writeOperatorTokenFile(config.dataDir, operatorToken).catch((error: unknown) =>
        // A read-only DATA_DIR (a PostgreSQL deployment) need not stop the console; only ops needs the file.
        logger.warn(
          { err: error },
          'could not write the operator token file; set OPERATOR_TOKEN to use npm run ops',
        ),
      );
    }
    const live = new LiveUpdates(database.db, logger, cluster);
    dnsDriver ??= await createDnsDriver(config, logger);
    const reverseDns = createServerReverseDns({
      config,
      driver: dnsDriver,
      logger,
      instanceSecret: instance.instanceSecret,
      now: () => identity.clock.now(),
      cluster,
    });
    computes = createComputeService({
      db: database.db,
      clock: identity.clock,
      logger,
      live,
      startPolicy: billingStartPolicy,
      reverseDns,
      config: {
        computeDriver: config.computeDriver,
        catalog: config.catalog,
        simulator: config.simulator,
        libvirt: config.libvirt,
      },
    });
    // Before the first request: computes mid-transition when the server stopped are settled or resumed.
    await computes.start();
    domains = createDomainService({
      db: database.db,
      clock: identity.clock,
      logger,
      live,
      driver: dnsDriver,
      config: config.domains,
      resolver: options.delegationResolver,
      instanceSecret: instance.instanceSecret,
      cluster,
      extraZones: {
        names: reverseDns.zones,
        all: () => reverseDns.all(database.db),
        named: (name) => reverseDns.named(database.db, name),
      },
    });
    // Before the first request: the DNS server answers for every zone in the database.
    await domains.start();
    billing = createBillingService({
      db: database.db,
      clock: identity.clock,
      logger,
      mail: identity.mail,
      computes,
      live,
      config: config.billing,
      publicUrl: config.publicUrl,
      instanceSecret: instance.instanceSecret,
    });
    // The background work runs on one server at a time (this one, when alone on PGlite).
    const startedBillingService = billing;
    // Balance alerts and powering off computes past their grace period, every minute.
    cluster.whileLeading({
      name: 'balance alerts and powering off',
      start: () => startedBillingService.start(),
      stop: () => startedBillingService.close(),
    });
    // Charging started compute-hours and issuing last month's invoices, every minute too.
    const sweep = new UsageSweep(billing);
    usageSweep = sweep;
    cluster.whileLeading({
      name: 'metering and invoices',
      start: () => sweep.start(),
      stop: () => sweep.close(),
    });
    // Counts of code sends and tries no window reaches any more.
    cluster.whileLeading({
      name: 'pruning network limits',
      ...periodic(
        NETWORK_LIMIT_WINDOW_MS,
        () => identity.network.prune(),
        (error) => logger.warn({ err: error }, 'pruning network limits failed'),
      ),
    });
    // Texts the gateway did not take yet, offered again when due; claimed one at a time, so a text is
    // never sent by two servers even if another server (asked for the code) tries it at the same moment.
    cluster.whileLeading({
      name: 'text message retries',
      ...periodic(
        SMS_SWEEP_MS,
        async () => {
          await identity.texts.sweep();
        },
        (error) => logger.warn({ err: error }, 'retrying text messages failed'),
      ),
    });
    // Transitions a stopped or killed server began, completed when due.
    const driver = computes.driver;
    // The guests' usage samples: one server samples every host (several would store each sample twice).
    if (driver.sampleUsage) {
      cluster.whileLeading({
        name: 'usage samples of guests',
        start: () => driver.sampleUsage?.(true),
        stop: async () => driver.sampleUsage?.(false),
      });
    }
    if (driver.completeOverdue) {
      cluster.whileLeading({
        name: 'transitions other servers began',
        ...periodic(
          OVERDUE_CHECK_MS,
          async () => {
            await driver.completeOverdue?.(OVERDUE_GRACE_MS);
          },
          (error) => logger.warn({ err: error }, 'completing overdue transitions failed'),
        ),
      });
    }
    const backups = createBackupService({
      db: database.db,
      clock: identity.clock,
      logger,
      live,
      computes: computesForBackups(computes),
      retention: config.backupRetention,
      chargeDay: chargeBackupDay,
      directory: join(config.dataDir, 'backups'),
    });
    // The daily backups of computes with backups on, begun by one server (the leader) when due.
    cluster.whileLeading({
      name: 'daily backups',
      ...periodic(
        BACKUP_SWEEP_MS,
        async () => {
          await backups.sweep();
        },
        (error) => logger.warn({ err: error }, 'the daily backup sweep failed'),
      ),
    });
    const app = createApp({
      database,
      logger,
      staticDir: config.staticDir,
      verifyResponses: options.verifyResponses,
      additionalServices: options.additionalServices,
      identity,
      uploadsDir: config.uploadsDir,
      imagesDir: join(config.dataDir, 'images'),
      operatorToken,
      supportEmail: config.supportEmail,
      live,
      computes,
      domains,
      billing,
      backups,
    });
    const drain = new Drain();
    server = createServer(drain.wrap(getRequestListener(app.fetch)));
    const sockets = attachSocketServer(server, {
      logger,
      heartbeatIntervalMs: options.heartbeatIntervalMs,
      identity,
      allowedOrigins: config.allowedOrigins,
      live,
      computes,
    });
    const port = await listen(server, config.port, config.host);
    const url = `http://${displayHost(config.host)}:${port}`;
    listeningUrl = url;
    logger.info(
      {
        url,
        database: database.kind,
        mail: identity.mail.kind,
        sms: identity.texts.driver.kind,
        dns: `${dnsDriver.info.kind} ${dnsDriver.info.endpoint}`,
        instanceId: instance.instanceId,
      },
      `Ikirere console: ${url}`,
    );
    if (identity.devMailbox)
      logger.info(`Development mailbox (codes sent by e-mail and SMS): ${url}/dev/mailbox`);

    const running = server;
    const startedComputes = computes;
    const startedDomains = domains;
    const startedBilling = billing;
    const startedUsageSweep = usageSweep;
    const joined = cluster;
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        logger.info('shutting down');
        await stopHttp(running, drain, () => sockets.close(), options.drainTimeoutMs ?? 8_000, logger);
        // The background work stops here (another server takes it over); the link to the others closes.
        await joined.close();
        // A sweep under way finishes before what it uses closes.
        await startedUsageSweep.close();
        await startedBilling.close();
        // Codes already promised to someone still go out before the database and the mail link close.
        await identity.deliveries.settled();
        await identity.mail.close();
        // Transitions under way stay stored with their due time; the next start completes them.
        await startedComputes.close();
        // Delegation checks under way finish or are dropped; the DNS server stops answering.
        await startedDomains.close();
        await database.close();
        logger.info('stopped');
      })();
      return closing;
    };
    return {
      url,
      port,
      database,
      instance,
      identity,
      computes: startedComputes,
      domains: startedDomains,
      billing: startedBilling,
      backups,
      live,
      cluster: joined,
      close,
    };
  } catch (error) {
    server?.close();
    await cluster?.close().catch(() => {});
    await usageSweep?.close().catch(() => {});
    await billing?.close().catch(() => {});
    await computes?.close().catch(() => {});
    await (domains ? domains.close() : dnsDriver?.close())?.catch(() => {});
    await database.close();
    throw error;
  }
}

/**
 * Stops the HTTP side in order: new requests answer 503 (a load balancer retries them elsewhere), consoles
 * are told 1001, running requests finish (until the deadline, when their connections are cut), then the port
 * closes and every kept-alive connection with it.
 */
async function stopHttp(
  server: Server,
  drain: Drain,
  closeSockets: () => Promise<void>,
  drainTimeoutMs: number,
  logger: Logger,
): Promise<void> {
  const finished = drain.begin();
  await closeSockets();
  let timer: NodeJS.Timeout | undefined;
  const drained = await Promise.race([
    finished.then(() => true),
    new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), drainTimeoutMs);
    }),
  ]);
  clearTimeout(timer);
  if (!drained) {
    logger.warn(
      { drainTimeoutMs, running: drain.running },
      'requests still running at the deadline; closing their connections',
    );
  }
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  await closed;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(host, port) : error);
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * The reverse zones of the compute address blocks, served by the DNS driver beside the teams' zones; a
 * reverse name is checked against our own server first (the embedded one), then DELEGATION_RESOLVER.
 */
function createServerReverseDns(options: {
  config: Config;
  driver: DnsDriver;
  logger: Logger;
  instanceSecret: string;
  now: () => Date;
  cluster: Cluster;
}): ReverseDns {
  const { config, driver, logger } = options;
  const keys = config.reverseDnsDnssec ? reverseZoneKeys(options.instanceSecret) : undefined;
  const reverseDns = new ReverseDns({
    driver,
    logger,
    blocks: addressBlocksOf(config),
    nameServers: config.domains.nameServers,
    hostmaster: config.domains.hostmasterEmail?.replace('@', '.'),
    keys,
    check: createReverseNameCheck({
      own: driver.info.kind === 'embedded' ? loopbackEndpoint(driver.info.endpoint) : undefined,
      resolvers: config.domains.delegationResolvers,
    }),
    now: options.now,
    announce: (tx, zone) => options.cluster.tellOthersOnCommit(tx, 'dns', { name: zone }),
  });
  for (const zone of reverseDns.zones) {
    const ds = keys?.(zone).map((key) => presentDs(dsOf(zone, key)));
    logger.info({ zone, ...(ds ? { ds } : {}) }, 'dns: reverse zone of a compute address block');
  }
  return reverseDns;
}

/** `0.0.0.0:5300` → 127.0.0.1:5300, `[::]:53` → ::1:53: where this machine reaches its own DNS server. */
function loopbackEndpoint(endpoint: string): { host: string; port: number } {
  const match = /^\[?([^\]]*?)\]?:(\d+)$/.exec(endpoint)!;
  const host = match[1]!;
  return {
    host: host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host,
    port: Number(match[2]),
  };
}

function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** PowerDNS when POWERDNS_URL and POWERDNS_API_KEY are set; otherwise the embedded server on DNS_HOST:DNS_PORT. */
async function createDnsDriver(config: Config, logger: Logger): Promise<DnsDriver> {
  if (config.powerdns) {
    return createPowerDnsDriver({
      url: config.powerdns.url,
      apiKey: config.powerdns.apiKey,
      serverId: config.powerdns.serverId,
      logger,
    });
  }
  return createEmbeddedDnsDriver({
    host: config.dnsHost,
    port: config.dnsPort,
    logger,
    transfers: config.dnsTransfers,
  });
}

function identityConfigFrom(config: Config): IdentityConfig {
  return {
    publicUrl: config.publicUrl,
    trustProxy: config.trustProxy,
    sessionIdleHours: config.sessionIdleHours,
    codeResendSeconds: config.codeResendSeconds,
    codeSendsPerHour: config.codeSendsPerHour,
    sessionMaxDays: config.sessionMaxDays,
    github: config.github,
    google: config.google,
    production: config.production,
  };
}
