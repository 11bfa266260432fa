// The server's settings, read from environment variables once at start and checked before anything opens.

import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_BACKUP_RETENTION } from '@/domain/backups';

import { type BillingConfig, readBillingConfig } from './billing/config';
import { DEFAULT_MAIL_FROM, DEFAULT_SUPPORT_EMAIL, LOG_LEVELS, type LogLevel } from './config-variables';
import { type DomainsConfig, readDomainsConfig } from './domains/config';
import { type ComputeConfig, readComputeConfig } from './drivers/compute/config';
import { type DnsDriverConfig, readDnsDriverConfig } from './drivers/dns/config';
import { readSmsDriverConfig, type SmsDriverConfig } from './drivers/sms/sms-config';

export {
  configVariables,
  type LogLevel,
} from './config-variables';

/** The compute part (COMPUTE_DRIVER, CATALOG_FILE, SIMULATOR_*) is described in drivers/compute/config.ts. */
/** The DNS driver part (POWERDNS_*) is described in drivers/dns/config.ts. */
/** The SMS part (SMS_DRIVER, SMS_SENDER, SMS_SEND_ATTEMPTS, KANNEL_*) is described in drivers/sms/sms-config.ts. */
export interface Config extends ComputeConfig, DnsDriverConfig, SmsDriverConfig {
  port: number;
  host: string;
  /** The embedded DNS server's UDP and TCP port (0: a free one) and listening address. */
  dnsPort: number;
  dnsHost: string;
  /** Absolute path; holds the embedded database (pglite/) and the lock file. */
  dataDir: string;
  /** PostgreSQL connection string; when absent the embedded PGlite database in dataDir is used. */
  databaseUrl: string | undefined;
  logLevel: LogLevel;
  /** Absolute path of the built console (the output of `npm run build`). */
  staticDir: string;
  /** NODE_ENV=production: development conveniences (the mailbox page) are off. */
  production: boolean;
  /** Origin the console is reached at (links in e-mails, OAuth redirect); unset: each request's origin. */
  publicUrl: string | undefined;
  /** Origins allowed to open the WebSocket; unset: the origin whose host is the request's Host. */
  allowedOrigins: string[] | undefined;
  /** Take the client address from X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
  /** SMTP server for e-mail; unset: the embedded outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionIdleHours: number;
  sessionMaxDays: number;
  /** Per-client-address limits on asking for and trying one-time codes, per 15 minutes. */
  codeSendsPerIp: number;
  codeTriesPerIp: number;
  /** Per address: seconds between two codes, and codes per hour. */
  codeResendSeconds: number;
  codeSendsPerHour: number;
  github: GithubConfig | undefined;
  google: OpenIdProviderConfig | undefined;
  /** Absolute path where verification documents are stored; outside the web root. */
  uploadsDir: string;
  /** The token `npm run ops` presents; unset: one derived from the installation secret (see server/ops). */
  operatorToken: string | undefined;
  /** Where people write for help; shown by the console and named in e-mails. */
  supportEmail: string;
  /** BACKUP_RETENTION: how many backups each compute keeps. */
  backupRetention: number;
  /** NAMESERVERS, NAMESERVER_ADDRESSES, HOSTMASTER_EMAIL and the delegation checks (server/domains/config.ts). */
  domains: DomainsConfig;
  /** PAYMENT_PROVIDER and BILLING_GRACE_HOURS (server/billing/config.ts). */
  billing: BillingConfig;
}

export interface GithubConfig {
  clientId: string;
  clientSecret: string;
  /** Where authorize and access_token live: https://github.com or a GitHub Enterprise host. */
  baseUrl: string;
  apiUrl: string;
}

export interface OpenIdProviderConfig {
  clientId: string;
  clientSecret: string;
  /** Discovered through <issuer>/.well-known/openid-configuration. */
  issuer: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** Reads and checks the environment; throws a ConfigError listing every problem at once. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];
  // An empty value counts as unset, so `PORT= npm start` behaves like leaving it out.
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const path = (name: string, fallback: string) => {
    const value = read(name) ?? fallback;
    return isAbsolute(value) ? value : resolve(cwd, value);
  };

  const portText = read('PORT') ?? '3000';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${portText}").`);
  }
  const dnsPortText = read('DNS_PORT') ?? '5300';
  const dnsPort = Number(dnsPortText);
  if (!/^\d+$/.test(dnsPortText) || dnsPort > 65535) {
    problems.push(`DNS_PORT must be a whole number from 0 to 65535 (got "${dnsPortText}").`);
  }

  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined && !isPostgresUrl(databaseUrl)) {
    problems.push(
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/ikirere.',
    );
  }

  const logLevelText = (read('LOG_LEVEL') ?? 'info').toLowerCase();
  const logLevel = LOG_LEVELS.find((level) => level === logLevelText);
  if (logLevel === undefined) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevelText}").`);
  }

  const identity = readIdentityConfig(read, problems);
  const compute = readComputeConfig(read, problems);
  const domains = readDomainsConfig(read, problems);
  const dnsDriver = readDnsDriverConfig(read, problems);
  const smsDriver = readSmsDriverConfig(read, problems);
  const billing = readBillingConfig(read, problems);

  const dataDir = path('DATA_DIR', './.data');
  const operatorToken = read('OPERATOR_TOKEN');
  if (operatorToken !== undefined && !/^\S{32,}$/.test(operatorToken)) {
    problems.push(
      'OPERATOR_TOKEN must be at least 32 characters without spaces (try: openssl rand -hex 32).',
    );
  }
  const supportEmail = read('SUPPORT_EMAIL') ?? DEFAULT_SUPPORT_EMAIL;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(supportEmail)) {
    problems.push(`SUPPORT_EMAIL must be an e-mail address (got "${supportEmail}").`);
  }

  const retentionText = read('BACKUP_RETENTION') ?? String(DEFAULT_BACKUP_RETENTION);
  const backupRetention = Number(retentionText);
  if (!/^\d+$/.test(retentionText) || backupRetention < 1 || backupRetention > 100) {
    problems.push(`BACKUP_RETENTION must be a whole number from 1 to 100 (got "${retentionText}").`);
  }

  if (problems.length > 0 || logLevel === undefined) throw new ConfigError(problems);
  return {
    port,
    host: read('HOST') ?? '127.0.0.1',
    dnsPort,
    dnsHost: read('DNS_HOST') ?? '127.0.0.1',
    dataDir,
    databaseUrl,
    logLevel,
    staticDir: path('STATIC_DIR', './dist'),
    production: read('NODE_ENV') === 'production',
    ...identity,
    // Relative paths are relative to the working directory, like DATA_DIR; the default follows DATA_DIR.
    uploadsDir: read('UPLOADS_DIR') ? path('UPLOADS_DIR', '') : join(dataDir, 'uploads'),
    operatorToken,
    supportEmail,
    backupRetention,
    ...compute,
    domains,
    ...dnsDriver,
    ...smsDriver,
    billing,
  };
}

