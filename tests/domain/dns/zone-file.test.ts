import { describe, expect, it } from 'vitest';
import {
  formatZoneFile,
  parseZoneFile,
  parseZoneTtl,
  quoteTxt,
  splitTxt,
  type ZoneRecord,
} from '@/domain/dns';
import { accepted, ZONE } from './check';

const octets = (text: string) => new TextEncoder().encode(text).length;

describe('splitTxt', () => {
  it('keeps up to 255 octets in one string and splits after', () => {
    expect(splitTxt('a'.repeat(255))).toEqual(['a'.repeat(255)]);
    expect(splitTxt('a'.repeat(256))).toEqual(['a'.repeat(255), 'a']);
    expect(splitTxt('x')).toEqual(['x']);
  });

  it('counts UTF-8 octets and never cuts a character in two', () => {
    // é is 2 octets: 127 of them make 254, the 128th would make 256.
    expect(splitTxt('é'.repeat(200))).toEqual(['é'.repeat(127), 'é'.repeat(73)]);
    // € is 3 octets: 85 make exactly 255.
    expect(splitTxt('€'.repeat(86))).toEqual(['€'.repeat(85), '€']);
    // 😀 is 4 octets (two UTF-16 units): 63 make 252.
    const parts = splitTxt('😀'.repeat(64));
    expect(parts).toEqual(['😀'.repeat(63), '😀']);
    expect(splitTxt(`${'a'.repeat(254)}é`)).toEqual(['a'.repeat(254), 'é']);
    for (const part of splitTxt('aé€😀'.repeat(100))) expect(octets(part)).toBeLessThanOrEqual(255);
    expect(splitTxt('aé€😀'.repeat(100)).join('')).toBe('aé€😀'.repeat(100));
  });
});

describe('quoteTxt', () => {
  it('escapes quotes and backslashes', () => {
    expect(quoteTxt('a "quoted" word')).toBe('"a \\"quoted\\" word"');
    expect(quoteTxt('C:\\path')).toBe('"C:\\\\path"');
    expect(quoteTxt('; not a comment')).toBe('"; not a comment"');
  });
});

describe('parseZoneTtl', () => {
  it.each([
    ['3600', 3600],
    ['1h', 3600],
    ['1D', 86_400],
    ['1w', 604_800],
    ['1h30m', 5400],
    ['90s', 90],
  ])('%s is %i seconds', (text, seconds) => {
    expect(parseZoneTtl(text)).toBe(seconds);
  });
  it.each(['', 'h', '1x', '1.5h', '-1', 'IN'])('%j is not a TTL', (text) => {
    expect(parseZoneTtl(text)).toBeNull();
  });
});

const records: ZoneRecord[] = [
  {
    type: 'SOA',
    name: '@',
    value: 'ns1.ikirere.net hostmaster.ikirere.net 2024060101 3600 600 1209600 3600',
    ttl: 3600,
    priority: null,
    weight: null,
    port: null,
  },
  { type: 'NS', name: '@', value: 'ns1.ikirere.net', ttl: 3600, priority: null, weight: null, port: null },
  accepted({ type: 'A', name: 'www', value: '192.0.2.10', ttl: 1800 }),
  accepted({ type: 'AAAA', name: '*', value: '2001:db8::1' }),
  accepted({ type: 'CNAME', name: 'blog', value: 'hosting.example.com' }),
  accepted({ type: 'MX', name: '@', value: '10 mail.example.rw' }),
  accepted({ type: 'SRV', name: '_sip._tcp', value: '10 5 5060 sip.example.com' }),
  accepted({ type: 'CAA', name: '@', value: '0 issue "letsencrypt.org"' }),
  accepted({ type: 'TXT', name: '_dmarc', value: 'v=DMARC1; p=none; rua="mailto:d@example.rw"' }),
  accepted({ type: 'NS', name: 'dev', value: 'ns1.other.net' }),
];

