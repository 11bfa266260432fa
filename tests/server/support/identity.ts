// Helpers for the identity tests: an app with a movable clock, requests with a bearer token, the outbox
// read the way a person reads their mail, and accounts made through the real sign-up and phone flows.

import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { desc, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { expect } from 'vitest';
import { type AuthResult, authResultSchema, codeChallengeSchema } from '@/contract/auth';
import { DEFAULT_BACKUP_RETENTION } from '@/domain/backups';
import { type App, createApp } from '../../../server/app';
import { type BackupService, createBackupService } from '../../../server/backups';
import { type BillingService, billingStartPolicy, createBillingService } from '../../../server/billing';
import { chargeBackupDay } from '../../../server/billing/backup-charges';
import { storageMeter } from '../../../server/billing/storage-meters';
import { type ComputeService, createComputeService, type ReverseDns } from '../../../server/computes';
import { computesForBackups } from '../../../server/computes/backups-port';
import { computesForImages } from '../../../server/computes/team-images-port';
import type { DatabaseHandle } from '../../../server/db';
import { outboxMessages } from '../../../server/db/schema';
import type { ComputeConfig } from '../../../server/drivers/compute/config';
import { DEFAULT_SIMULATOR_CONFIG } from '../../../server/drivers/compute/simulator/simulator-config';
import type { MailDriver } from '../../../server/drivers/mail';
import type { SmsDriver, SmsRetryPolicy } from '../../../server/drivers/sms';
import { createIdentity, type Identity, type IdentityConfig } from '../../../server/identity';
import type { Clock } from '../../../server/identity/clock';
import type { NetworkAction, NetworkLimit } from '../../../server/identity/network-limits';
import { createImageService, type ImageService } from '../../../server/images';
import { createLogger } from '../../../server/logger';
import { LiveUpdates } from '../../../server/socket/live-updates';
import { captureLogs, emptyStaticDir, type LogCapture } from './test-app';

export const USER_API = '/user/api/v1';

export class TestClock implements Clock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}

export interface IdentityTestApp {
  app: App;
  identity: Identity;
  clock: TestClock;
  logs: LogCapture;
  /** The app's computes, on the simulator 200 times faster than life (provisioning takes ~0.1 s). */
  computes: ComputeService;
  /** The app's billing on the sandbox provider, without the background sweep (call sweep()). */
  billing: BillingService;
  /** What the app pushes to open consoles (subscribe a user to see it). */
  live: LiveUpdates;
  /** Team images, their files in options.imagesDir (a fresh temporary directory by default). */
  images?: ImageService;
  /** Computes' backups, their files in options.backupsDir; the daily sweep is called by the test. */
  backups?: BackupService;
}

/** Simulator speed in server tests: fast enough not to wait, slow enough to see each status. */
export const TEST_SIMULATOR_SPEED = 200;

export function buildIdentityTestApp(
  database: DatabaseHandle,
  options: {
    config?: Partial<IdentityConfig>;
    mail?: MailDriver;
    /** The SMS driver (the outbox by default) and how its texts are retried. */
    sms?: SmsDriver;
    smsRetry?: SmsRetryPolicy;
    networkLimits?: Record<NetworkAction, NetworkLimit>;
    /** Where verification documents go; by default a fresh temporary directory. */
    uploadsDir?: string;
    operatorToken?: string;
    /** Compute driver settings over the fast test simulator. */
    compute?: Partial<ComputeConfig>;
    /** Reverse DNS for the compute addresses (none by default). */
    reverseDns?: ReverseDns;
    /** Where team images' files go; by default a fresh temporary directory. */
    imagesDir?: string;
    /** Where backups' files go (a fresh temporary directory by default), and how many each compute keeps. */
    backupsDir?: string;
    backupRetention?: number;
  } = {},
): IdentityTestApp {
  const clock = new TestClock();
  const logs = captureLogs();
  const logger = createLogger('info', logs.stream);
  const identity = createIdentity({
    database,
    logger,
    clock,
    instanceSecret: 'test-instance-secret',
    config: options.config,
    mail: options.mail,
    sms: options.sms,
    smsRetry: options.smsRetry,
    networkLimits: options.networkLimits,
  });
  const live = new LiveUpdates(database.db, logger);
  const computes = createComputeService({
    db: database.db,
    clock,
    logger,
    live,
    startPolicy: billingStartPolicy,
    reverseDns: options.reverseDns,
    config: { simulator: { ...DEFAULT_SIMULATOR_CONFIG, speed: TEST_SIMULATOR_SPEED }, ...options.compute },
  });
  const billing = createBillingService({
    db: database.db,
    clock,
    logger,
    mail: identity.mail,
    computes,
    instanceSecret: 'test-instance-secret',
  });
  const images = createImageService({
    db: database.db,
    clock,
    logger,
    live,
    catalog: computes.deps.catalog,
    computes: computesForImages(computes),
    meter: storageMeter,
    directory: options.imagesDir ?? join(tmpdir(), `ikirere-images-${randomUUID()}`),
  });
  const backups = createBackupService({
    db: database.db,
    clock,
    logger,
    live,
    computes: computesForBackups(computes),
    retention: options.backupRetention ?? DEFAULT_BACKUP_RETENTION,
    chargeDay: chargeBackupDay,
    directory: options.backupsDir ?? join(tmpdir(), `ikirere-backups-${randomUUID()}`),
  });
  const app = createApp({
    images,
    backups,
    database,
    logger,
    staticDir: emptyStaticDir(),
    verifyResponses: true,
    identity,
    uploadsDir: options.uploadsDir,
    operatorToken: options.operatorToken,
    live,
    computes,
    billing,
  });
  return { app, identity, clock, logs, computes, billing, live, images, backups };
}

