// Property tests: whatever checkRecord accepts is stored in a form it accepts again unchanged, and
// survives a trip through a zone file.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DnsRecordInput } from '@/contract/domains';
import {
  type CanonicalRecord,
  checkRecord,
  DNS_RECORD_TYPES,
  formatZoneFile,
  parseZoneFile,
  quoteTxt,
  splitTxt,
  toInput,
} from '@/domain/dns';

const ZONES = ['example.rw', 'xn--mller-kva.de', 'a.b-c.co'];

/** Randomly upper-cases letters: names and hex digits are case-insensitive. */
const anyCase = (text: fc.Arbitrary<string>) =>
  fc
    .tuple(text, fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }))
    .map(([value, flips]) =>
      [...value].map((char, i) => (flips[i % 64] ? char.toUpperCase() : char)).join(''),
    );

const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,8}[a-z0-9])?$/);
const underscoreLabel = label.map((text) => `_${text}`);
const tld = fc.constantFrom('rw', 'com', 'de', 'xn--p1ai', 'io');
const host = fc
  .tuple(fc.array(fc.oneof(label, fc.constantFrom('müller', 'café')), { minLength: 1, maxLength: 3 }), tld)
  .map(([labels, top]) => [...labels, top].join('.'));
const target = fc.tuple(anyCase(host), fc.boolean()).map(([name, dot]) => (dot ? `${name}.` : name));

/** A hostname as someone might type it in `zone`: relative, '@', empty, or fully qualified. */
const hostname = (zone: string, first: fc.Arbitrary<string>, sub = false) =>
  fc
    .tuple(
      fc.array(first, { minLength: sub ? 1 : 0, maxLength: 3 }),
      fc.constantFrom('relative', 'fqdn', 'fqdn.', '@', ''),
      sub ? fc.constant(false) : fc.boolean(),
    )
    .map(([labels, form, wildcard]) => {
      const relative = [...(wildcard ? ['*'] : []), ...labels].join('.');
      if (relative === '' || (!sub && (form === '@' || form === ''))) return form === '' ? '' : '@';
      if (form === 'relative' || form === '@' || form === '') return relative;
      return `${relative}.${zone}${form === 'fqdn.' ? '.' : ''}`;
    });

const number16 = fc.oneof(fc.integer({ min: 0, max: 65_535 }), fc.constantFrom(0, 65_535));
const numberInput = (value: fc.Arbitrary<number>) =>
  fc.oneof(
    fc.constant(undefined),
    value,
    value.map((n) => ` ${n} `),
  );
const ttl = numberInput(fc.integer({ min: 60, max: 604_800 }));

const ipv4 = fc
  .tuple(...Array.from({ length: 4 }, () => fc.integer({ min: 0, max: 255 })))
  .map((p) => p.join('.'));
const ipv6 = fc
  .tuple(
    fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 0xffff })), { minLength: 8, maxLength: 8 }),
    fc.boolean(),
    ipv4,
  )
  .chain(([groups, mapped, v4]) =>
    mapped
      ? fc.constant(`::ffff:${v4}`)
      : anyCase(fc.constant(groups.map((group) => group.toString(16).padStart(4, '0')).join(':'))),
  );

const text = fc.oneof(
  fc.string({ minLength: 1, maxLength: 300 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 400 }),
  fc.constantFrom('"quoted"', ' spaced ', 'a\\b', 'v=spf1 -all', '"', '\\"'),
);
const txtValue = fc
  .tuple(text, fc.constantFrom('raw', 'quoted', 'split'))
  .map(([value, form]) =>
    form === 'raw' ? value : form === 'quoted' ? quoteTxt(value) : splitTxt(value).map(quoteTxt).join(' '),
  );

const caaTagAndValue = fc.oneof(
  fc.tuple(
    anyCase(fc.constantFrom('issue', 'issuewild')),
    fc.oneof(anyCase(host), fc.constantFrom(';', '', 'letsencrypt.org; validationmethods=dns-01')),
  ),
  fc.tuple(
    anyCase(fc.constant('iodef')),
    fc.constantFrom('mailto:sec@example.rw', 'https://example.rw/report', 'https://example.rw:8443/a?b=c'),
  ),
);
const caaValue = fc
  .tuple(fc.integer({ min: 0, max: 255 }), caaTagAndValue)
  .map(([flag, [tag, value]]) => `${flag} ${tag} "${value}"`);