describe('formatZoneFile', () => {
  it('writes $ORIGIN, $TTL and one line per record, names relative and targets absolute', () => {
    expect(formatZoneFile(ZONE, records)).toBe(
      [
        '; Zone file of example.rw, exported by Ikirere',
        '$ORIGIN example.rw.',
        '$TTL 3600',
        '@\t3600\tIN\tSOA\tns1.ikirere.net. hostmaster.ikirere.net. 2024060101 3600 600 1209600 3600',
        '@\t3600\tIN\tNS\tns1.ikirere.net.',
        'www\t1800\tIN\tA\t192.0.2.10',
        '*\t3600\tIN\tAAAA\t2001:db8::1',
        'blog\t3600\tIN\tCNAME\thosting.example.com.',
        '@\t3600\tIN\tMX\t10 mail.example.rw.',
        '_sip._tcp\t3600\tIN\tSRV\t10 5 5060 sip.example.com.',
        '@\t3600\tIN\tCAA\t0 issue "letsencrypt.org"',
        '_dmarc\t3600\tIN\tTXT\t"v=DMARC1; p=none; rua=\\"mailto:d@example.rw\\""',
        'dev\t3600\tIN\tNS\tns1.other.net.',
        '',
      ].join('\n'),
    );
  });

  it('splits a long TXT into quoted 255-octet strings and names an internationalized zone', () => {
    const key = `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`;
    const text = formatZoneFile('xn--mller-kva.de', [
      accepted({ type: 'TXT', name: 'k1._domainkey', value: key }, 'xn--mller-kva.de'),
    ]);
    expect(text).toContain('; Zone file of xn--mller-kva.de (müller.de), exported by Ikirere');
    expect(text).toContain(`k1._domainkey\t3600\tIN\tTXT\t"${key.slice(0, 255)}" "${key.slice(255)}"`);
  });

  it('reads back what it writes', () => {
    const parsed = parseZoneFile(formatZoneFile(ZONE, records), ZONE);
    expect(parsed.refused).toEqual([]);
    expect(parsed.skipped).toEqual([
      { line: 4, type: 'SOA' },
      { line: 5, type: 'NS' },
    ]);
    expect(parsed.records.map((entry) => entry.record)).toEqual(records.slice(2));
  });
});

