// The environment an operator sets: documented defaults are the real ones, and mistakes are named.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, configVariables, loadConfig } from '../../server/config';

const CATALOG = {
  locations: [{ id: 'kgl2', name: 'Kigali 2', city: 'Kigali', country: 'RW', available: true }],
  operatingSystems: [
    { id: 'debian-13', name: 'Debian', version: '13', family: 'debian', defaultUser: 'root' },
  ],
  instanceTypes: [
    {
      id: 'tiny',
      name: 'Tiny',
      vcpus: 1,
      memoryMb: 512,
      diskGb: 10,
      hourly: { RWF: 5, USD: 1 },
      monthly: { RWF: 3_000, USD: 250 },
    },
  ],
};
const directory = mkdtempSync(join(tmpdir(), 'ikirere-catalog-'));
const catalogFile = join(directory, 'catalog.json');
writeFileSync(catalogFile, JSON.stringify(CATALOG));

describe('loadConfig', () => {
  it('applies the documented defaults when nothing is set', () => {
    const config = loadConfig({}, '/srv/ikirere');
    const documented = Object.fromEntries(
      configVariables.map((variable) => [variable.name, variable.default]),
    );
    expect(documented).toEqual({
      PORT: '3000',
      HOST: '127.0.0.1',
      DNS_PORT: '5300',
      DNS_HOST: '127.0.0.1',
      POWERDNS_URL: undefined,
      POWERDNS_API_KEY: undefined,
      POWERDNS_SERVER_ID: 'localhost',
      DATA_DIR: './.data',
      UPLOADS_DIR: '<DATA_DIR>/uploads',
      DATABASE_URL: undefined,
      LOG_LEVEL: 'info',
      STATIC_DIR: './dist',
      NODE_ENV: undefined,
      PUBLIC_URL: undefined,
      ALLOWED_ORIGINS: undefined,
      TRUST_PROXY: undefined,
      SMTP_URL: undefined,
      MAIL_FROM: 'Ikirere <no-reply@ikirere.local>',
      SMS_DRIVER: 'outbox',
      SMS_SENDER: 'Ikirere',
      SMS_SEND_ATTEMPTS: '5',
      KANNEL_SENDSMS_URL: undefined,
      KANNEL_USERNAME: undefined,
      KANNEL_PASSWORD: undefined,
      KANNEL_SMSC: undefined,
      KANNEL_REPORT_URL: undefined,
      SUPPORT_EMAIL: 'support@ikirere.local',
      BACKUP_RETENTION: '7',
      OPERATOR_TOKEN: undefined,
      SESSION_IDLE_HOURS: '72',
      SESSION_MAX_DAYS: '30',
      CODE_RESEND_SECONDS: '60',
      CODE_SENDS_PER_HOUR: '5',
      CODE_SENDS_PER_IP: '30',
      CODE_TRIES_PER_IP: '100',
      GITHUB_CLIENT_ID: undefined,
      GITHUB_CLIENT_SECRET: undefined,
      GITHUB_BASE_URL: 'https://github.com',
      GITHUB_API_URL: 'https://api.github.com',
      GOOGLE_CLIENT_ID: undefined,
      GOOGLE_CLIENT_SECRET: undefined,
      GOOGLE_ISSUER: 'https://accounts.google.com',
      COMPUTE_DRIVER: 'simulator',
      LIBVIRT_HOSTS: undefined,
      LIBVIRT_BOOT_TIMEOUT: '300',
      LIBVIRT_SHUTDOWN_TIMEOUT: '60',
      LIBVIRT_SAMPLE_SECONDS: '60',
      CATALOG_FILE: undefined,
      SIMULATOR_SPEED: '1',
      SIMULATOR_TIMINGS: undefined,
      SIMULATOR_IPV4_POOL: '192.0.2.0/24',
      SIMULATOR_IPV6_POOL: '2001:db8::/64',
      NAMESERVERS: 'ns1.ikirere.test,ns2.ikirere.test',
      NAMESERVER_ADDRESSES: '192.0.2.53,198.51.100.53',
      HOSTMASTER_EMAIL: undefined,
      REVERSE_DNS_DNSSEC: 'off',
      DELEGATION_RESOLVER: undefined,
      DELEGATION_CHECK_INTERVAL_SECONDS: '3600',
      PAYMENT_PROVIDER: 'sandbox',
      BILLING_SWEEP_SECONDS: '60',
      BILLING_GRACE_HOURS: '24',
      METERING_COMPUTES_PER_SWEEP: '10000',
      TAX_RATE_PERCENT: '0',
      INVOICE_ISSUER_NAME: 'Ikirere',
      INVOICE_ISSUER_ADDRESS: undefined,
      INVOICE_ISSUER_TAX_ID: undefined,
    });
    expect(config).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dnsPort: 5300,
      dnsHost: '127.0.0.1',
      powerdns: undefined,
      reverseDnsDnssec: false,
      domains: {
        nameServers: ['ns1.ikirere.test', 'ns2.ikirere.test'],
        nameServerAddresses: ['192.0.2.53', '198.51.100.53'],
        hostmasterEmail: undefined,
        delegationResolvers: undefined,
        delegationCheckIntervalSeconds: 3600,
      },
      billing: {
        paymentProvider: 'sandbox',
        graceHours: 24,
        sweepIntervalSeconds: 60,
        taxRatePercent: '0',
        issuer: { name: 'Ikirere', addressLines: [], taxId: '' },
        meteringComputesPerSweep: 10_000,
      },
      dataDir: '/srv/ikirere/.data',
      databaseUrl: undefined,
      logLevel: 'info',
      staticDir: '/srv/ikirere/dist',
      production: false,
      publicUrl: undefined,
      allowedOrigins: undefined,
      trustProxy: false,
      smtpUrl: undefined,
      mailFrom: 'Ikirere <no-reply@ikirere.local>',
      smsDriver: 'outbox',
      kannel: undefined,
      smsSendAttempts: 5,
      sessionIdleHours: 72,
      sessionMaxDays: 30,
      codeSendsPerIp: 30,
      codeTriesPerIp: 100,
      codeResendSeconds: 60,
      codeSendsPerHour: 5,
      github: undefined,
      google: undefined,
      uploadsDir: '/srv/ikirere/.data/uploads',
      operatorToken: undefined,
      supportEmail: 'support@ikirere.local',
      backupRetention: 7,
      computeDriver: 'simulator',
      catalog: undefined,
      simulator: {
        speed: 1,
        timingsMs: {
          provision: 20_000,
          power_on: 8_000,
          shutdown: 10_000,
          power_off: 2_000,
          reboot: 12_000,
          rebuild: 20_000,
          resize: 6_000,
          rescue: 10_000,
          unrescue: 12_000,
          destroy: 5_000,
        },
        ipv4Pool: ['192.0.2.0/24'],
        ipv6Pool: '2001:db8::/64',
      },
    });
  });

  it('reads every documented variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '0.0.0.0',
        DNS_PORT: '53',
        DNS_HOST: '::',
        POWERDNS_URL: 'https://pdns.example.rw:8081/',
        POWERDNS_API_KEY: 'pdns-secret',
        POWERDNS_SERVER_ID: 'primary',
        REVERSE_DNS_DNSSEC: 'on',
        DATA_DIR: '/var/lib/ikirere',
        DATABASE_URL: 'postgresql://ikirere@db:5432/ikirere',
        LOG_LEVEL: 'DEBUG',
        STATIC_DIR: 'public-build',
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://console.example.rw/',
        ALLOWED_ORIGINS: 'https://console.example.rw, https://admin.example.rw',
        TRUST_PROXY: 'true',
        SMTP_URL: 'smtps://mailer:secret@smtp.example.rw:465',
        MAIL_FROM: 'Ikirere <hello@example.rw>',
        SMS_DRIVER: 'Kannel',
        SMS_SENDER: 'IkirereRW',
        SMS_SEND_ATTEMPTS: '3',
        KANNEL_SENDSMS_URL: 'http://10.0.0.7:13013/cgi-bin/sendsms',
        KANNEL_USERNAME: 'ikirere',
        KANNEL_PASSWORD: 'kannel-secret',
        KANNEL_SMSC: 'mtn-rw',
        KANNEL_REPORT_URL: 'http://10.0.0.5:3000/',
        SESSION_IDLE_HOURS: '12',
        SESSION_MAX_DAYS: '7',
        CODE_RESEND_SECONDS: '0',
        CODE_SENDS_PER_HOUR: '20',
        CODE_SENDS_PER_IP: '300',
        CODE_TRIES_PER_IP: '1000',
        GITHUB_CLIENT_ID: 'gh-id',
        GITHUB_CLIENT_SECRET: 'gh-secret',
        GITHUB_BASE_URL: 'https://github.example.rw/',
        GOOGLE_CLIENT_ID: 'google-id',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        GOOGLE_ISSUER: 'https://id.example.rw',
        UPLOADS_DIR: 'uploads',
        OPERATOR_TOKEN: 'an-operator-token-of-at-least-32-characters',
        SUPPORT_EMAIL: 'help@example.rw',
        BACKUP_RETENTION: '3',
        COMPUTE_DRIVER: 'Simulator',
        CATALOG_FILE: catalogFile,
        SIMULATOR_SPEED: '2.5',
        SIMULATOR_TIMINGS: 'provision=30000, power-on=4000',
        SIMULATOR_IPV4_POOL: '198.51.100.0/24, 203.0.113.0/25',
        SIMULATOR_IPV6_POOL: '2001:db8:1::/64',
        SIMULATOR_HOST_CAPACITY: 'vcpus=8, memoryMb=16384, diskGb=200',
        NAMESERVERS: 'NS1.Example.rw., ns2.example.rw',
        NAMESERVER_ADDRESSES: '203.0.113.53, 2001:db8::53',
        HOSTMASTER_EMAIL: 'DNS@Example.rw',
        DELEGATION_RESOLVER: '9.9.9.9, 127.0.0.1:5353',
        DELEGATION_CHECK_INTERVAL_SECONDS: '600',
        PAYMENT_PROVIDER: 'Sandbox',
        BILLING_GRACE_HOURS: '48',
        METERING_COMPUTES_PER_SWEEP: '500',
        TAX_RATE_PERCENT: '18.50',
        INVOICE_ISSUER_NAME: 'Ikirere Cloud Ltd',
        INVOICE_ISSUER_ADDRESS: 'KN 3 Rd 8 | Kigali | Rwanda',
        INVOICE_ISSUER_TAX_ID: '102345678',
      },
      '/srv/ikirere',
    );
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dnsPort: 53,
      dnsHost: '::',
      powerdns: { url: 'https://pdns.example.rw:8081', apiKey: 'pdns-secret', serverId: 'primary' },
      reverseDnsDnssec: true,
      domains: {
        nameServers: ['ns1.example.rw', 'ns2.example.rw'],
        nameServerAddresses: ['203.0.113.53', '2001:db8::53'],
        hostmasterEmail: 'dns@example.rw',
        delegationResolvers: ['9.9.9.9', '127.0.0.1:5353'],
        delegationCheckIntervalSeconds: 600,
      },
      billing: {
        paymentProvider: 'sandbox',
        graceHours: 48,
        sweepIntervalSeconds: 60,
        taxRatePercent: '18.5',
        issuer: {
          name: 'Ikirere Cloud Ltd',
          addressLines: ['KN 3 Rd 8', 'Kigali', 'Rwanda'],
          taxId: '102345678',
        },
        meteringComputesPerSweep: 500,
      },
      dataDir: '/var/lib/ikirere',
      databaseUrl: 'postgresql://ikirere@db:5432/ikirere',
      logLevel: 'debug',
      staticDir: '/srv/ikirere/public-build',
      production: true,
      publicUrl: 'https://console.example.rw',
      allowedOrigins: ['https://console.example.rw', 'https://admin.example.rw'],
      trustProxy: true,
      smtpUrl: 'smtps://mailer:secret@smtp.example.rw:465',
      mailFrom: 'Ikirere <hello@example.rw>',
      smsDriver: 'kannel',
      kannel: {
        sendsmsUrl: 'http://10.0.0.7:13013/cgi-bin/sendsms',
        username: 'ikirere',
        password: 'kannel-secret',
        sender: 'IkirereRW',
        smsc: 'mtn-rw',
        reportUrl: 'http://10.0.0.5:3000',
      },
      smsSendAttempts: 3,
      sessionIdleHours: 12,
      sessionMaxDays: 7,
      codeSendsPerIp: 300,
      codeTriesPerIp: 1000,
      codeResendSeconds: 0,
      codeSendsPerHour: 20,
      // GitHub Enterprise: the API lives under /api/v3 on the same host unless GITHUB_API_URL says otherwise.
      github: {
        clientId: 'gh-id',
        clientSecret: 'gh-secret',
        baseUrl: 'https://github.example.rw',
        apiUrl: 'https://github.example.rw/api/v3',
      },
      google: { clientId: 'google-id', clientSecret: 'google-secret', issuer: 'https://id.example.rw' },
      uploadsDir: '/srv/ikirere/uploads',
      operatorToken: 'an-operator-token-of-at-least-32-characters',
      supportEmail: 'help@example.rw',
      backupRetention: 3,
      computeDriver: 'simulator',
      catalog: CATALOG,
      simulator: {
        speed: 2.5,
        timingsMs: {
          provision: 30_000,
          power_on: 4_000,
          shutdown: 10_000,
          power_off: 2_000,
          reboot: 12_000,
          rebuild: 20_000,
          resize: 6_000,
          rescue: 10_000,
          unrescue: 12_000,
          destroy: 5_000,
        },
        ipv4Pool: ['198.51.100.0/24', '203.0.113.0/25'],
        ipv6Pool: '2001:db8:1::/64',
        hostCapacity: { vcpus: 8, memoryMb: 16_384, diskGb: 200 },
      },
    });
  });

  it('puts uploads under DATA_DIR unless UPLOADS_DIR says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/var/lib/ikirere' }).uploadsDir).toBe('/var/lib/ikirere/uploads');
    expect(loadConfig({ UPLOADS_DIR: '/mnt/documents' }).uploadsDir).toBe('/mnt/documents');
  });

  it('refuses an operator token that is easy to guess and a support address that is not one', () => {
    let error: unknown;
    try {
      loadConfig({ OPERATOR_TOKEN: 'secret', SUPPORT_EMAIL: 'support' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'OPERATOR_TOKEN must be at least 32 characters without spaces (try: openssl rand -hex 32).',
      'SUPPORT_EMAIL must be an e-mail address (got "support").',
    ]);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).port).toBe(3000);
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).databaseUrl).toBeUndefined();
  });

  it('names every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: '70000', DNS_PORT: 'dns', DATABASE_URL: 'sqlite:./db', LOG_LEVEL: 'chatty' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "70000").',
      'DNS_PORT must be a whole number from 0 to 65535 (got "dns").',
      'DATABASE_URL must be a PostgreSQL URL such as postgres://user:password@host:5432/ikirere.',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "chatty").',
    ]);
  });

  it('names identity settings that cannot work', () => {
    let error: unknown;
    try {
      loadConfig({
        PUBLIC_URL: 'console.example.rw',
        SMTP_URL: 'mail.example.rw',
        SESSION_IDLE_HOURS: '0',
        SESSION_MAX_DAYS: 'a month',
        GITHUB_CLIENT_ID: 'only-the-id',
        GOOGLE_ISSUER: 'ftp://id.example.rw',
      });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'PUBLIC_URL must be an http:// or https:// address (got "console.example.rw").',
      'SMTP_URL must look like smtp://user:password@host:587 or smtps://host:465.',
      'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET must be set together (only GITHUB_CLIENT_ID is).',
      'GOOGLE_ISSUER must be an http:// or https:// address (got "ftp://id.example.rw").',
      'SESSION_IDLE_HOURS must be a whole number of at least 1 (got "0").',
      'SESSION_MAX_DAYS must be a whole number of at least 1 (got "a month").',
    ]);
  });

  it('names what is wrong in a catalog file and in the simulator settings', () => {
    const broken = join(directory, 'broken.json');
    writeFileSync(
      broken,
      JSON.stringify({
        ...CATALOG,
        instanceTypes: [{ ...CATALOG.instanceTypes[0], vcpus: 0 }, CATALOG.instanceTypes[0]],
      }),
    );
    const notJson = join(directory, 'not.json');
    writeFileSync(notJson, '{ locations: ');
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ CATALOG_FILE: broken })).toEqual([
      `CATALOG_FILE ${broken}: instanceTypes.0.vcpus: Invalid value: Expected >=1 but received 0`,
      `CATALOG_FILE ${broken}: instanceTypes: Each instance type id only once.`,
    ]);
    expect(problems({ CATALOG_FILE: notJson })[0]).toMatch(/^CATALOG_FILE .* is not valid JSON/);
    expect(problems({ CATALOG_FILE: join(directory, 'missing.json') })).toEqual([
      `CATALOG_FILE ${join(directory, 'missing.json')} cannot be read (no such file).`,
    ]);
    expect(
      problems({
        COMPUTE_DRIVER: 'kvm',
        SIMULATOR_SPEED: 'fast',
        SIMULATOR_TIMINGS: 'boot=100',
        SIMULATOR_IPV4_POOL: '192.0.2.1/24',
        SIMULATOR_IPV6_POOL: '2001:db8::/32',
        SIMULATOR_HOST_CAPACITY: 'vcpus=8,memoryMb=16384',
      }),
    ).toEqual([
      'COMPUTE_DRIVER must be one of simulator, libvirt (got "kvm").',
      'SIMULATOR_SPEED must be a number above 0, up to 100000 (got "fast").',
      'SIMULATOR_TIMINGS takes transition=milliseconds pairs for provision, power_on, shutdown, power_off, reboot, rebuild, resize, rescue, unrescue, destroy (got "boot=100").',
      'SIMULATOR_IPV4_POOL takes IPv4 CIDR blocks such as 192.0.2.0/24 (got "192.0.2.1/24").',
      'SIMULATOR_IPV6_POOL takes one IPv6 prefix from /48 to /120 such as 2001:db8::/64 (got "2001:db8::/32").',
      'SIMULATOR_HOST_CAPACITY takes vcpus, memoryMb and diskGb as whole numbers above 0, like "vcpus=64,memoryMb=262144,diskGb=4000" (got "vcpus=8,memoryMb=16384").',
    ]);
  });

  it('turns PowerDNS on only with both its URL and its key, and names what is wrong', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(loadConfig({ POWERDNS_URL: 'http://127.0.0.1:8081', POWERDNS_API_KEY: 'k' }).powerdns).toEqual({
      url: 'http://127.0.0.1:8081',
      apiKey: 'k',
      serverId: 'localhost',
    });
    expect(problems({ POWERDNS_URL: 'http://127.0.0.1:8081' })).toEqual([
      'POWERDNS_URL and POWERDNS_API_KEY must be set together (only POWERDNS_URL is).',
    ]);
    expect(
      problems({ POWERDNS_URL: '127.0.0.1:8081', POWERDNS_API_KEY: 'k', POWERDNS_SERVER_ID: 'a/b' }),
    ).toEqual([
      'POWERDNS_URL must be the http:// or https:// address of PowerDNS\'s API (got "127.0.0.1:8081").',
      'POWERDNS_SERVER_ID must be a PowerDNS server id such as localhost (got "a/b").',
    ]);
    expect(loadConfig({ REVERSE_DNS_DNSSEC: 'ON' }).reverseDnsDnssec).toBe(true);
    expect(problems({ REVERSE_DNS_DNSSEC: 'yes' })).toEqual([
      'REVERSE_DNS_DNSSEC must be on or off (got "yes").',
    ]);
  });

  it('sends texts through Kannel only when told where and as whom, and names what is missing', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(
      loadConfig({ KANNEL_SENDSMS_URL: 'http://127.0.0.1:13013/cgi-bin/sendsms' }).kannel,
    ).toBeUndefined();
    expect(problems({ SMS_DRIVER: 'kannel' })).toEqual([
      "SMS_DRIVER=kannel needs KANNEL_SENDSMS_URL, the address of smsbox's sendsms (http://127.0.0.1:13013/cgi-bin/sendsms).",
      'SMS_DRIVER=kannel needs KANNEL_USERNAME and KANNEL_PASSWORD: a sendsms-user of kannel.conf.',
    ]);
    expect(
      problems({
        SMS_DRIVER: 'twilio',
        SMS_SENDER: 'Ikirere Cloud Rwanda',
        SMS_SEND_ATTEMPTS: '0',
      }),
    ).toEqual([
      'SMS_DRIVER must be one of outbox, kannel (got "twilio").',
      'SMS_SEND_ATTEMPTS must be a whole number from 1 to 20 (got "0").',
      'SMS_SENDER must be up to 11 letters and digits, or a phone number of up to 15 digits (got "Ikirere Cloud Rwanda").',
    ]);
    expect(
      problems({
        SMS_DRIVER: 'kannel',
        KANNEL_SENDSMS_URL: '127.0.0.1:13013',
        KANNEL_USERNAME: 'u',
        KANNEL_PASSWORD: 'p',
        KANNEL_REPORT_URL: 'ftp://x',
      }),
    ).toEqual([
      'KANNEL_SENDSMS_URL must be an http:// or https:// address (got "127.0.0.1:13013").',
      'KANNEL_REPORT_URL must be an http:// or https:// address (got "ftp://x").',
    ]);
  });

  it('names a payment provider that does not exist, a grace period that is not whole hours and a tax rate that is not a percentage', () => {
    let error: unknown;
    try {
      loadConfig({
        PAYMENT_PROVIDER: 'stripe',
        BILLING_GRACE_HOURS: '1.5',
        BILLING_SWEEP_SECONDS: '0',
        TAX_RATE_PERCENT: '18%',
        METERING_COMPUTES_PER_SWEEP: '0',
      });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'PAYMENT_PROVIDER must be one of sandbox (got "stripe").',
      'BILLING_GRACE_HOURS must be a whole number of hours from 0 to 8760 (got "1.5").',
      'BILLING_SWEEP_SECONDS must be a whole number of seconds from 1 to 3600 (got "0").',
      'TAX_RATE_PERCENT must be a percentage from 0 to 100 with at most two decimals (got "18%").',
      'METERING_COMPUTES_PER_SWEEP must be a whole number of computes from 1 to 9999999 (got "0").',
    ]);
    expect(loadConfig({ BILLING_GRACE_HOURS: '0' }).billing.graceHours).toBe(0);
    expect(loadConfig({ BILLING_SWEEP_SECONDS: '5' }).billing.sweepIntervalSeconds).toBe(5);
  });
});
