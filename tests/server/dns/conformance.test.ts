// The same zone published to both DNS drivers, the embedded authoritative server and PowerDNS, must give
// the same answers: whichever an operator runs, resolvers see one behaviour.
import type dnsPacket from 'dns-packet';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DnsMessage, queryDns } from '../../../server/dns/client';
import type { PublishedRecord, PublishedZone } from '../../../server/drivers/dns/dns-driver';
import { createEmbeddedDnsDriver, type EmbeddedDnsDriver } from '../../../server/drivers/dns/embedded';
import { createPowerDnsDriver } from '../../../server/drivers/dns/powerdns';
import { createLogger } from '../../../server/logger';
import { presentRecord } from '../../support/dns-answers';
import { type PowerDns, startPowerDns } from '../../support/powerdns';

const logger = createLogger('silent');
const ZONE = 'conformance.test';

function record(
  name: string,
  type: PublishedRecord['type'],
  value: string,
  extra: Partial<PublishedRecord> = {},
): PublishedRecord {
  return { name, type, value, ttl: 3600, priority: null, weight: null, port: null, ...extra };
}

const LONG_TXT = `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'.repeat(9)}; note="quoted \\ text"`;

const ZONE_DATA: PublishedZone = {
  name: ZONE,
  serial: 2024070101,
  records: [
    record('@', 'SOA', `ns1.${ZONE} hostmaster.${ZONE} 1 7200 900 1209600 300`, { ttl: 1800 }),
    record('@', 'NS', `ns1.${ZONE}`),
    record('@', 'NS', 'ns2.example.net'),
    record('ns1', 'A', '127.0.0.53'),
    record('@', 'A', '192.0.2.1'),
    record('@', 'AAAA', '2001:db8::1'),
    record('www', 'A', '192.0.2.10', { ttl: 600 }),
    record('www', 'A', '192.0.2.11', { ttl: 600 }),
    record('www', 'AAAA', '2001:db8::10', { ttl: 600 }),
    record('alias', 'CNAME', `www.${ZONE}`),
    record('chain', 'CNAME', `alias.${ZONE}`),
    record('elsewhere', 'CNAME', 'www.example.org'),
    record('@', 'MX', `mail.${ZONE}`, { priority: 10 }),
    record('@', 'MX', 'mx.example.net', { priority: 20 }),
    record('mail', 'A', '192.0.2.25'),
    record('@', 'TXT', 'v=spf1 mx -all'),
    record('selector._domainkey', 'TXT', LONG_TXT),
    record('_dmarc', 'TXT', 'v=DMARC1; p=reject'),
    record('_sip._tcp', 'SRV', `sip.${ZONE}`, { priority: 10, weight: 5, port: 5060 }),
    record('_sip._tcp', 'SRV', `sip2.${ZONE}`, { priority: 20, weight: 0, port: 5061 }),
    record('sip', 'A', '192.0.2.60'),
    record('@', 'CAA', '0 issue "letsencrypt.org"'),
    record('@', 'CAA', '0 iodef "mailto:security@example.com"'),
    record('*.apps', 'A', '192.0.2.100', { ttl: 300 }),
    record('*.apps', 'TXT', 'wildcard'),
    record('exists.apps', 'AAAA', '2001:db8::70'),
    record('a.b.ent', 'A', '192.0.2.90'),
    record('sub', 'NS', `ns.sub.${ZONE}`),
    record('ns.sub', 'A', '192.0.2.80'),
  ],
};

let pdns: PowerDns;
let embedded: EmbeddedDnsDriver;

let notStarted: unknown;

beforeAll(async () => {
  try {
    pdns = await startPowerDns();
  } catch (error) {
    notStarted = error;
    return;
  }
  const powerdns = createPowerDnsDriver({ url: pdns.url, apiKey: pdns.apiKey, logger });
  await powerdns.publish(ZONE_DATA);
  await powerdns.close();
  embedded = await createEmbeddedDnsDriver({ host: '127.0.0.1', port: 0, logger });
  await embedded.publish(ZONE_DATA);
});

// Without PowerDNS each test fails with the command that installs it, where a failing beforeAll would
// only mark them skipped.
beforeEach(() => {
  if (notStarted) throw notStarted;
});

afterAll(async () => {
  await embedded?.close();
  await pdns?.stop();
});

/**
 * What both servers must agree on, as comparable text:
 * - the rcode, the AA flag and the question echoed exactly as asked (case included: resolvers using
 *   0x20 randomisation check it);
 * - the answer section as a set of RRsets (order within and between RRsets carries no meaning), owner
 *   names compared without case: whether a wildcard-synthesized owner copies the question's case is a
 *   free choice;
 * - the authority section of negative answers (the SOA, with its negative ttl) and of referrals (the NS
 *   RRset of the delegation).
 * Left out: the authority section of positive answers and the whole additional section. Both are
 * optional extras (RFC 2181 §9, RFC 1034 §4.3.2 step 3): PowerDNS adds glue and target addresses by its
 * own rules, the embedded server by its own, and neither changes what a resolver will conclude; the
 * referral's required glue is checked on its own below.
 */