describe('parseZoneFile', () => {
  const file = `; exported from another provider
$TTL 1h
$ORIGIN example.rw.
@   IN  SOA ns1.other.net. admin.example.rw. (
        2024010101 ; serial
        7200       ; refresh
        3600 1209600 300 )
    IN  NS  ns1.other.net.
@       IN  A     192.0.2.10
        IN  AAAA  2001:0db8::0001
www 300 IN  CNAME @
mail    1d  A     192.0.2.25
@   IN 600  MX    10 mail
@       MX    20 backup.example.com.
api.example.rw.  A  192.0.2.30
_dmarc  TXT  "v=DMARC1; p=reject; " "rua=mailto:d@example.rw"
k1._domainkey TXT ( "v=DKIM1; k=rsa; "
                    "p=MIIBIjANBg" )
note    TXT  "a \\"quoted\\" word; not a comment" ; a comment
caf     TXT  "caf\\195\\169"
words   TXT  hello world
_sip._tcp  SRV  10 5 5060 sip
@       CAA  0 issue "letsencrypt.org"
$ORIGIN eu.example.rw.
shop    A    192.0.2.40
10.2.0.192.in-addr.arpa. PTR www.example.rw.
@       DS   12345 8 2 ABCDEF
chaos   CH   TXT "x"
bad     A    192.0.2.300
far.example.com. A 192.0.2.1
$INCLUDE other.zone
open    TXT  "not closed
        A    192.0.2.41
`;
  const parsed = parseZoneFile(file, ZONE);
  const byLine = Object.fromEntries(parsed.records.map((entry) => [entry.line, entry.record]));

  it('reads records with blank owners, @, relative and absolute names, classes, TTLs and units', () => {
    expect(byLine[9]).toMatchObject({ type: 'A', name: '@', value: '192.0.2.10', ttl: 3600 });
    expect(byLine[10]).toMatchObject({ type: 'AAAA', name: '@', value: '2001:db8::1', ttl: 3600 });
    expect(byLine[11]).toMatchObject({ type: 'CNAME', name: 'www', value: 'example.rw', ttl: 300 });
    expect(byLine[12]).toMatchObject({ type: 'A', name: 'mail', value: '192.0.2.25', ttl: 86_400 });
    expect(byLine[13]).toMatchObject({
      type: 'MX',
      name: '@',
      value: 'mail.example.rw',
      priority: 10,
      ttl: 600,
    });
    expect(byLine[14]).toMatchObject({ type: 'MX', value: 'backup.example.com', priority: 20, ttl: 3600 });
    expect(byLine[15]).toMatchObject({ type: 'A', name: 'api', value: '192.0.2.30' });
    expect(byLine[22]).toMatchObject({ type: 'SRV', name: '_sip._tcp', value: 'sip.example.rw', port: 5060 });
    expect(byLine[23]).toMatchObject({ type: 'CAA', value: '0 issue "letsencrypt.org"' });
  });

  it('joins quoted strings, across lines in parentheses, with escapes and comments after them', () => {
    expect(byLine[16]?.value).toBe('v=DMARC1; p=reject; rua=mailto:d@example.rw');
    expect(byLine[17]).toMatchObject({ name: 'k1._domainkey', value: 'v=DKIM1; k=rsa; p=MIIBIjANBg' });
    expect(byLine[19]?.value).toBe('a "quoted" word; not a comment');
    expect(byLine[20]?.value).toBe('café');
    expect(byLine[21]?.value).toBe('helloworld');
  });

  it('follows $ORIGIN', () => {
    expect(byLine[25]).toMatchObject({ type: 'A', name: 'shop.eu', value: '192.0.2.40' });
  });

  it('skips the SOA and the apex name servers, which the server keeps', () => {
    expect(parsed.skipped).toEqual([
      { line: 4, type: 'SOA' },
      { line: 8, type: 'NS' },
    ]);
  });

  it('refuses what it cannot import, saying why, with the line as written', () => {
    expect(parsed.refused).toEqual([
      {
        line: 26,
        text: '10.2.0.192.in-addr.arpa. PTR www.example.rw.',
        reason:
          'PTR records are not supported: Ikirere keeps A, AAAA, CNAME, TXT, MX, NS, SRV and CAA records.',
      },
      {
        line: 27,
        text: '@       DS   12345 8 2 ABCDEF',
        reason:
          'DS records are not supported: Ikirere keeps A, AAAA, CNAME, TXT, MX, NS, SRV and CAA records.',
      },
      {
        line: 28,
        text: 'chaos   CH   TXT "x"',
        reason: 'Only class IN records can be imported; this one is CH.',
      },
      {
        line: 29,
        text: 'bad     A    192.0.2.300',
        reason: 'Enter an IPv4 address like 192.0.2.10 (four numbers from 0 to 255, separated by dots).',
      },
      { line: 30, text: 'far.example.com. A 192.0.2.1', reason: 'That name is outside example.rw.' },
      {
        line: 31,
        text: '$INCLUDE other.zone',
        reason: 'Included files ($INCLUDE) cannot be read: paste their records here.',
      },
      {
        line: 32,
        text: 'open    TXT  "not closed',
        reason: 'A quote (") is not closed: end the text with a quote, or leave the quotes out.',
      },
    ]);
  });

  it('gives a blank-owner line the name above it, even after a refused line', () => {
    expect(byLine[33]).toMatchObject({ type: 'A', name: 'open.eu', value: '192.0.2.41' });
    expect(parsed.records).toHaveLength(16);
  });

  it('refuses a blank owner with nothing above, a line without a type, a bad $TTL and odd parentheses', () => {
    const odd = parseZoneFile(' A 192.0.2.1\nlonely\n$TTL soon\nz A 192.0.2.1 )\nx A ( 192.0.2.1\n', ZONE);
    expect(odd.records).toEqual([]);
    expect(odd.refused.map((entry) => [entry.line, entry.reason])).toEqual([
      [1, 'This line starts with a space, so it repeats the name above, but there is none.'],
      [2, 'This line has no record type.'],
      [3, '$TTL takes a time in seconds (3600) or with a unit (1h, 1d).'],
      [4, 'A parenthesis “)” closes nothing.'],
      [5, 'A parenthesis “(” is not closed.'],
    ]);
  });

  it('takes an SOA-less file without $TTL: the default TTL, then the last one given', () => {
    const result = parseZoneFile('a A 192.0.2.1\nb 300 A 192.0.2.2\nc A 192.0.2.3\n', ZONE);
    expect(result.records.map((entry) => entry.record.ttl)).toEqual([3600, 300, 300]);
  });

  it('reads Windows line endings', () => {
    const result = parseZoneFile('a A 192.0.2.1\r\nb A 192.0.2.2\r\n', ZONE);
    expect(result.records.map((entry) => [entry.line, entry.record.name])).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });
});
