// The domains part of the server's environment: our name servers (what registrars must list, what every
// new zone's SOA and NS name), the addresses the sample records point at, the hostmaster address, and how
// delegation is checked. Checked at start with every problem named.
import { isIP } from 'node:net';

export interface DomainsConfig {
  /** NAMESERVERS: fully qualified, lowercase, no trailing dot; the first is the SOA's primary (mname). */
  nameServers: string[];
  /** NAMESERVER_ADDRESSES: where the sample `www` records of a new zone point (A for IPv4, AAAA for IPv6). */
  nameServerAddresses: string[];
  /** HOSTMASTER_EMAIL; undefined: hostmaster@<zone>, per zone. */
  hostmasterEmail: string | undefined;
  /** DELEGATION_RESOLVER: `host[:port]` resolvers; undefined: the system's resolvers. */
  delegationResolvers: string[] | undefined;
  /** DELEGATION_CHECK_INTERVAL_SECONDS; 0 switches the background check off. */
  delegationCheckIntervalSeconds: number;
}

export const DEFAULT_NAMESERVERS = ['ns1.ikirere.test', 'ns2.ikirere.test'];
/** Documentation addresses (RFC 5737): the sample records resolve, to nothing real. */
export const DEFAULT_NAMESERVER_ADDRESSES = ['192.0.2.53', '198.51.100.53'];
export const DEFAULT_DELEGATION_CHECK_INTERVAL_SECONDS = 3600;

export const DEFAULT_DOMAINS_CONFIG: DomainsConfig = {
  nameServers: DEFAULT_NAMESERVERS,
  nameServerAddresses: DEFAULT_NAMESERVER_ADDRESSES,
  hostmasterEmail: undefined,
  delegationResolvers: undefined,
  // The app alone (tests, embedding) never starts timers; the server passes what the environment says.
  delegationCheckIntervalSeconds: 0,
};

const HOST_NAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

function list(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** `192.0.2.1`, `192.0.2.1:5353`, `2001:db8::1` or `[2001:db8::1]:5353`: what node:dns setServers takes. */
export function isResolverAddress(text: string): boolean {
  if (isIP(text) !== 0) return true;
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(text);
  if (bracketed) return isIP(bracketed[1]!) === 6 && Number(bracketed[2]) <= 65535;
  const withPort = /^([^:]+):(\d{1,5})$/.exec(text);
  return withPort !== null && isIP(withPort[1]!) === 4 && Number(withPort[2]) <= 65535;
}

export function readDomainsConfig(
  read: (name: string) => string | undefined,
  problems: string[],
): DomainsConfig {
  const nameServers = list(read('NAMESERVERS') ?? DEFAULT_NAMESERVERS.join(',')).map((name) =>
    name.toLowerCase().replace(/\.$/, ''),
  );
  for (const name of nameServers) {
    if (!HOST_NAME.test(name)) {
      problems.push(`NAMESERVERS takes fully qualified host names such as ns1.example.rw (got "${name}").`);
    }
  }
  if (nameServers.length === 0) problems.push('NAMESERVERS must name at least one name server.');
  if (new Set(nameServers).size !== nameServers.length) problems.push('NAMESERVERS lists a name twice.');

  const nameServerAddresses = list(read('NAMESERVER_ADDRESSES') ?? DEFAULT_NAMESERVER_ADDRESSES.join(','));
  for (const address of nameServerAddresses) {
    if (isIP(address) === 0) {
      problems.push(`NAMESERVER_ADDRESSES takes IPv4 or IPv6 addresses (got "${address}").`);
    }
  }

  const hostmasterEmail = read('HOSTMASTER_EMAIL')?.toLowerCase();
  if (hostmasterEmail !== undefined) {
    const [local, domain] = hostmasterEmail.split('@');
    // The SOA writes the address as a name (hostmaster.example.rw): a dot before the @ would need an
    // escape that some tools drop, so such addresses are refused rather than written wrong.
    if (!local || !domain || !/^[a-z0-9_+-]+$/.test(local) || !HOST_NAME.test(domain)) {
      problems.push(
        `HOSTMASTER_EMAIL must be an address like hostmaster@example.rw, without dots before the @ (got "${hostmasterEmail}").`,
      );
    }
  }

  const resolverText = read('DELEGATION_RESOLVER');
  const delegationResolvers = resolverText === undefined ? undefined : list(resolverText);
  for (const resolver of delegationResolvers ?? []) {
    if (!isResolverAddress(resolver)) {
      problems.push(
        `DELEGATION_RESOLVER takes resolver addresses such as 9.9.9.9, 127.0.0.1:5353 or [2001:db8::53]:53 (got "${resolver}").`,
      );
    }
  }

  const intervalText =
    read('DELEGATION_CHECK_INTERVAL_SECONDS') ?? String(DEFAULT_DELEGATION_CHECK_INTERVAL_SECONDS);
  const delegationCheckIntervalSeconds = Number(intervalText);
  if (
    !/^\d+$/.test(intervalText) ||
    (delegationCheckIntervalSeconds > 0 && delegationCheckIntervalSeconds < 60)
  ) {
    problems.push(
      `DELEGATION_CHECK_INTERVAL_SECONDS must be 0 (off) or a whole number of seconds of at least 60 (got "${intervalText}").`,
    );
  }

  return {
    nameServers,
    nameServerAddresses,
    hostmasterEmail,
    delegationResolvers:
      delegationResolvers && delegationResolvers.length > 0 ? delegationResolvers : undefined,
    delegationCheckIntervalSeconds,
  };
}
