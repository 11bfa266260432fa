// The Hono app: the spec's three services under their base paths, the operations endpoints, the built
// console, and the middleware every answer passes through. No I/O here beyond what deps provide.

import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Context, Hono } from 'hono';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { requestId } from 'hono/request-id';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { SOCKET_PATH } from '@/contract/socket';
import { DEFAULT_BACKUP_RETENTION } from '@/domain/backups';
import { type BackupService, createBackupService } from './backups';
import { type BillingService, billingStartPolicy, createBillingService } from './billing';
import { chargeBackupDay } from './billing/backup-charges';
import { changeCurrency } from './billing/billing-profile';
import { storageMeter } from './billing/storage-meters';
import { type ComputeService, createComputeService } from './computes';
import { computesForBackups } from './computes/backups-port';
import { countLiveComputes } from './computes/compute-record';
import { computesForNetworks } from './computes/networks-port';
import type { TeamImageSource } from './computes/team-image-source';
import { computesForImages } from './computes/team-images-port';
import { DEFAULT_SUPPORT_EMAIL } from './config-variables';
import type { DatabaseHandle } from './db';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from './db/unavailable';
import { DEV_MAILBOX_PATH, devMailboxRoutes } from './dev/mailbox.routes';
import { createDomainService, type DomainService } from './domains';
import { countDomains } from './domains/domain-record';
import { SANDBOX_CHECKOUT_PATH, SandboxProvider } from './drivers/payment';
import { sandboxCheckoutRoutes } from './drivers/payment/sandbox/checkout.routes';
import type { AppEnv } from './http/env';
import { noStoreByDefault, securityHeaders } from './http/headers';
import { ProblemError, problem } from './http/problem';
import { RouteRegistry } from './http/registry';
import { requestLog } from './http/request-log';
import type { Service } from './http/routes';
import { staticSpa } from './http/static-spa';
import { answerInRequestedLanguage } from './i18n/request-language';
import { t } from './i18n/t';
import { createIdentity, type Identity } from './identity';
import { createImageService, type ImageService } from './images';
import type { Logger } from './logger';
import { createNetworks } from './networks';
import { apiDocsRoutes } from './ops/api-docs.routes';
import { healthRoutes } from './ops/health.routes';
import { hostRoutes } from './ops/hosts.routes';
import { openApiRoutes } from './ops/openapi.routes';
import { verificationReviewRoutes } from './ops/verification-review.routes';
import { paymentService } from './payment';
import { CONSOLE_PATH_PREFIX, resourceManagerService } from './resource-manager';
import { LiveUpdates } from './socket/live-updates';
import { UploadStore } from './teams/verification/upload-store';
import { userService } from './user';
import { serverVersion } from './version';

/** Operator endpoints (`npm run ops`): a token, not a session. */
export const OPS_BASE_PATH = '/ops/api/v1';

export interface AppDeps {
  database: DatabaseHandle;
  logger: Logger;
  /** Absolute path of the built console; it may not exist yet (the API works without it). */
  staticDir: string;
  version?: string;
  /** Fail with 500 when a handler answers off its declared schema; on in tests. */
  verifyResponses?: boolean;
  maxBodyBytes?: number;
  /** Mounted after the spec's services, through the same registry; tests use it to exercise validation. */
  additionalServices?: Service[];
  /** Sessions, codes, providers, mail and SMS; defaults to the embedded drivers on this database. */
  identity?: Identity;
  /**
   * Where verification documents are stored (UPLOADS_DIR); the server passes DATA_DIR/uploads. Defaults
   * to a new directory under the system's temporary directory, for tests.
   */
  uploadsDir?: string;
  /** Team images; by default the app makes one over `computes`, its files in imagesDir. */
  images?: ImageService;
  /**
   * Where team images' files are kept; the server passes DATA_DIR/images. Defaults to a new directory under
   * the system's temporary directory, for tests.
   */
  imagesDir?: string;
  /**
   * Computes' backups; by default the app makes one over `computes`, its files in a new directory under the
   * system's temporary directory, keeping DEFAULT_BACKUP_RETENTION (the server passes its own: DATA_DIR/backups,
   * BACKUP_RETENTION, its daily sweep run by the leader).
   */
  backups?: BackupService;
  /** The token `npm run ops` sends; undefined: the operator endpoints let nobody in. */
  operatorToken?: string;
  /** SUPPORT_EMAIL, for the console's "contact support" links. */
  supportEmail?: string;
  /** Pushes changes to open sockets; the server shares one with its WebSocket. Defaults to one of its own. */
  live?: LiveUpdates;
  /**
   * Computes and their driver. The server builds, starts and closes it; by default the app makes one on
   * the simulator at normal speed, started on first use (tests pass a fast one and close it).
   */
  computes?: ComputeService;
  /**
   * Domains and their DNS driver. The server builds, starts and closes it; by default the app makes one
   * on an in-memory driver that answers no queries, with no delegation checks (tests pass their own).
   */
  domains?: DomainService;
  /**
   * Balance, top-ups and the payment driver. The server builds, starts and closes it; by default the app
   * makes one on the sandbox provider without the background sweep (tests call sweep()).
   */
  billing?: BillingService;
}

