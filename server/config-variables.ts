// Every environment variable the server reads, with its default and meaning; the README's table is
// checked against this list, so documentation and behaviour cannot drift apart.

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const DEFAULT_MAIL_FROM = 'Ikirere <no-reply@ikirere.local>';
export const DEFAULT_SUPPORT_EMAIL = 'support@ikirere.local';

export interface ConfigVariable {
  name: string;
  /** What applies when the variable is unset or empty; undefined when unset means "off". */
  default: string | undefined;
  description: string;
}

export const configVariables: readonly ConfigVariable[] = [
  {
    name: 'PORT',
    default: '3000',
    description: 'TCP port serving the console, the API and the WebSocket (0 picks a free port).',
  },
  {
    name: 'HOST',
    default: '127.0.0.1',
    description: 'Address to listen on; use 0.0.0.0 to accept connections from other machines.',
  },
  {
    name: 'DNS_PORT',
    default: '5300',
    description:
      'UDP and TCP port of the embedded authoritative DNS server (0 picks a free port). Public name servers answer on 53: forward it, or give the process the right to bind it.',
  },
  {
    name: 'DNS_HOST',
    default: '127.0.0.1',
    description: 'Address the embedded DNS server listens on; use 0.0.0.0 (or ::) to answer other machines.',
  },
  {
    name: 'DNS_SECONDARIES',
    default: undefined,
    description:
      'Comma-separated secondary name servers of the embedded DNS server (192.0.2.7, 192.0.2.7:5353, [2001:db8::7]:53; port 53 by default): only they may transfer zones (AXFR, IXFR), signed with DNS_TSIG_KEY, and they are sent NOTIFY on every change.',
  },
  {
    name: 'DNS_TSIG_KEY',
    default: undefined,
    description:
      'The TSIG key the secondaries share with us, as hmac-sha256:<name>:<base64 secret> (or hmac-sha512); required with DNS_SECONDARIES.',
  },
  {
    name: 'POWERDNS_URL',
    default: undefined,
    description:
      'PowerDNS Authoritative Server HTTP API (http://127.0.0.1:8081); with POWERDNS_API_KEY, zones are written there instead of being served by the embedded DNS server.',
  },
  {
    name: 'POWERDNS_API_KEY',
    default: undefined,
    description: 'The api-key PowerDNS is configured with, sent as X-API-Key.',
  },
  {
    name: 'POWERDNS_SERVER_ID',
    default: 'localhost',
    description: 'PowerDNS server id in /api/v1/servers/<id>.',
  },
  {
    name: 'DATA_DIR',
    default: './.data',
    description: 'Directory for the embedded database and the lock that keeps a second server out.',
  },
  {
    name: 'UPLOADS_DIR',
    default: '<DATA_DIR>/uploads',
    description:
      'Directory for uploaded verification documents: outside the web root, random file names, owner-only permissions. Servers sharing one PostgreSQL must share it too.',
  },
  {
    name: 'DATABASE_URL',
    default: undefined,
    description:
      'PostgreSQL connection string (postgres://…); when unset, the embedded PGlite in DATA_DIR is used.',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    description: `Log verbosity: ${LOG_LEVELS.join(', ')}. Logs are JSON lines on stdout.`,
  },
  {
    name: 'STATIC_DIR',
    default: './dist',
    description: 'Directory of the built console that the server serves (`npm run build` writes it).',
  },
  {
    name: 'NODE_ENV',
    default: undefined,
    description:
      'Set to production to switch off development conveniences (the mailbox page at /dev/mailbox).',
  },
  {
    name: 'PUBLIC_URL',
    default: undefined,
    description:
      'Origin people reach the console at (https://console.example.rw): links in e-mails, the OAuth redirect URI (<PUBLIC_URL>/auth/callback) and the passkeys’ relying party (its host name). Unset: the origin each request came to.',
  },
  {
    name: 'ALLOWED_ORIGINS',
    default: undefined,
    description:
      'Comma-separated origins allowed to open the WebSocket. Unset: only pages whose origin host is the Host the socket was requested on.',
  },
  {
    name: 'TRUST_PROXY',
    default: undefined,
    description:
      'Set to true behind a reverse proxy: client addresses (rate limits, the sessions list) are then read from X-Forwarded-For.',
  },
  {
    name: 'SMTP_URL',
    default: undefined,
    description:
      'SMTP server for e-mail (smtp://user:password@host:587, smtps://host:465). Unset: the embedded outbox, logged and shown at /dev/mailbox.',
  },
  {
    name: 'MAIL_FROM',
    default: DEFAULT_MAIL_FROM,
    description: 'Sender of the e-mails the server sends.',
  },
  {
    name: 'SMS_DRIVER',
    default: 'outbox',
    description:
      "Where text messages go: outbox (kept, logged and shown at /dev/mailbox; never reaches a phone) or kannel (sent through Kannel's sendsms to an SMS centre over SMPP, with delivery reports).",
  },
  {
    name: 'SMS_SENDER',
    default: 'Ikirere',
    description: 'The sender id of text messages: up to 11 letters and digits, or a number.',
  },
  {
    name: 'SMS_SEND_ATTEMPTS',
    default: '5',
    description:
      'Attempts to hand one text to the gateway (waiting 5, 15, 30, then 60 s between them) before it is shown as not delivered.',
  },
  {
    name: 'KANNEL_SENDSMS_URL',
    default: undefined,
    description:
      "smsbox's sendsms address (http://127.0.0.1:13013/cgi-bin/sendsms); required with SMS_DRIVER=kannel.",
  },
  {
    name: 'KANNEL_USERNAME',
    default: undefined,
    description: 'The sendsms-user of kannel.conf the server sends as; required with SMS_DRIVER=kannel.',
  },
  {
    name: 'KANNEL_PASSWORD',
    default: undefined,
    description: "That sendsms-user's password.",
  },
  {
    name: 'KANNEL_SMSC',
    default: undefined,
    description: "An smsc-id of kannel.conf to send every text through. Unset: Kannel's own routing.",
  },
  {
    name: 'KANNEL_REPORT_URL',
    default: undefined,
    description:
      'This server as Kannel reaches it, for delivery reports (http://10.0.0.5:3000). Unset: PUBLIC_URL, else the address the server listens on.',
  },
  {
    name: 'SUPPORT_EMAIL',
    default: DEFAULT_SUPPORT_EMAIL,
    description:
      'Address people write to for help: the console\'s "contact support" links and the e-mails name it.',
  },
  {
    name: 'BACKUP_RETENTION',
    default: '7',
    description:
      'How many backups each compute with backups on keeps (1 to 100): once a new one is made, older ones are deleted with their files.',
  },
  {
    name: 'OPERATOR_TOKEN',
    default: undefined,
    description:
      'Secret (32+ characters) that `npm run ops` presents to the operator endpoints /ops/api/v1. Unset: the server derives one from the installation secret and writes it to <DATA_DIR>/operator-token at start.',
  },
  {
    name: 'SESSION_IDLE_HOURS',
    default: '72',
    description: 'A session unused for this many hours ends.',
  },
  {
    name: 'SESSION_MAX_DAYS',
    default: '30',
    description: 'A session ends this many days after sign-in, however active.',
  },
  {
    name: 'CODE_RESEND_SECONDS',
    default: '60',
    description: 'Seconds an e-mail address or phone number waits between two one-time codes.',
  },
  {
    name: 'CODE_SENDS_PER_HOUR',
    default: '5',
    description: 'One-time codes one e-mail address or phone number may be sent per hour.',
  },
  {
    name: 'CODE_SENDS_PER_IP',
    default: '30',
    description:
      'One-time codes one client address may ask for per 15 minutes, across all e-mail addresses and numbers.',
  },
  {
    name: 'CODE_TRIES_PER_IP',
    default: '100',
    description: 'One-time codes one client address may try per 15 minutes, across all challenges.',
  },
  {
    name: 'GITHUB_CLIENT_ID',
    default: undefined,
    description: 'OAuth app client id; with GITHUB_CLIENT_SECRET it turns on "Sign in with GitHub".',
  },
  {
    name: 'GITHUB_CLIENT_SECRET',
    default: undefined,
    description: 'OAuth app client secret for GitHub.',
  },
  {
    name: 'GITHUB_BASE_URL',
    default: 'https://github.com',
    description: 'Where GitHub sign-in pages live; set it to a GitHub Enterprise host.',
  },
  {
    name: 'GITHUB_API_URL',
    default: 'https://api.github.com',
    description: 'GitHub REST API; when GITHUB_BASE_URL is set the default becomes <GITHUB_BASE_URL>/api/v3.',
  },
  {
    name: 'GOOGLE_CLIENT_ID',
    default: undefined,
    description: 'OAuth client id; with GOOGLE_CLIENT_SECRET it turns on "Sign in with Google".',
  },
  {
    name: 'GOOGLE_CLIENT_SECRET',
    default: undefined,
    description: 'OAuth client secret for Google.',
  },
  {
    name: 'GOOGLE_ISSUER',
    default: 'https://accounts.google.com',
    description:
      'OpenID issuer behind the Google button (discovered at <issuer>/.well-known/openid-configuration).',
  },
  {
    name: 'COMPUTE_DRIVER',
    default: 'simulator',
    description:
      'What runs computes: `simulator`, the embedded hypervisor simulator (labelled as such in the console), or `libvirt`, real virtual machines on the LIBVIRT_HOSTS.',
  },
  {
    name: 'LIBVIRT_HOSTS',
    default: undefined,
    description:
      'With COMPUTE_DRIVER=libvirt: the hypervisor hosts as a JSON list (or the path of a JSON file): name, libvirt URI, location, capacity, storage pool, base images and network.',
  },
  {
    name: 'LIBVIRT_BOOT_TIMEOUT',
    default: '300',
    description:
      'Seconds a guest has to show a login prompt or answer on SSH after it starts; past that it is reported running anyway.',
  },
  {
    name: 'LIBVIRT_SHUTDOWN_TIMEOUT',
    default: '60',
    description:
      'Seconds a guest has to stop after an ACPI shutdown (or to restart after an ACPI reboot) before the action fails.',
  },
  {
    name: 'LIBVIRT_SAMPLE_SECONDS',
    default: '60',
    description: 'Seconds between two readings of the running guests’ statistics for the monitoring charts.',
  },
  {
    name: 'CATALOG_FILE',
    default: undefined,
    description:
      'JSON file with the locations, operating systems and instance types (plans) to offer, replacing the built-in catalog; checked at start.',
  },
  {
    name: 'SIMULATOR_SPEED',
    default: '1',
    description:
      'Divides every simulated transition time (50 makes a 20 s provisioning take 0.4 s); tests and end-to-end runs speed it up.',
  },
  {
    name: 'SIMULATOR_TIMINGS',
    default: undefined,
    description:
      'Base transition times in ms, overriding some of provision=20000, power_on=8000, shutdown=10000, power_off=2000, reboot=12000, destroy=5000 (comma-separated pairs).',
  },
  {
    name: 'SIMULATOR_IPV4_POOL',
    default: '192.0.2.0/24',
    description:
      'Comma-separated IPv4 CIDR blocks the simulator assigns public addresses from (network, broadcast and gateway excluded).',
  },
  {
    name: 'SIMULATOR_IPV6_POOL',
    default: '2001:db8::/64',
    description: 'IPv6 prefix (/48 to /120) the simulator assigns public IPv6 addresses from.',
  },
  {
    name: 'NAMESERVERS',
    default: 'ns1.ikirere.test,ns2.ikirere.test',
    description:
      'Comma-separated host names of our name servers: what registrars must list, the NS records of every new zone, and (the first) the SOA primary. Their own zones cannot be added as domains.',
  },
  {
    name: 'NAMESERVER_ADDRESSES',
    default: '192.0.2.53,198.51.100.53',
    description:
      'Addresses of the name servers; each new zone gets a sample www record pointing at each (A for IPv4, AAAA for IPv6, ttl 1800).',
  },
  {
    name: 'HOSTMASTER_EMAIL',
    default: undefined,
    description:
      'Address written in every SOA as the zone’s contact (hostmaster@example.rw becomes hostmaster.example.rw; no dots before the @). Unset: hostmaster@<zone>.',
  },
  {
    name: 'REVERSE_DNS_DNSSEC',
    default: 'off',
    description:
      'on: the reverse zones (in-addr.arpa, ip6.arpa) of the compute address blocks are signed (DNSSEC), each with a key derived from the installation secret; give the DS the server logs at start to whoever delegates the block.',
  },
  {
    name: 'DELEGATION_RESOLVER',
    default: undefined,
    description:
      'Comma-separated resolvers (IP[:port], [IPv6]:port) asked for each zone’s NS records to tell whether delegation is in place, and whether a reverse name a person sets resolves to the compute’s address. Unset: the system’s resolvers.',
  },
  {
    name: 'DELEGATION_CHECK_INTERVAL_SECONDS',
    default: '3600',
    description:
      'Seconds between background delegation checks of every zone (at least 60; 0 switches them off). Zones are also checked when added and on request.',
  },
  {
    name: 'PAYMENT_PROVIDER',
    default: 'sandbox',
    description:
      'Who takes top-ups. Only `sandbox` exists: the embedded sandbox provider, whose checkout page this server serves and which moves no real money; the console says so.',
  },
  {
    name: 'BILLING_SWEEP_SECONDS',
    default: '60',
    description:
      'How often the background sweeps run (charging started compute-hours, invoices, balance alerts, powering off), on the one server that leads when several share a database.',
  },
  {
    name: 'METERING_COMPUTES_PER_SWEEP',
    default: '10000',
    description:
      'Computes whose started hours one billing sweep accrues at most; the rest wait for the next sweep, so a catch-up after downtime is spread out. Each compute needs one a hour.',
  },
  {
    name: 'BILLING_GRACE_HOURS',
    default: '24',
    description:
      'Hours between a team’s balance running out and its running computes being powered off (never destroyed); 0 powers them off at the next sweep, within a minute.',
  },
  {
    name: 'TAX_RATE_PERCENT',
    default: '0',
    description:
      'Tax added to each monthly invoice, in percent of its subtotal with up to two decimals (e.g. `18`); rounded half up to a whole minor unit. Changing it affects invoices issued afterwards only.',
  },
  {
    name: 'INVOICE_ISSUER_NAME',
    default: 'Ikirere',
    description: 'Who issues the invoices: the name printed at the top of every invoice PDF.',
  },
  {
    name: 'INVOICE_ISSUER_ADDRESS',
    default: undefined,
    description:
      'The issuer’s address under its name on the PDF, up to 5 lines separated by a vertical bar (|).',
  },
  {
    name: 'INVOICE_ISSUER_TAX_ID',
    default: undefined,
    description: 'The issuer’s tax number (e.g. a TIN), printed as "Tax ID: …" under its address.',
  },
];