function comparable(message: DnsMessage) {
  const negative = message.rcode === 'NXDOMAIN' || (message.answers ?? []).length === 0;
  return {
    rcode: message.rcode,
    authoritative: message.flag_aa,
    truncated: message.flag_tc,
    question: message.questions,
    answer: (message.answers ?? []).map(presentRecord).sort(),
    authority: negative ? (message.authorities ?? []).map(presentRecord).sort() : 'not compared',
  };
}

type Query = [label: string, name: string, type: dnsPacket.RecordType];

const QUERIES: Query[] = [
  ['apex SOA', ZONE, 'SOA'],
  ['apex NS', ZONE, 'NS'],
  ['apex A', ZONE, 'A'],
  ['apex AAAA', ZONE, 'AAAA'],
  ['A with two records', `www.${ZONE}`, 'A'],
  ['AAAA', `www.${ZONE}`, 'AAAA'],
  ['CNAME asked for itself', `alias.${ZONE}`, 'CNAME'],
  ['A through a CNAME', `alias.${ZONE}`, 'A'],
  ['A through a chain of two CNAMEs', `chain.${ZONE}`, 'AAAA'],
  ['A through a CNAME out of the zone', `elsewhere.${ZONE}`, 'A'],
  ['MX', ZONE, 'MX'],
  ['TXT', ZONE, 'TXT'],
  ['TXT over 255 octets', `selector._domainkey.${ZONE}`, 'TXT'],
  ['TXT at an underscore name', `_dmarc.${ZONE}`, 'TXT'],
  ['SRV', `_sip._tcp.${ZONE}`, 'SRV'],
  ['CAA', ZONE, 'CAA'],
  ['wildcard match', `anything.apps.${ZONE}`, 'A'],
  ['wildcard match, other type', `anything.apps.${ZONE}`, 'TXT'],
  ['wildcard match, type it lacks (NODATA)', `anything.apps.${ZONE}`, 'MX'],
  ['name several labels under a wildcard', `deep.er.apps.${ZONE}`, 'A'],
  ['existing name beside a wildcard is not covered by it', `exists.apps.${ZONE}`, 'A'],
  ['the wildcard parent, an empty non-terminal (NODATA)', `apps.${ZONE}`, 'A'],
  ['empty non-terminal (NODATA)', `b.ent.${ZONE}`, 'A'],
  ['empty non-terminal of an underscore name (NODATA)', `_tcp.${ZONE}`, 'SRV'],
  ['existing name, type it lacks (NODATA)', `www.${ZONE}`, 'MX'],
  ['NXDOMAIN', `missing.${ZONE}`, 'A'],
  ['NXDOMAIN below an existing name', `no.www.${ZONE}`, 'A'],
  ['case variation', `WwW.CoNfOrMaNcE.TeSt`, 'A'],
  ['case variation through a wildcard', `AnyThing.APPS.${ZONE.toUpperCase()}`, 'A'],
  ['case variation of a missing name', `MISSING.${ZONE.toUpperCase()}`, 'TXT'],
];

function askBoth(name: string, type: dnsPacket.RecordType, transport: 'udp' | 'tcp') {
  const question = { name, type, transport, edns: 1232 } as const;
  return Promise.all([
    queryDns({
      ...question,
      host: '127.0.0.1',
      port: transport === 'udp' ? embedded.address.udp : embedded.address.tcp,
    }),
    queryDns({ ...question, host: pdns.host, port: pdns.dnsPort }),
  ]);
}

describe('the embedded server and PowerDNS answer alike', () => {
  for (const transport of ['udp', 'tcp'] as const) {
    it.each(QUERIES)(`%s (%s %s) over ${transport}`, async (_label, name, type) => {
      const [fromEmbedded, fromPowerDns] = await askBoth(name, type, transport);
      expect(comparable(fromEmbedded)).toEqual(comparable(fromPowerDns));
      // Both are expected to say something: a pair of empty answers would agree and prove nothing.
      expect(fromPowerDns.answers!.length + fromPowerDns.authorities!.length).toBeGreaterThan(0);
    });
  }

  it('refers a name below a delegation to its name servers, with the glue needed to reach them', async () => {
    const [fromEmbedded, fromPowerDns] = await askBoth(`host.sub.${ZONE}`, 'A', 'udp');
    for (const message of [fromEmbedded, fromPowerDns]) {
      expect(message.rcode).toBe('NOERROR');
      expect(message.flag_aa).toBe(false);
      expect(message.answers).toEqual([]);
      expect((message.authorities ?? []).map(presentRecord)).toEqual([`sub.${ZONE} NS 3600 ns.sub.${ZONE}`]);
      expect((message.additionals ?? []).filter((item) => item.type !== 'OPT').map(presentRecord)).toEqual([
        `ns.sub.${ZONE} A 3600 192.0.2.80`,
      ]);
    }
  });

  it('refuses names outside every zone it holds', async () => {
    const [fromEmbedded, fromPowerDns] = await askBoth('www.not-ours.test', 'A', 'udp');
    expect(comparable(fromEmbedded)).toEqual(comparable(fromPowerDns));
    expect(fromPowerDns.rcode).toBe('REFUSED');
  });
});
