import { describe, expect, it } from 'vitest';
import { checkRecord, toInput } from '@/domain/dns';
import { accepted, refused, ZONE } from './check';

const IPV4_MESSAGE = 'Enter an IPv4 address like 192.0.2.10 (four numbers from 0 to 255, separated by dots).';
const IPV6_MESSAGE =
  'Enter an IPv6 address like 2001:db8::1 (groups of up to four hexadecimal digits separated by colons; :: stands for zeros).';

describe('A', () => {
  it.each([
    ['192.0.2.10', '192.0.2.10'],
    [' 0.0.0.0 ', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
  ])('accepts %j as %s', (value, stored) => {
    expect(accepted({ type: 'A', name: '@', value })).toEqual({
      type: 'A',
      name: '@',
      value: stored,
      ttl: 3600,
      priority: null,
      weight: null,
      port: null,
    });
  });

  it.each([
    ['', 'Enter an IPv4 address, like 192.0.2.10.'],
    ['256.1.1.1', IPV4_MESSAGE],
    ['1.2.3', IPV4_MESSAGE],
    ['1.2.3.4.5', IPV4_MESSAGE],
    ['1.2.3.-4', IPV4_MESSAGE],
    ['a.b.c.d', IPV4_MESSAGE],
    ['192.0.2.10/24', IPV4_MESSAGE],
    ['01.2.3.4', 'Write each number without leading zeros, like 192.0.2.10.'],
    ['10.0.0.010', 'Write each number without leading zeros, like 192.0.2.10.'],
    [
      '2001:db8::1',
      'That is an IPv6 address: add it as an AAAA record. An A record takes an IPv4 address, like 192.0.2.10.',
    ],
  ])('refuses %j: %s', (value, message) => {
    expect(refused({ type: 'A', name: '@', value })).toEqual({ value: message });
  });
});

describe('AAAA', () => {
  it.each([
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8::1', '2001:db8::1'],
    ['2001:DB8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['2001:0:0:1:0:0:0:1', '2001:0:0:1::1'],
    ['::1', '::1'],
    ['::', '::'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['fe80::', 'fe80::'],
    ['1:2:3:4:5:6:7::', '1:2:3:4:5:6:7:0'],
    ['::ffff:192.0.2.1', '::ffff:192.0.2.1'],
    ['0:0:0:0:0:ffff:c000:0201', '::ffff:192.0.2.1'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
    ['[2001:db8::1]', '2001:db8::1'],
  ])('accepts %j as %s (RFC 5952)', (value, stored) => {
    expect(accepted({ type: 'AAAA', name: 'www', value }).value).toBe(stored);
  });

  it.each([
    ['', 'Enter an IPv6 address, like 2001:db8::1.'],
    ['2001:db8::1::1', IPV6_MESSAGE],
    ['2001:db8:1', IPV6_MESSAGE],
    ['1:2:3:4:5:6:7:8:9', IPV6_MESSAGE],
    ['1:2:3:4:5:6:7:8::', IPV6_MESSAGE],
    ['12345::1', IPV6_MESSAGE],
    ['2001:db8::g', IPV6_MESSAGE],
    ['::ffff:192.0.2.256', IPV6_MESSAGE],
    ['fe80::1%eth0', 'Leave out the zone index (from % on): enter the address only, like 2001:db8::1.'],
    [
      '192.0.2.10',
      'That is an IPv4 address: add it as an A record. An AAAA record takes an IPv6 address, like 2001:db8::1.',
    ],
  ])('refuses %j: %s', (value, message) => {
    expect(refused({ type: 'AAAA', name: '@', value })).toEqual({ value: message });
  });
});

describe('CNAME, NS, MX and SRV targets', () => {
  it.each([
    ['CNAME', 'WWW.Example.COM.', 'www.example.com'],
    ['CNAME', 'selector1-x-com._domainkey.x.onmicrosoft.com', 'selector1-x-com._domainkey.x.onmicrosoft.com'],
    ['NS', 'ns1.example.com.', 'ns1.example.com'],
    ['MX', 'mail.example.rw', 'mail.example.rw'],
    ['SRV', 'sip.example.com', 'sip.example.com'],
    ['CNAME', 'münchen.de', 'xn--mnchen-3ya.de'],
  ] as const)('%s accepts %j as %s', (type, value, stored) => {
    const name = type === 'SRV' ? '_sip._tcp' : type === 'NS' ? 'dev' : 'www';
    expect(accepted({ type, name, value }).value).toBe(stored);
  });

  it.each([
    ['CNAME', '', 'Enter a host name, like www.example.com.'],
    ['CNAME', 'www', 'Enter the full host name with its domain, like www.example.com.'],
    [
      'CNAME',
      'example.c0m',
      'The host name must end in a top-level domain of letters, like www.example.com.',
    ],
    [
      'CNAME',
      '192.0.2.1',
      'A CNAME points to a host name, not an IP address. For an address, use an A or AAAA record.',
    ],
    ['CNAME', '*.example.com', 'A target cannot be a wildcard (*); enter a host name, like www.example.com.'],
    [
      'CNAME',
      'bad_name.example.com',
      'A host name can use only letters, digits and hyphens (-), like www.example.com.',
    ],
    ['CNAME', '.', 'Enter a host name, like www.example.com.'],
    ['NS', '_ns.example.com', 'Underscores (_) are not allowed in this host name.'],
    ['NS', '2001:db8::53', 'Enter the name server’s host name, like ns1.example.com, not its IP address.'],
    ['MX', 'mail', 'Enter the full host name with its domain, like mail.example.com.'],
    [
      'MX',
      '192.0.2.25',
      'Enter the mail server’s host name, like mail.example.com, not its IP address (give that host an A record).',
    ],
    ['MX', 'mail-.example.com', 'A part of a name cannot start or end with a hyphen (-).'],
    ['SRV', 'sip', 'Enter the full host name with its domain, like sip.example.com.'],
  ] as const)('%s refuses %j: %s', (type, value, message) => {
    const name = type === 'SRV' ? '_sip._tcp' : type === 'NS' ? 'dev' : 'www';
    expect(refused({ type, name, value }).value).toBe(message);
  });

  it('refuses a CNAME at the apex, and one pointing at itself', () => {
    expect(refused({ type: 'CNAME', name: '@', value: 'example.com' }).name).toBe(
      'A CNAME cannot be at the apex (@): the domain itself has other records. Use an A or AAAA record, or a name like www.',
    );
    expect(refused({ type: 'CNAME', name: 'example.rw.', value: 'example.com' }).name).toMatch(/apex/);
    expect(refused({ type: 'CNAME', name: 'www', value: 'WWW.example.rw.' }).value).toBe(
      'A CNAME cannot point to its own name.',
    );
  });

  it('refuses NS at the apex (managed) and allows a delegation', () => {
    expect(refused({ type: 'NS', name: '@', value: 'ns1.other.net' }).name).toBe(
      'The zone’s own name servers are managed for you. An NS record here delegates a sub-name, like dev.',
    );
    expect(accepted({ type: 'NS', name: 'dev', value: 'ns1.other.net' })).toMatchObject({
      name: 'dev',
      value: 'ns1.other.net',
    });
  });
});

describe('TXT', () => {
  it.each([
    ['v=spf1 include:_spf.example.com ~all', 'v=spf1 include:_spf.example.com ~all'],
    ['  padded  ', 'padded'],
    ['"quoted"', 'quoted'],
    ['"  spaces kept inside quotes "', '  spaces kept inside quotes '],
    ['"a \\"quoted\\" word"', 'a "quoted" word'],
    ['"back\\\\slash"', 'back\\slash'],
    ['"v=DKIM1; k=rsa; " "p=MIIB"', 'v=DKIM1; k=rsa; p=MIIB'],
    ['"one""two"   "three"', 'onetwothree'],
    ['"caf\\195\\169"', 'café'],
    ['say "hi" to them', 'say "hi" to them'],
    ['a\\b', 'a\\b'],
    ['"; not a comment"', '; not a comment'],
    ['Muraho 🌍', 'Muraho 🌍'],
    ['x', 'x'],
  ])('accepts %j as %j', (value, stored) => {
    expect(accepted({ type: 'TXT', name: '@', value }).value).toBe(stored);
  });

  it('keeps a text of 4000 characters and refuses 4001', () => {
    expect(accepted({ type: 'TXT', name: '@', value: 'a'.repeat(4000) }).value).toHaveLength(4000);
    expect(refused({ type: 'TXT', name: '@', value: 'a'.repeat(4001) }).value).toBe(
      'A TXT value is at most 4000 characters; this one has 4001.',
    );
  });

  it.each([
    ['', 'Enter the text of the record.'],
    ['""', 'Enter the text of the record.'],
    ['"unclosed', 'A quote (") is not closed: end the text with a quote, or leave the quotes out.'],
    [
      '"ends with escape\\"',
      'A quote (") is not closed: end the text with a quote, or leave the quotes out.',
    ],
    ['"a" b', 'Put every part in quotes, like "part one" "part two", or leave all the quotes out.'],
    [
      'line\nbreak',
      'The text can hold only printable characters: no line breaks, tabs or other control characters.',
    ],
    [
      'tab\there',
      'The text can hold only printable characters: no line breaks, tabs or other control characters.',
    ],
    [
      '"\\000"',
      'The text can hold only printable characters: no line breaks, tabs or other control characters.',
    ],
    ['"\\255"', 'The text has \\ escapes that are not valid UTF-8.'],
  ])('refuses %j: %s', (value, message) => {
    expect(refused({ type: 'TXT', name: '@', value })).toEqual({ value: message });
  });

  it('has no TTL field on its page, so it gets the default, but takes one when given', () => {
    expect(accepted({ type: 'TXT', name: '@', value: 'x' }).ttl).toBe(3600);
    expect(accepted({ type: 'TXT', name: '@', value: 'x', ttl: 300 }).ttl).toBe(300);
  });
});

describe('MX', () => {
  it('defaults an absent priority to 10 and takes SPEC §5’s "10 mail.example.rw" form', () => {
    expect(accepted({ type: 'MX', name: '@', value: 'mail.example.rw' })).toMatchObject({ priority: 10 });
    expect(accepted({ type: 'MX', name: '@', value: '20 mail.example.rw', priority: '' })).toMatchObject({
      priority: 20,
    });
    expect(accepted({ type: 'MX', name: '@', value: '20  mail.example.rw.' })).toMatchObject({
      value: 'mail.example.rw',
      priority: 20,
    });
    expect(accepted({ type: 'MX', name: '@', value: '20 mail.example.rw', priority: '20' }).priority).toBe(
      20,
    );
  });

  it('asks for a priority left empty in the form: the placeholder is a hint, not a value', () => {
    expect(refused({ type: 'MX', name: '@', value: 'mail.example.rw', priority: '' })).toEqual({
      priority: 'Enter the priority, like 10 (lower numbers are tried first).',
    });
    expect(accepted({ type: 'MX', name: '@', value: '.', priority: ' ' })).toMatchObject({ priority: 0 });
  });

  it('says so when the value and the priority field disagree', () => {
    expect(refused({ type: 'MX', name: '@', value: '20 mail.example.rw', priority: 10 })).toEqual({
      value:
        'The value gives priority 20 but the Priority field says 10: remove the number from the value or make them match.',
    });
  });

  it.each([0, 65_535, '0', ' 65535 '])('accepts priority %j', (priority) => {
    expect(accepted({ type: 'MX', name: '@', value: 'mx.example.com', priority }).priority).toBe(
      Number(priority),
    );
  });

  it.each([-1, 65_536, 1.5, '-1', '65536', '1.5', '1e3', 'ten', Number.NaN])(
    'refuses priority %j',
    (priority) => {
      expect(refused({ type: 'MX', name: '@', value: 'mx.example.com', priority })).toEqual({
        priority: 'Enter the priority as a whole number from 0 to 65535.',
      });
    },
  );

  it('accepts a null MX (".", RFC 7505) with priority 0 only', () => {
    expect(accepted({ type: 'MX', name: '@', value: '.' })).toMatchObject({ value: '.', priority: 0 });
    expect(refused({ type: 'MX', name: '@', value: '.', priority: 10 })).toEqual({
      priority: 'A "." mail server (this domain accepts no mail) needs priority 0.',
    });
    expect(refused({ type: 'MX', name: '@', value: '10 .' })).toEqual({
      value: 'A "." mail server (this domain accepts no mail) needs priority 0.',
    });
  });

  it('refuses a value of more than a priority and a name', () => {
    expect(refused({ type: 'MX', name: '@', value: '10 20 mail.example.rw' }).value).toBe(
      'Enter the mail server’s host name, like mail.example.com (or a priority and the name: 10 mail.example.com).',
    );
  });
});

describe('SRV', () => {
  it('asks for each number left empty in the form, unless the value gives it', () => {
    expect(
      refused({
        type: 'SRV',
        name: '_http._tcp',
        value: 'web.example.com',
        priority: '',
        weight: '',
        port: '',
      }),
    ).toEqual({
      priority: 'Enter the priority, like 10 (lower numbers are tried first).',
      weight: 'Enter the weight, like 5.',
      port: 'Enter the port, like 80.',
    });
    expect(
      accepted({
        type: 'SRV',
        name: '_http._tcp',
        value: '1 2 443 web.example.com',
        priority: '',
        weight: '',
        port: '',
      }),
    ).toMatchObject({ priority: 1, weight: 2, port: 443 });
  });

  it('defaults absent numbers (an API call) to priority 10, weight 5, port 80', () => {
    expect(accepted({ type: 'SRV', name: '_http._tcp', value: 'web.example.com' })).toEqual({
      type: 'SRV',
      name: '_http._tcp',
      value: 'web.example.com',
      ttl: 3600,
      priority: 10,
      weight: 5,
      port: 80,
    });
  });

  it('takes SPEC §5’s "priority weight port target" form, and a host part after the service', () => {
    expect(
      accepted({ type: 'SRV', name: '_sip._tls.eu', value: '0 65535 5061 sip.example.com.' }),
    ).toMatchObject({
      name: '_sip._tls.eu',
      priority: 0,
      weight: 65_535,
      port: 5061,
      value: 'sip.example.com',
    });
    expect(
      refused({ type: 'SRV', name: '_sip._tcp', value: '10 5 5060 sip.example.com', port: 5061 }),
    ).toEqual({
      value:
        'The value gives port 5060 but the Port field says 5061: remove the number from the value or make them match.',
    });
    expect(refused({ type: 'SRV', name: '_sip._tcp', value: '10 5 70000 sip.example.com' }).value).toBe(
      'Priority, weight and port are whole numbers from 0 to 65535, like 10 5 5060.',
    );
  });

  it.each(['priority', 'weight', 'port'] as const)(
    'accepts %s 0 and 65535 and refuses -1, 65536 and 1.5',
    (field) => {
      const base = { type: 'SRV', name: '_sip._udp', value: 'sip.example.com' } as const;
      expect(accepted({ ...base, [field]: 0 })[field]).toBe(0);
      expect(accepted({ ...base, [field]: '65535' })[field]).toBe(65_535);
      for (const bad of [-1, 65_536, 1.5, '1.5']) {
        expect(refused({ ...base, [field]: bad })).toEqual({
          [field]: `Enter the ${field} as a whole number from 0 to 65535.`,
        });
      }
    },
  );

  it('accepts "." as the target: the service is not offered (RFC 2782)', () => {
    expect(accepted({ type: 'SRV', name: '_imap._tcp', value: '.', port: 0 })).toMatchObject({
      value: '.',
      port: 0,
    });
  });

  it.each(['@', 'sip', 'sip._tcp', '_sip', '_sip.tcp', '_sip._tcp._x', '*._tcp'])(
    'refuses the service %j',
    (name) => {
      expect(refused({ type: 'SRV', name, value: 'sip.example.com' }).name).toMatch(
        /^(Enter the service as _service\._protocol, like _sip\._tcp\.|After _service\._protocol, a hostname uses letters, digits and hyphens\.)$/,
      );
    },
  );
});

describe('CAA', () => {
  it.each([
    ['0 issue "letsencrypt.org"', '0 issue "letsencrypt.org"'],
    ['0 ISSUE "LetsEncrypt.org"', '0 issue "letsencrypt.org"'],
    ['128 ISSUEWILD ";"', '128 issuewild ";"'],
    ['255 issue ""', '255 issue ""'],
    [
      '0 issue "letsencrypt.org; validationmethods=dns-01"',
      '0 issue "letsencrypt.org; validationmethods=dns-01"',
    ],
    ['0 iodef "mailto:security@example.rw"', '0 iodef "mailto:security@example.rw"'],
  ])('accepts %j as %j', (value, stored) => {
    expect(accepted({ type: 'CAA', name: '@', value }).value).toBe(stored);
  });

  const FLAG = 'The flag is a whole number from 0 to 255 (0 usually, 128 to mark the record critical).';
  const TAG = 'The tag must be issue, issuewild or iodef (other CAA tags are not supported here).';
  it.each([
    ['256 issue "letsencrypt.org"', FLAG],
    ['-1 issue "letsencrypt.org"', FLAG],
    ['1.5 issue "letsencrypt.org"', FLAG],
    ['0 issuemail "letsencrypt.org"', TAG],
    ['0 contactemail "a@example.rw"', TAG],
    ['0 tbs "x"', TAG],
    ['0 issue', 'Enter a flag, a tag and a quoted value, like 0 issue "letsencrypt.org".'],
    ['', 'Enter a flag, a tag and a quoted value, like 0 issue "letsencrypt.org".'],
    ['0 issue "letsencrypt.org', 'Put the value in one pair of quotes, like "letsencrypt.org".'],
    ['0 issue "a" "b"', 'Put the value in one pair of quotes, like "letsencrypt.org".'],
    [
      '0 issue "lets encrypt"',
      'Enter the certificate authority’s domain, like "letsencrypt.org" (or ";" to allow none).',
    ],
    [
      '0 issue "letsencrypt.org; novalue"',
      'After the domain, parameters are written name=value and separated by ";", like "; accounturi=…".',
    ],
    [
      '0 iodef "http://example.rw/report"',
      'For iodef, enter a mailto: or https: address, like "mailto:security@example.rw".',
    ],
    [
      '0 iodef "security@example.rw"',
      'For iodef, enter a mailto: or https: address, like "mailto:security@example.rw".',
    ],
    ['0 issue "café.rw"', 'A CAA value uses plain printable characters, without quotes or backslashes.'],
    // SPEC §5: the flag and the quotes are required; the message gives the form to copy.
    ['0 issue x.org', 'A CAA record needs the value in quotes: 0 issue "x.org"'],
    ['issue "LetsEncrypt.org"', 'A CAA record needs a flag first (0 usually): 0 issue "letsencrypt.org"'],
    [
      'iodef https://example.rw/caa-report',
      'A CAA record needs a flag first and the value in quotes: 0 iodef "https://example.rw/caa-report"',
    ],
  ])('refuses %j: %s', (value, message) => {
    expect(refused({ type: 'CAA', name: '@', value })).toEqual({ value: message });
  });
});

describe('TTL', () => {
  it.each([
    // No ttl at all (an API call without one): the documented default.
    [undefined, 3600],
    [' 300 ', 300],
    ['3600', 3600],
    [60, 60],
    [604_800, 604_800],
  ])('%j gives %i', (ttl, expected) => {
    expect(accepted({ type: 'A', name: '@', value: '192.0.2.1', ttl }).ttl).toBe(expected);
  });

  it.each([
    ['1h', 'Enter the TTL in seconds as a whole number, like 3600 (one hour).'],
    ['3600.5', 'Enter the TTL in seconds as a whole number, like 3600 (one hour).'],
    [36.5, 'Enter the TTL in seconds as a whole number, like 3600 (one hour).'],
    [59, 'The TTL must be from 60 seconds (one minute) to 604800 seconds (one week).'],
    ['604801', 'The TTL must be from 60 seconds (one minute) to 604800 seconds (one week).'],
    ['-300', 'The TTL must be from 60 seconds (one minute) to 604800 seconds (one week).'],
    // A field left empty: its placeholder (3600) is a hint, not a value.
    ['', 'Enter the TTL in seconds, like 3600 (one hour).'],
    ['  ', 'Enter the TTL in seconds, like 3600 (one hour).'],
  ])('refuses %j: %s', (ttl, message) => {
    expect(refused({ type: 'A', name: '@', value: '192.0.2.1', ttl })).toEqual({ ttl: message });
  });
});

describe('checkRecord as a whole', () => {
  it('reports every wrong field at once, so the form can show each beside its field', () => {
    expect(refused({ type: 'MX', name: 'bad name', value: 'mail', ttl: '1d', priority: 'high' })).toEqual({
      name: 'A hostname can use only letters, digits and hyphens (-), like www or blog.dev.',
      value: 'Enter the full host name with its domain, like mail.example.com.',
      ttl: 'Enter the TTL in seconds as a whole number, like 3600 (one hour).',
      priority: 'Enter the priority as a whole number from 0 to 65535.',
    });
  });

  it('ignores the fields a type does not have', () => {
    expect(
      accepted({ type: 'A', name: '@', value: '192.0.2.1', priority: 'x', weight: -1, port: 1.5 }),
    ).toMatchObject({
      priority: null,
      weight: null,
      port: null,
    });
  });

  it('takes the zone with or without a trailing dot, in any case', () => {
    expect(
      checkRecord({ type: 'A', name: 'www.example.rw', value: '192.0.2.1' }, 'Example.RW.'),
    ).toMatchObject({
      ok: true,
      record: { name: 'www' },
    });
  });

  it('toInput gives a form back what it needs to save the same record', () => {
    for (const value of ['"quoted"', '  spaces  ', 'plain text', 'a "b" c']) {
      const record = accepted({ type: 'TXT', name: '@', value: `"${value.replace(/"/g, '\\"')}"` });
      expect(record.value).toBe(value);
      expect(checkRecord(toInput(record), ZONE)).toEqual({ ok: true, record });
    }
    expect(toInput(accepted({ type: 'TXT', name: '@', value: 'plain' })).value).toBe('plain');
  });
});