let counter = 0;
/** A fresh address per call, so tests in one file never share send limits or locks. */
export function uniqueEmail(name = 'person'): string {
  counter += 1;
  return `${name}-${counter}-${Date.now().toString(36)}@example.com`;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  /** What @hono/node-server would pass as env, e.g. the client's socket address. */
  env?: unknown;
}

export function call(
  t: IdentityTestApp,
  method: string,
  path: string,
  body?: unknown,
  options: CallOptions = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  // User-service paths may be written short (/auth/…, /users/…); anything else is taken as it is.
  const url = /^\/(auth|users)\//.test(path) ? `${USER_API}${path}` : path;
  return Promise.resolve(
    t.app.request(
      url,
      { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
      options.env as never,
    ),
  );
}

export interface OutboxEntry {
  channel: string;
  to: string;
  subject: string | null;
  text: string;
  code: string | undefined;
}

/** Messages to one recipient, newest first, once every delivery started so far has finished. */
export async function inbox(t: IdentityTestApp, to: string): Promise<OutboxEntry[]> {
  await t.identity.deliveries.settled();
  const rows = await t.identity.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, to))
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id));
  return rows.map((row) => ({ ...row, code: /\b(\d{6})\b/.exec(row.text)?.[1] }));
}

/** The code in the newest message that carries one (notices such as a lock-out's carry none). */
export async function latestCode(t: IdentityTestApp, to: string): Promise<string> {
  const latest = (await inbox(t, to)).find((message) => message.code !== undefined);
  expect(latest?.code, `no code was sent to ${to}`).toBeDefined();
  return latest!.code!;
}

/** A code that is not the one sent (for wrong-code tests). */
export function otherCode(code: string): string {
  return ((Number(code) + 1) % 1_000_000).toString().padStart(6, '0');
}

export async function requestCode(t: IdentityTestApp, path: string, body: unknown, token?: string) {
  const response = await call(t, 'POST', path, body, { token });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(codeChallengeSchema, await response.json());
}

/** Signs up through the API and the outbox; the account has not verified a phone number yet. */
export async function signUp(
  t: IdentityTestApp,
  name = 'Ada Lovelace',
  email = uniqueEmail(),
): Promise<AuthResult> {
  const challenge = await requestCode(t, '/auth/signup', { name, email });
  const response = await call(t, 'POST', '/auth/email-code/verify', {
    challengeId: challenge.challengeId,
    code: await latestCode(t, email),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(authResultSchema, await response.json());
}

let phoneCounter = 100_000;
/** A valid Rwandan mobile number, different on every call. */
export function uniqueRwandaNumber(): string {
  phoneCounter += 1;
  return `078${(8_000_000 + phoneCounter).toString().slice(-7)}`;
}

/** Signs up and verifies a phone number: an account that reaches the console. */
export async function signUpVerified(
  t: IdentityTestApp,
  name = 'Ada Lovelace',
  email = uniqueEmail(),
): Promise<AuthResult & { phoneNumber: string }> {
  const result = await signUp(t, name, email);
  const typed = uniqueRwandaNumber();
  const challenge = await requestCode(
    t,
    '/auth/phone-code',
    { country: 'RW', phoneNumber: typed },
    result.token,
  );
  const response = await call(
    t,
    'POST',
    '/auth/phone-code/verify',
    { challengeId: challenge.challengeId, code: await latestCode(t, challenge.destination) },
    { token: result.token },
  );
  expect(response.status, await response.clone().text()).toBe(200);
  return {
    ...result,
    user: { ...result.user, phoneVerified: true, phoneNumber: challenge.destination },
    phoneNumber: challenge.destination,
  };
}