export type App = Hono<AppEnv>;

export function createApp(deps: AppDeps): App {
  const version = deps.version ?? serverVersion;
  const startedAt = Date.now();
  const identity = deps.identity ?? createIdentity({ database: deps.database, logger: deps.logger });
  const app = new Hono<AppEnv>();
  const registry = new RouteRegistry({
    verifyResponses: deps.verifyResponses,
    maxBodyBytes: deps.maxBodyBytes,
  });

  app.use(requestId());
  app.use(answerInRequestedLanguage());
  app.use(requestLog(deps.logger));
  app.use(securityHeaders());
  app.use(noStoreByDefault());
  app.use(compress());

  app.use(
    methodNotAllowed({
      app,
      onMethodNotAllowed: (c, methods) =>
        problem(
          c,
          405,
          {
            detail: t('http.problem.methodNotAllowed', { method: c.req.method, methods: methods.join(', ') }),
          },
          {
            Allow: methods.join(', '),
          },
        ),
    }),
  );

  const live = deps.live ?? new LiveUpdates(deps.database.db, deps.logger);
  app.use(async (c, next) => {
    c.set('identity', identity);
    c.set('live', live);
    await next();
  });
  const computes =
    deps.computes ??
    createComputeService({
      db: deps.database.db,
      clock: identity.clock,
      logger: deps.logger,
      live,
      startPolicy: billingStartPolicy,
    });
  const domains =
    deps.domains ??
    createDomainService({ db: deps.database.db, clock: identity.clock, logger: deps.logger, live });
  const billing =
    deps.billing ??
    createBillingService({
      db: deps.database.db,
      clock: identity.clock,
      logger: deps.logger,
      mail: identity.mail,
      computes,
      live,
      publicUrl: identity.config.publicUrl,
    });
  const images =
    deps.images ??
    createImageService({
      db: deps.database.db,
      clock: identity.clock,
      logger: deps.logger,
      live,
      catalog: computes.deps.catalog,
      computes: computesForImages(computes),
      meter: storageMeter,
      directory: deps.imagesDir ?? join(tmpdir(), `ikirere-images-${randomUUID()}`),
    });
  const backups =
    deps.backups ??
    createBackupService({
      db: deps.database.db,
      clock: identity.clock,
      logger: deps.logger,
      live,
      computes: computesForBackups(computes),
      retention: DEFAULT_BACKUP_RETENTION,
      chargeDay: chargeBackupDay,
      directory: join(tmpdir(), `ikirere-backups-${randomUUID()}`),
    });
  // Private networks give computes their cards through the compute driver.
  const networks = createNetworks({
    db: deps.database.db,
    clock: identity.clock,
    logger: deps.logger,
    live,
    computes: computesForNetworks(computes),
  });
  // A new compute starts from a team image, or from a backup (a restore into a new compute).
  computes.connectTeamImages(imagesOrBackups(images, backups));
  const uploads = new UploadStore(deps.uploadsDir ?? join(tmpdir(), `ikirere-uploads-${randomUUID()}`));
  const services: Service[] = [
    userService({
      identity,
      live,
      uploads,
      areas: { computes: countLiveComputes, domains: countDomains, changeCurrency },
    }),
    resourceManagerService({
      database: deps.database,
      version,
      supportEmail: deps.supportEmail ?? DEFAULT_SUPPORT_EMAIL,
      computes,
      domains,
      images,
      backups,
      networks,
      storageMeter,
    }),
    paymentService(billing),
    { name: 'Operations', basePath: '', resources: [healthRoutes(deps.database, startedAt)] },
    {
      name: 'Operations',
      basePath: '/api',
      resources: [
        openApiRoutes(registry, { title: 'Ikirere console API', version }),
        apiDocsRoutes(registry, { title: 'Ikirere console API', version }, '/api'),
      ],
    },
    {
      name: 'Operations',
      basePath: OPS_BASE_PATH,
      resources: [
        verificationReviewRoutes({ uploads, operatorToken: deps.operatorToken }),
        hostRoutes({ computes, operatorToken: deps.operatorToken }),
      ],
    },
    ...(deps.additionalServices ?? []),
  ];
  for (const service of services) registry.mount(app, service);

  // Development only, and outside the API document: it shows codes, so production never serves it.
  if (identity.devMailbox) app.route(DEV_MAILBOX_PATH, devMailboxRoutes(identity.db));
  // The sandbox provider's checkout pages, and its callbacks delivered through this app (no network).
  if (billing.driver instanceof SandboxProvider) {
    billing.driver.connect(async (request) => app.fetch(request));
    app.route(SANDBOX_CHECKOUT_PATH, sandboxCheckoutRoutes(billing.driver));
  }

  // The sockets live on the Node upgrade event (server/socket); a plain GET here is a client mistake.
  const upgradeRequired = (c: Context<AppEnv>) =>
    problem(c, 426, { detail: t('http.problem.webSocketOnly') }, { Upgrade: 'websocket' });
  app.get(SOCKET_PATH, upgradeRequired);
  app.get(`${CONSOLE_PATH_PREFIX}/*`, upgradeRequired);

  app.use(
    staticSpa({
      root: deps.staticDir,
      isReserved: (path) =>
        registry.isServicePath(path) ||
        path === SOCKET_PATH ||
        path.startsWith(`${CONSOLE_PATH_PREFIX}/`) ||
        path.startsWith(DEV_MAILBOX_PATH) ||
        path.startsWith(`${SANDBOX_CHECKOUT_PATH}/`),
    }),
  );

  app.notFound((c) => problem(c, 404, { detail: t('http.problem.notServed', { path: c.req.path }) }));

  app.onError((error, c) => {
    if (error instanceof ProblemError) return problem(c, error.status, error.fields, error.headers);
    if (error instanceof HTTPException && error.status < 500) {
      return problem(c, error.status as ContentfulStatusCode, { detail: error.message || undefined });
    }
    // The database gone for a moment (a failover, a restart): the client tries again, not a 500.
    if (isDatabaseUnavailable(error)) {
      deps.logger.warn(
        { err: error, requestId: c.get('requestId'), method: c.req.method, path: c.req.path },
        'the database cannot be reached: answered 503',
      );
      return problem(
        c,
        503,
        { detail: t('http.problem.databaseUnavailable') },
        {
          'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
        },
      );
    }
    deps.logger.error(
      { err: error, requestId: c.get('requestId'), method: c.req.method, path: c.req.path },
      'unhandled error',
    );
    return problem(c, 500, {
      detail: t('http.problem.internal'),
    });
  });

  return app;
}

/** Team images and backups as one source of disks for new computes (their ids are UUIDs: they never clash). */
function imagesOrBackups(images: ImageService, backups: BackupService): TeamImageSource {
  return {
    async available(db, teamId, id) {
      return (await images.available(db, teamId, id)) ?? (await backups.available(db, teamId, id));
    },
    fileOf(id) {
      const backup = backups.fileOf(id);
      return existsSync(backup) ? backup : images.fileOf(id);
    },
  };
}
