import { describe, expect, it } from 'vitest';
import { normalizeZoneName } from '@/domain/dns';
import { accepted, refused } from './check';

const label = (length: number, char = 'a') => char.repeat(length);

describe('normalizeZoneName', () => {
  it.each([
    ['ikirere.rw', 'ikirere.rw', 'ikirere.rw'],
    ['  Example.RW.  ', 'example.rw', 'example.rw'],
    ['müller.de', 'xn--mller-kva.de', 'müller.de'],
    ['MÜLLER.DE', 'xn--mller-kva.de', 'müller.de'],
    ['xn--mller-kva.de', 'xn--mller-kva.de', 'müller.de'],
    ['例え.テスト', 'xn--r8jz45g.xn--zckzah', '例え.テスト'],
    ['shop.example。rw', 'shop.example.rw', 'shop.example.rw'],
    ['a-b.c0.rw', 'a-b.c0.rw', 'a-b.c0.rw'],
  ])('%j becomes %s (shown as %s)', (input, name, displayName) => {
    expect(normalizeZoneName(input)).toEqual({ ok: true, name, displayName });
  });

  it.each([
    ['', 'Enter a domain name, like example.rw.'],
    ['   ', 'Enter a domain name, like example.rw.'],
    ['example', 'A domain needs at least two parts, like example.rw.'],
    ['example.rw..', 'A name cannot start with a dot or have two dots in a row.'],
    ['.example.rw', 'A name cannot start with a dot or have two dots in a row.'],
    ['https://example.rw/', 'Enter only the domain name, like example.rw (without http:// or a path).'],
    ['exa mple.rw', 'A domain name can use only letters, digits and hyphens (-), like example.rw.'],
    ['ex_ample.rw', 'A domain name can use only letters, digits and hyphens (-), like example.rw.'],
    ['*.example.rw', 'A * is allowed only as the whole first part of a name, like * or *.dev.'],
    ['-example.rw', 'A part of a name cannot start or end with a hyphen (-).'],
    ['example-.rw', 'A part of a name cannot start or end with a hyphen (-).'],
    [
      'example.r',
      'The last part (the top-level domain, like .rw or .com) must be letters only, at least two.',
    ],
    [
      'example.r2',
      'The last part (the top-level domain, like .rw or .com) must be letters only, at least two.',
    ],
    [
      '192.0.2.10',
      'The last part (the top-level domain, like .rw or .com) must be letters only, at least two.',
    ],
    ['xn--zz-.rw', '“xn--zz-” is not a valid internationalized name (xn-- form).'],
    ['☃.rw', 'A domain name can use only letters, digits and hyphens (-), like example.rw.'],
  ])('refuses %j: %s', (input, message) => {
    expect(normalizeZoneName(input)).toEqual({ ok: false, message });
  });

  it('accepts a part of exactly 63 characters and refuses 64', () => {
    expect(normalizeZoneName(`${label(63)}.rw`)).toMatchObject({ ok: true, name: `${label(63)}.rw` });
    expect(normalizeZoneName(`${label(64)}.rw`)).toEqual({
      ok: false,
      message: 'Each part of a name is at most 63 characters; one part here has 64.',
    });
  });

  it('counts an internationalized part in its xn-- form', () => {
    // 'ü' × 30 is 30 characters but "xn--" + 36 in ASCII: still fine; × 60 is not.
    expect(normalizeZoneName(`${label(30, 'ü')}.de`).ok).toBe(true);
    const long = normalizeZoneName(`${label(60, 'ü')}.de`);
    expect(long.ok).toBe(false);
    expect(!long.ok && long.message).toMatch(
      /at most 63 characters; one part here has \d+ \(counted in its xn--/,
    );
  });

  it('accepts a name of exactly 253 characters and refuses 254', () => {
    const name253 = [label(63), label(63), label(63), label(61)].join('.');
    expect(name253).toHaveLength(253);
    expect(normalizeZoneName(name253)).toMatchObject({ ok: true, name: name253 });
    expect(normalizeZoneName(`${name253}.`)).toMatchObject({ ok: true, name: name253 });
    expect(normalizeZoneName(`${name253}a`)).toEqual({
      ok: false,
      message: 'A domain name is at most 253 characters; this one has 254.',
    });
  });

  it('accepts an xn-- top-level domain', () => {
    expect(normalizeZoneName('example.xn--p1ai')).toEqual({
      ok: true,
      name: 'example.xn--p1ai',
      displayName: 'example.рф',
    });
  });
});

describe('record hostnames', () => {
  it.each([
    ['@', '@'],
    ['', '@'],
    ['  ', '@'],
    ['WWW', 'www'],
    ['www.blog', 'www.blog'],
    ['www.example.rw', 'www'],
    ['www.example.rw.', 'www'],
    ['example.rw', '@'],
    ['example.rw.', '@'],
    ['*', '*'],
    ['*.dev', '*.dev'],
    ['api-2', 'api-2'],
    ['123', '123'],
    ['café', 'xn--caf-dma'],
    ['rw', 'rw'],
  ])('A record name %j is stored as %s', (name, stored) => {
    expect(accepted({ type: 'A', name, value: '192.0.2.10' }).name).toBe(stored);
  });

  it.each([
    ['other.example.com.', 'That name is outside example.rw.'],
    ['www.example.com.', 'That name is outside example.rw.'],
    ['myexample.rw.', 'That name is outside example.rw.'],
    [
      'www.other.rw',
      'That name is outside example.rw. Enter it relative to the zone, like www, or in full, like www.example.rw.',
    ],
    [
      'www.rw.example.rw',
      'That name would end in .rw twice (www.rw.example.rw): enter it without the repeated part.',
    ],
    ['w w', 'A hostname can use only letters, digits and hyphens (-), like www or blog.dev.'],
    ['www!', 'A hostname can use only letters, digits and hyphens (-), like www or blog.dev.'],
    ['-www', 'A part of a name cannot start or end with a hyphen (-).'],
    ['www.', 'That name is outside example.rw.'],
    ['www..blog', 'A name cannot start with a dot or have two dots in a row.'],
    ['dev.*', 'A * is allowed only as the whole first part of a name, like * or *.dev.'],
    ['*www', 'A * is allowed only as the whole first part of a name, like * or *.dev.'],
    ['_dmarc', 'Underscores (_) are allowed only in TXT, CNAME and SRV names.'],
  ])('A record name %j is refused: %s', (name, message) => {
    expect(refused({ type: 'A', name, value: '192.0.2.10' }).name).toBe(message);
  });

  it('accepts a label of exactly 63 characters and refuses 64', () => {
    expect(accepted({ type: 'A', name: label(63), value: '192.0.2.10' }).name).toBe(label(63));
    expect(refused({ type: 'A', name: `${label(64)}.dev`, value: '192.0.2.10' }).name).toBe(
      'Each part of a name is at most 63 characters; one part here has 64.',
    );
  });

  it('accepts a full name of exactly 253 characters and refuses 254', () => {
    // 242 + ".example.rw" (11) = 253.
    const relative242 = [label(63), label(63), label(63), label(50)].join('.');
    expect(`${relative242}.example.rw`).toHaveLength(253);
    expect(accepted({ type: 'TXT', name: relative242, value: 'x' }).name).toBe(relative242);
    expect(accepted({ type: 'TXT', name: `${relative242}.example.rw.`, value: 'x' }).name).toBe(relative242);
    expect(refused({ type: 'TXT', name: `${relative242}a`, value: 'x' }).name).toBe(
      'The full name (with .example.rw) is at most 253 characters; it has 254.',
    );
  });

  it('allows underscore parts in TXT and CNAME names, where ACME, DMARC and DKIM need them', () => {
    expect(accepted({ type: 'TXT', name: '_dmarc', value: 'v=DMARC1; p=none' }).name).toBe('_dmarc');
    expect(accepted({ type: 'TXT', name: '_acme-challenge.www', value: 'token' }).name).toBe(
      '_acme-challenge.www',
    );
    expect(accepted({ type: 'TXT', name: 'Selector1._domainkey', value: 'v=DKIM1' }).name).toBe(
      'selector1._domainkey',
    );
    expect(accepted({ type: 'CNAME', name: '_acme-challenge', value: 'x.acme-dns.io' }).name).toBe(
      '_acme-challenge',
    );
    expect(refused({ type: 'TXT', name: 'a_b', value: 'x' }).name).toBe(
      'A hostname can use only letters, digits and hyphens (-), and _ at the start of a part (like _dmarc).',
    );
    expect(refused({ type: 'MX', name: '_mail', value: 'mail.example.rw' }).name).toBe(
      'Underscores (_) are allowed only in TXT, CNAME and SRV names.',
    );
  });

  it('allows wildcards except for NS and SRV', () => {
    for (const type of ['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'CAA'] as const) {
      const value = {
        A: '192.0.2.1',
        AAAA: '::1',
        CNAME: 'a.example.com',
        TXT: 'x',
        MX: 'mx.example.com',
        CAA: '0 issue ";"',
      }[type];
      expect(accepted({ type, name: '*.dev', value }).name).toBe('*.dev');
    }
    expect(refused({ type: 'NS', name: '*.dev', value: 'ns1.example.com' }).name).toBe(
      'NS records cannot have a wildcard (*) name.',
    );
    expect(refused({ type: 'SRV', name: '*', value: 'sip.example.com' }).name).toBe(
      'Enter the service as _service._protocol, like _sip._tcp.',
    );
  });

  it('works inside an internationalized zone', () => {
    expect(accepted({ type: 'A', name: 'www.müller.de', value: '192.0.2.1' }, 'xn--mller-kva.de').name).toBe(
      'www',
    );
    expect(
      accepted({ type: 'A', name: 'www.xn--mller-kva.de.', value: '192.0.2.1' }, 'xn--mller-kva.de').name,
    ).toBe('www');
  });
});
