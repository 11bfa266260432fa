// The domains settings read from the environment, and the SOA serial scheme.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { readDomainsConfig } from '../../../server/domains/config';
import { firstSerialOf, nextSerial } from '../../../server/domains/serial';

function read(env: Record<string, string>) {
  const problems: string[] = [];
  const config = readDomainsConfig((name) => env[name], problems);
  return { config, problems };
}

describe('the domains settings', () => {
  it('default to the documented name servers, sample addresses and an hourly check', () => {
    expect(loadConfig({}).domains).toEqual({
      nameServers: ['ns1.ikirere.test', 'ns2.ikirere.test'],
      nameServerAddresses: ['192.0.2.53', '198.51.100.53'],
      hostmasterEmail: undefined,
      delegationResolvers: undefined,
      delegationCheckIntervalSeconds: 3600,
    });
  });

  it('read every variable, tidying names the way DNS writes them', () => {
    const { config, problems } = read({
      NAMESERVERS: 'NS1.Example.rw., ns2.example.rw',
      NAMESERVER_ADDRESSES: '203.0.113.5, 2001:db8::53',
      HOSTMASTER_EMAIL: 'DNS-Admin@Example.rw',
      DELEGATION_RESOLVER: '9.9.9.9, 127.0.0.1:5353, [2001:db8::53]:53',
      DELEGATION_CHECK_INTERVAL_SECONDS: '0',
    });
    expect(problems).toEqual([]);
    expect(config).toEqual({
      nameServers: ['ns1.example.rw', 'ns2.example.rw'],
      nameServerAddresses: ['203.0.113.5', '2001:db8::53'],
      hostmasterEmail: 'dns-admin@example.rw',
      delegationResolvers: ['9.9.9.9', '127.0.0.1:5353', '[2001:db8::53]:53'],
      delegationCheckIntervalSeconds: 0,
    });
  });

  it('name every mistake at once', () => {
    const { problems } = read({
      NAMESERVERS: 'localhost,ns1.example.rw,ns1.example.rw',
      NAMESERVER_ADDRESSES: 'ns1.example.rw',
      HOSTMASTER_EMAIL: 'first.last@example.rw',
      DELEGATION_RESOLVER: 'resolver.example.rw:53',
      DELEGATION_CHECK_INTERVAL_SECONDS: '30',
    });
    expect(problems).toEqual([
      'NAMESERVERS takes fully qualified host names such as ns1.example.rw (got "localhost").',
      'NAMESERVERS lists a name twice.',
      'NAMESERVER_ADDRESSES takes IPv4 or IPv6 addresses (got "ns1.example.rw").',
      'HOSTMASTER_EMAIL must be an address like hostmaster@example.rw, without dots before the @ (got "first.last@example.rw").',
      'DELEGATION_RESOLVER takes resolver addresses such as 9.9.9.9, 127.0.0.1:5353 or [2001:db8::53]:53 (got "resolver.example.rw:53").',
      'DELEGATION_CHECK_INTERVAL_SECONDS must be 0 (off) or a whole number of seconds of at least 60 (got "30").',
    ]);
  });
});

describe('the SOA serial', () => {
  const day = new Date('2026-11-22T15:00:00Z');

  it('is the date and a two-digit count of the day’s changes', () => {
    expect(firstSerialOf(day)).toBe(2026112200);
    expect(nextSerial(2025010507, day)).toBe(2026112200);
    expect(nextSerial(2026112200, day)).toBe(2026112201);
  });

  it('still increases past the 99th change of a day, and when the clock goes back', () => {
    expect(nextSerial(2026112299, day)).toBe(2026112300);
    expect(nextSerial(2026112300, day)).toBe(2026112301);
    expect(nextSerial(2026112301, new Date('2026-11-01T00:00:00Z'))).toBe(2026112302);
  });
});