const validInput = (zone: string): fc.Arbitrary<DnsRecordInput> =>
  fc.oneof(
    fc.record({ type: fc.constant('A' as const), name: hostname(zone, anyCase(label)), value: ipv4, ttl }),
    fc.record({ type: fc.constant('AAAA' as const), name: hostname(zone, label), value: ipv6, ttl }),
    fc.record({
      type: fc.constant('CNAME' as const),
      name: hostname(zone, fc.oneof(label, underscoreLabel), true),
      value: target,
      ttl,
    }),
    fc.record({ type: fc.constant('NS' as const), name: hostname(zone, label, true), value: target, ttl }),
    fc.record({
      type: fc.constant('TXT' as const),
      name: hostname(zone, fc.oneof(label, underscoreLabel)),
      value: txtValue,
    }),
    fc.record({
      type: fc.constant('MX' as const),
      name: hostname(zone, label),
      value: fc.oneof(
        target,
        fc.tuple(number16, target).map(([p, t]) => `${p} ${t}`),
        fc.constant('.'),
      ),
      ttl,
      priority: numberInput(number16),
    }),
    fc.record({
      type: fc.constant('SRV' as const),
      name: fc
        .tuple(underscoreLabel, fc.constantFrom('_tcp', '_udp', '_tls'), fc.array(label, { maxLength: 2 }))
        .map(([service, protocol, rest]) => [service, protocol, ...rest].join('.')),
      value: fc.oneof(
        target,
        fc.constant('.'),
        fc.tuple(number16, number16, number16, target).map((p) => p.join(' ')),
      ),
      ttl,
      priority: numberInput(number16),
      weight: numberInput(number16),
      port: numberInput(number16),
    }),
    fc.record({ type: fc.constant('CAA' as const), name: hostname(zone, label), value: caaValue, ttl }),
  );

/** Anything at all, typed into any type's form. */
const anyInput: fc.Arbitrary<DnsRecordInput> = fc.record({
  type: fc.constantFrom(...DNS_RECORD_TYPES),
  name: fc.string({ maxLength: 30 }),
  value: fc.string({ maxLength: 60 }),
  ttl: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 8 }), fc.double()),
  priority: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 6 }), fc.integer()),
  weight: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 6 }), fc.integer()),
  port: fc.oneof(fc.constant(undefined), fc.string({ maxLength: 6 }), fc.integer()),
});

const zoneAndInputs = fc
  .constantFrom(...ZONES)
  .chain((zone) =>
    fc.tuple(fc.constant(zone), fc.array(fc.oneof(validInput(zone), anyInput), { maxLength: 12 })),
  );

function acceptedRecords(zone: string, inputs: DnsRecordInput[]): CanonicalRecord[] {
  return inputs.flatMap((input) => {
    const result = checkRecord(input, zone);
    return result.ok ? [result.record] : [];
  });
}

describe('canonical records', () => {
  it('generates inputs of every type that are mostly accepted (so the properties below say something)', () => {
    const samples = fc.sample(
      fc.constantFrom(...ZONES).chain((zone) => validInput(zone).map((input) => ({ zone, input }))),
      { numRuns: 800, seed: 6 },
    );
    for (const type of DNS_RECORD_TYPES) {
      const ofType = samples.filter(({ input }) => input.type === type);
      const acceptedCount = ofType.filter(({ zone, input }) => checkRecord(input, zone).ok).length;
      expect(acceptedCount, type).toBeGreaterThan(ofType.length / 2);
    }
  });

  it('checkRecord never throws, and what it accepts is a fixed point of toInput → checkRecord', () => {
    fc.assert(
      fc.property(zoneAndInputs, ([zone, inputs]) => {
        for (const record of acceptedRecords(zone, inputs)) {
          expect(checkRecord(toInput(record), zone)).toEqual({ ok: true, record });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('survives formatZoneFile → parseZoneFile unchanged', () => {
    fc.assert(
      fc.property(zoneAndInputs, ([zone, inputs]) => {
        const records = acceptedRecords(zone, inputs);
        const parsed = parseZoneFile(formatZoneFile(zone, records), zone);
        expect(parsed.refused).toEqual([]);
        expect(parsed.skipped).toEqual([]);
        expect(parsed.records.map((entry) => entry.record)).toEqual(records);
      }),
      { numRuns: 300 },
    );
  });

  it('splits any text into strings of at most 255 octets that join back to it', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 1200 }), (value) => {
        const parts = splitTxt(value);
        expect(parts.join('')).toBe(value);
        for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(255);
      }),
    );
  });
});