type IdentityConfigPart = Omit<
  Config,
  | 'port'
  | 'host'
  | 'dnsPort'
  | 'dnsHost'
  | 'dataDir'
  | 'databaseUrl'
  | 'logLevel'
  | 'staticDir'
  | 'production'
  | 'uploadsDir'
  | 'operatorToken'
  | 'supportEmail'
  | 'backupRetention'
  | 'domains'
  | 'billing'
  | keyof ComputeConfig
  | keyof DnsDriverConfig
  | keyof SmsDriverConfig
>;

function readIdentityConfig(
  read: (name: string) => string | undefined,
  problems: string[],
): IdentityConfigPart {
  const origin = (name: string, text: string | undefined): string | undefined => {
    if (text === undefined) return undefined;
    const url = parseHttpUrl(text);
    if (!url) problems.push(`${name} must be an http:// or https:// address (got "${text}").`);
    return url?.origin;
  };
  const httpUrl = (name: string, fallback: string): string => {
    const text = read(name) ?? fallback;
    const url = parseHttpUrl(text);
    if (!url) problems.push(`${name} must be an http:// or https:// address (got "${text}").`);
    // Kept without a trailing slash so paths can be appended as `${url}/user`.
    return text.replace(/\/+$/, '');
  };
  const wholeNumber = (name: string, fallback: string, min = 1): number => {
    const text = read(name) ?? fallback;
    const value = Number(text);
    if (!/^\d+$/.test(text) || value < min)
      problems.push(`${name} must be a whole number of at least ${min} (got "${text}").`);
    return value;
  };
  const pair = (idName: string, secretName: string): [string, string] | undefined => {
    const id = read(idName);
    const secret = read(secretName);
    if (id && secret) return [id, secret];
    if (id || secret) {
      problems.push(
        `${idName} and ${secretName} must be set together (only ${id ? idName : secretName} is).`,
      );
    }
    return undefined;
  };

  const publicUrl = origin('PUBLIC_URL', read('PUBLIC_URL'));
  const allowedOrigins = read('ALLOWED_ORIGINS')
    ?.split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => origin('ALLOWED_ORIGINS', item) ?? item);

  const smtpUrl = read('SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\/[^/]/.test(smtpUrl)) {
    problems.push('SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465.');
  }

  const githubBase = httpUrl('GITHUB_BASE_URL', 'https://github.com');
  // GitHub Enterprise serves its API under /api/v3 on the same host; github.com has a separate API host.
  const githubApiDefault = read('GITHUB_BASE_URL') ? `${githubBase}/api/v3` : 'https://api.github.com';
  const githubApi = httpUrl('GITHUB_API_URL', githubApiDefault);
  const github = pair('GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET');
  const googleIssuer = httpUrl('GOOGLE_ISSUER', 'https://accounts.google.com');
  const google = pair('GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET');

  return {
    publicUrl,
    allowedOrigins: allowedOrigins && allowedOrigins.length > 0 ? allowedOrigins : undefined,
    trustProxy: ['true', '1', 'yes'].includes(read('TRUST_PROXY')?.toLowerCase() ?? ''),
    smtpUrl,
    mailFrom: read('MAIL_FROM') ?? DEFAULT_MAIL_FROM,
    sessionIdleHours: wholeNumber('SESSION_IDLE_HOURS', '72'),
    sessionMaxDays: wholeNumber('SESSION_MAX_DAYS', '30'),
    codeSendsPerIp: wholeNumber('CODE_SENDS_PER_IP', '30'),
    codeTriesPerIp: wholeNumber('CODE_TRIES_PER_IP', '100'),
    codeResendSeconds: wholeNumber('CODE_RESEND_SECONDS', '60', 0),
    codeSendsPerHour: wholeNumber('CODE_SENDS_PER_HOUR', '5'),
    github: github && {
      clientId: github[0],
      clientSecret: github[1],
      baseUrl: githubBase,
      apiUrl: githubApi,
    },
    google: google && { clientId: google[0], clientSecret: google[1], issuer: googleIssuer },
  };
}

function parseHttpUrl(text: string): URL | undefined {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

function isPostgresUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'postgres:' || url.protocol === 'postgresql:';
  } catch {
    return false;
  }
}
