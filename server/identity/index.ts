// The identity core shared by the user service (sign-in, sessions, account), the resource manager (socket
// tickets) and the WebSocket server: built once per server and put on every request's context.
import type { SocialProvider } from '@/contract/auth';
import type { GithubConfig, OpenIdProviderConfig } from '../config';
import type { Database, DatabaseHandle } from '../db';
import { ensureInstanceSettings } from '../db/instance-settings';
import { createOutboxMail, type MailDriver } from '../drivers/mail';
import {
  createOutboxSms,
  DEFAULT_SMS_RETRY,
  type SmsDriver,
  type SmsRetryPolicy,
  SmsSender,
} from '../drivers/sms';
import type { Logger } from '../logger';
import { ApiTokens } from './api-tokens';
import { type Clock, systemClock } from './clock';
import { Deliveries } from './deliveries';
import { type NetworkAction, type NetworkLimit, NetworkLimiter } from './network-limits';
import { createGithubClient } from './oauth/github';
import { OAuthStates } from './oauth/oauth-states';
import { createOpenIdClient } from './oauth/openid';
import type { SocialProviderClient } from './oauth/provider';
import { OneTimeCodes } from './one-time-codes';
import { type CodeHasher, createCodeHasher } from './secrets';
import { SessionEvents } from './session-events';
import { SessionStore } from './sessions';
import { SocketTickets } from './socket-tickets';
import { TwoFactor } from './two-factor';

export interface IdentityConfig {
  /** Origin of the console for links and the OAuth redirect; undefined: each request's own origin. */
  publicUrl: string | undefined;
  trustProxy: boolean;
  sessionIdleHours: number;
  /** Seconds between two codes to one address, and codes per hour to one address. */
  codeResendSeconds: number;
  codeSendsPerHour: number;
  sessionMaxDays: number;
  github: GithubConfig | undefined;
  google: OpenIdProviderConfig | undefined;
  /** NODE_ENV=production: the development mailbox is never served. */
  production: boolean;
}

export const DEFAULT_IDENTITY_CONFIG: IdentityConfig = {
  publicUrl: undefined,
  trustProxy: false,
  sessionIdleHours: 72,
  codeResendSeconds: 60,
  codeSendsPerHour: 5,
  sessionMaxDays: 30,
  github: undefined,
  google: undefined,
  production: false,
};

export interface IdentityOptions {
  database: DatabaseHandle;
  logger: Logger;
  config?: Partial<IdentityConfig>;
  clock?: Clock;
  /** Defaults to the embedded outbox. */
  mail?: MailDriver;
  /** Defaults to the embedded outbox. */
  sms?: SmsDriver;
  /** How often and how far apart a text is offered to the gateway (SMS_SEND_ATTEMPTS; tests shorten it). */
  smsRetry?: SmsRetryPolicy;
  /** The installation's secret (server_settings); read from the database on first use when absent. */
  instanceSecret?: string;
  networkLimits?: Record<NetworkAction, NetworkLimit>;
}

export interface Identity {
  readonly db: Database;
  readonly clock: Clock;
  readonly config: IdentityConfig;
  readonly logger: Logger;
  readonly mail: MailDriver;
  /** Text messages, sent through the SMS driver (`texts.driver`) with their state in the database. */
  readonly texts: SmsSender;
  readonly sessions: SessionStore;
  readonly sessionEvents: SessionEvents;
  readonly codes: OneTimeCodes;
  readonly tickets: SocketTickets;
  /** Personal API tokens (account settings → API tokens). */
  readonly apiTokens: ApiTokens;
  /** Two-factor sign-in: the authenticator app and recovery codes (account settings → Security). */
  readonly twoFactor: TwoFactor;
  readonly oauthStates: OAuthStates;
  /** Configured social providers only: an absent one has no button and its routes answer 404. */
  readonly providers: ReadonlyMap<SocialProvider, SocialProviderClient>;
  readonly deliveries: Deliveries;
  readonly network: NetworkLimiter;
  /** The development mailbox is served only on the embedded mail driver and outside production. */
  readonly devMailbox: boolean;
}

export function createIdentity(options: IdentityOptions): Identity {
  const db = options.database.db;
  const config = { ...DEFAULT_IDENTITY_CONFIG, ...options.config };
  const clock = options.clock ?? systemClock;
  const mail = options.mail ?? createOutboxMail(db, options.logger);
  const sessionEvents = new SessionEvents();
  const sessions = new SessionStore(
    db,
    clock,
    { idleMs: config.sessionIdleHours * 3_600_000, maxMs: config.sessionMaxDays * 86_400_000 },
    sessionEvents,
  );
  const instanceSecret = () =>
    options.instanceSecret
      ? Promise.resolve(options.instanceSecret)
      : ensureInstanceSettings(db).then((settings) => settings.instanceSecret);
  let hasher: Promise<CodeHasher> | undefined;
  const codeHasher = () => {
    hasher ??= instanceSecret().then(createCodeHasher);
    // A failed read (database briefly away) is tried again on the next code rather than remembered.
    hasher.catch(() => {
      hasher = undefined;
    });
    return hasher;
  };
  const providers = new Map<SocialProvider, SocialProviderClient>();
  if (config.github) providers.set('github', createGithubClient(config.github));
  if (config.google) providers.set('google', createOpenIdClient(config.google));

  return {
    db,
    clock,
    config,
    logger: options.logger,
    mail,
    texts: new SmsSender(
      db,
      clock,
      options.logger,
      options.sms ?? createOutboxSms(db, options.logger),
      options.smsRetry ?? DEFAULT_SMS_RETRY,
    ),
    sessions,
    sessionEvents,
    codes: new OneTimeCodes(db, clock, codeHasher, {
      resendCooldownMs: config.codeResendSeconds * 1000,
      sendsPerHour: config.codeSendsPerHour,
    }),
    tickets: new SocketTickets(db, clock, sessions),
    apiTokens: new ApiTokens(db, clock),
    twoFactor: new TwoFactor(db, clock, instanceSecret),
    oauthStates: new OAuthStates(db, clock),
    providers,
    deliveries: new Deliveries(options.logger),
    network: new NetworkLimiter(db, clock, options.networkLimits),
    devMailbox: mail.kind === 'outbox' && !config.production,
  };
}
