// The catalog, tags, reverse DNS and metrics of computes, through the API (reverse DNS asked with dig and
// validated with delv on loopback: our embedded server, and a second one standing in for the resolver).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeMetricsSchema,
  instanceTypeListSchema,
  locationListSchema,
  operatingSystemListSchema,
} from '@/contract/computes';
import { createReverseNameCheck, ReverseDns } from '../../../server/computes';
import { reverseZoneKeys } from '../../../server/computes/reverse-dns-keys';
import { teams } from '../../../server/db/schema';
import { presentDnskey } from '../../../server/dns/dnssec/keys';
import { reverseName } from '../../../server/dns/reverse-zones';
import type { PublishedRecord } from '../../../server/drivers/dns/dns-driver';
import { createEmbeddedDnsDriver, type EmbeddedDnsDriver } from '../../../server/drivers/dns/embedded';
import { createLogger } from '../../../server/logger';
import { delv, runTool, trustAnchorFile } from '../../support/dns-tools';
import { fundedTeamOf } from '../support/billing';
import {
  action,
  computeRequest,
  computesPath,
  createCompute,
  history,
  RM,
  waitForStatus,
} from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { auditRows, expectStatus, type Person, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
let owner: Person;
let teamId: string;
/** Our authoritative server, serving the reverse zones (signed) and a team's forward zone. */
let ours: EmbeddedDnsDriver;
/** Stands in for DELEGATION_RESOLVER: it holds a zone kept elsewhere. */
let resolver: EmbeddedDnsDriver;
let reverseDns: ReverseDns;
let scratch: string;

beforeAll(async () => {
  database = await openTestDatabase();
  scratch = await mkdtemp(join(tmpdir(), 'ikirere-reverse-dns-'));
  const logger = createLogger('silent');
  ours = await createEmbeddedDnsDriver({ host: '127.0.0.1', port: 0, logger });
  resolver = await createEmbeddedDnsDriver({ host: '127.0.0.1', port: 0, logger });
  reverseDns = new ReverseDns({
    driver: ours,
    logger,
    blocks: ['192.0.2.0/24', '2001:db8::/64'],
    nameServers: ['ns1.ikirere.test', 'ns2.ikirere.test'],
    keys: reverseZoneKeys('test-instance-secret'),
    check: createReverseNameCheck({
      own: { host: '127.0.0.1', port: ours.address.udp },
      resolvers: [`127.0.0.1:${resolver.address.udp}`],
      timeoutMs: 1_000,
    }),
    now: () => new Date(),
  });
  t = buildIdentityTestApp(database.handle, { reverseDns });
  await ours.syncAll(await reverseDns.all(database.handle.db));
  owner = await person(t, 'Olive Owner');
  teamId = await fundedTeamOf(t, owner);
  await t.identity.db.update(teams).set({ verificationStatus: 'VERIFIED' }).where(eq(teams.id, teamId));
});
afterAll(async () => {
  await t?.computes.close();
  await Promise.all([ours?.close(), resolver?.close()]);
  if (scratch) await rm(scratch, { recursive: true, force: true });
  await database?.dispose();
});

describe('the catalog', () => {
  it('offers locations, images and plans from 1 vCPU to 32, priced in whole francs and cents', async () => {
    const locations = v.parse(
      locationListSchema,
      (await send(t, 'GET', `${RM}/locations`, { token: owner.token })).body,
    );
    expect(locations.locations.map((location) => location.city)).toEqual([
      'Kigali',
      'Nairobi',
      'Frankfurt',
      'Lagos',
    ]);
    const images = v.parse(
      operatingSystemListSchema,
      (await send(t, 'GET', `${RM}/operating-systems`, { token: owner.token })).body,
    );
    expect(images.operatingSystems.map((image) => `${image.name} ${image.version}`)).toEqual([
      'Ubuntu 24.04 LTS',
      'Ubuntu 22.04 LTS',
      'Debian 12 (bookworm)',
      'Rocky Linux 9',
      'AlmaLinux 9',
      'Fedora 41',
      'Alpine Linux 3.20',
    ]);
    const answer = await send(t, 'GET', `${RM}/instance-types`, { token: owner.token });
    const plans = v.parse(instanceTypeListSchema, answer.body).instanceTypes;
    expect(plans.map((plan) => plan.vcpus)).toEqual([1, 1, 2, 4, 8, 16, 32]);
    expect(plans[0]).toEqual({
      id: 's-1vcpu-1gb',
      name: '1 vCPU · 1 GB',
      vcpus: 1,
      memoryMb: 1024,
      diskGb: 25,
      hourly: { USD: 1, RWF: 10 },
      monthly: { USD: 500, RWF: 7_000 },
    });
    // The monthly cap is never above a month of hours.
    for (const plan of plans) expect(plan.monthly.USD).toBeLessThanOrEqual(plan.hourly.USD * 730);
    expect(answer.headers.get('Cache-Control')).toBe('private, max-age=300');
  });
});

describe('tags', () => {
  it('replaces the tags, normalized, and records the change once', async () => {
    const created = await createCompute(t, owner.token, teamId, computeRequest({ tags: ['web'] }));
    const id = created.body.compute.id;
    const path = computesPath(teamId, `/${id}/tags`);
    const answer = await send(t, 'PUT', path, {
      token: owner.token,
      body: { tags: [' Prod ', 'eu_west', 'db-1'] },
    });
    expectStatus(answer, 200);
    expect(answer.body.tags).toEqual(['prod', 'eu_west', 'db-1']);
    expect(Date.parse(answer.body.updatedAt)).toBeGreaterThan(Date.parse(created.body.compute.updatedAt));
    await send(t, 'PUT', path, { token: owner.token, body: { tags: ['prod', 'eu_west', 'db-1'] } });
    const events = (await history(t, owner.token, teamId, id)).body.events;
    expect(events.filter((event: { action: string }) => event.action === 'tags')).toEqual([
      expect.objectContaining({ result: 'succeeded', message: 'Tags: prod, eu_west, db-1.' }),
    ]);
    const cleared = await send(t, 'PUT', path, { token: owner.token, body: { tags: [] } });
    expect(cleared.body.tags).toEqual([]);
  });

  it('refuses tags that break the rules, each beside its place', async () => {
    const created = await createCompute(t, owner.token, teamId);
    const path = computesPath(teamId, `/${created.body.compute.id}/tags`);
    const cases: [unknown, { field: string; message: string }][] = [
      [
        ['web server'],
        { field: 'tags.0', message: 'Tags use lowercase letters, digits, hyphens and underscores only.' },
      ],
      [['ok', ''], { field: 'tags.1', message: 'A tag cannot be empty.' }],
      [['a'.repeat(33)], { field: 'tags.0', message: 'Use at most 32 characters for a tag.' }],
      [['web', 'WEB'], { field: 'tags', message: 'Each tag only once.' }],
      [
        Array.from({ length: 21 }, (_, index) => `t${index}`),
        { field: 'tags', message: 'Use at most 20 tags.' },
      ],
    ];
    for (const [tags, error] of cases) {
      const answer = await send(t, 'PUT', path, { token: owner.token, body: { tags } });
      expectStatus(answer, 422);
      expect(answer.body.errors).toContainEqual(error);
    }
  });
});

describe('reverse DNS', () => {
  const zoneRecord = (type: PublishedRecord['type'], name: string, value: string): PublishedRecord => ({
    type,
    name,
    value,
    ttl: 300,
    priority: null,
    weight: null,
    port: null,
  });
  /** A zone whose SOA and NS make it servable, with these records. */
  const zone = (name: string, records: PublishedRecord[]) => ({
    name,
    serial: 1,
    records: [
      zoneRecord('SOA', '@', `ns1.${name} hostmaster.${name} 1 7200 3600 1209600 300`),
      zoneRecord('NS', '@', `ns1.${name}`),
      ...records,
    ],
  });
  const dig = (port: number, ...args: string[]) =>
    runTool('dig', ['@127.0.0.1', '-p', String(port), '+norec', '+time=2', '+tries=1', ...args]);

  it('serves the PTR set on the page, checked against the name’s A and AAAA records, until the compute goes', async () => {
    const created = await createCompute(t, owner.token, teamId);
    const id = created.body.compute.id;
    const running = (await waitForStatus(t, owner.token, teamId, id, 'running')).body;
    const { ipv4, ipv6 } = running as { ipv4: string; ipv6: string };
    expect(running.reverseDns).toEqual({ ipv4: null, ipv6: null });
    // No default: a one-label hostname is not a name the world can resolve.
    expect((await dig(ours.address.udp, '-x', ipv4)).stdout).toContain('status: NXDOMAIN');

    // A team's zone on our own server, and a zone kept elsewhere that only the resolver knows.
    await ours.publish(
      zone('example.test', [zoneRecord('A', 'web', ipv4), zoneRecord('A', 'other', '198.51.100.9')]),
    );
    await resolver.publish(zone('elsewhere.test', [zoneRecord('AAAA', 'mail', ipv6)]));

    const path = computesPath(teamId, `/${id}/reverse-dns`);
    const refused = await send(t, 'PUT', path, {
      token: owner.token,
      body: { ipv4: 'other.example.test', ipv6: 'nothing.elsewhere.test' },
    });
    expectStatus(refused, 422);
    expect(refused.body.errors).toEqual([
      {
        field: 'ipv4',
        message: `other.example.test resolves to 198.51.100.9, not ${ipv4}. Add an A record for ${ipv4} to it first.`,
      },
      {
        field: 'ipv6',
        message: `nothing.elsewhere.test has no AAAA record. Add one pointing at ${ipv6}, then set the reverse name.`,
      },
    ]);
    // A name nobody answers for: the resolver's refusal is the reason, not a guess.
    const unanswered = await send(t, 'PUT', path, { token: owner.token, body: { ipv6: 'www.nowhere.test' } });
    expect(unanswered.body.errors).toEqual([
      {
        field: 'ipv6',
        message:
          'www.nowhere.test could not be looked up right now (the resolver answered REFUSED). Try again in a moment.',
      },
    ]);
    const badName = await send(t, 'PUT', path, { token: owner.token, body: { ipv4: 'web' } });
    expectStatus(badName, 422);
    expect(badName.body.errors[0].field).toBe('ipv4');

    // Another console of the team open meanwhile: it is sent the compute with its new names.
    const pushed: unknown[] = [];
    const unsubscribe = t.live.subscribe(owner.id, (message) => pushed.push(message));
    const set = await send(t, 'PUT', path, {
      token: owner.token,
      body: { ipv4: 'Web.Example.Test.', ipv6: 'mail.elsewhere.test' },
    });
    unsubscribe();
    expectStatus(set, 200);
    expect(set.body.reverseDns).toEqual({ ipv4: 'web.example.test', ipv6: 'mail.elsewhere.test' });
    expect(pushed).toContainEqual({
      type: 'compute.updated',
      compute: expect.objectContaining({ id, reverseDns: set.body.reverseDns }),
    });

    const v4 = await dig(ours.address.udp, '-x', ipv4);
    expect(v4.stdout).toMatch(/flags: qr aa;/);
    expect(v4.stdout).toMatch(/\tPTR\tweb\.example\.test\./);
    const v6 = await dig(ours.address.udp, '+short', '-x', ipv6);
    expect(v6.stdout.trim()).toBe('mail.elsewhere.test.');
    const soa = await dig(ours.address.udp, '+short', '2.0.192.in-addr.arpa', 'SOA');
    expect(soa.stdout).toMatch(/^ns1\.ikirere\.test\. hostmaster\.2\.0\.192\.in-addr\.arpa\. \d+ /);
    const ns = await dig(ours.address.udp, '+short', '0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa', 'NS');
    expect(ns.stdout.trim().split('\n').sort()).toEqual(['ns1.ikirere.test.', 'ns2.ikirere.test.']);
    // The serial is kept in the database: another server sharing it builds the zone with the same one, and
    // reading the zone (a reload, a transfer) never moves it on.
    const served = Number(soa.stdout.trim().split(' ')[2]);
    const otherServer = new ReverseDns(reverseDns.options);
    for (const server of [reverseDns, otherServer, reverseDns]) {
      expect((await server.named(database.handle.db, '2.0.192.in-addr.arpa'))?.serial).toBe(served);
    }

    // Signed (REVERSE_DNS_DNSSEC): a validating resolver trusts the answer with the zone's key.
    for (const [address, zoneName, target] of [
      [ipv4, '2.0.192.in-addr.arpa', 'web.example.test.'],
      [ipv6, '0.0.0.0.0.0.0.0.8.b.d.0.1.0.0.2.ip6.arpa', 'mail.elsewhere.test.'],
    ] as const) {
      const key = reverseZoneKeys('test-instance-secret')(zoneName)[0]!;
      const anchor = await trustAnchorFile(scratch, zoneName, presentDnskey(key));
      const validated = await delv(ours.address.udp, anchor, zoneName, reverseName(address)!, 'PTR');
      expect(validated.output).toContain('; fully validated');
      expect(validated.output).toContain(target);
    }

    const events = (await history(t, owner.token, teamId, id)).body.events;
    expect(events.find((event: { action: string }) => event.action === 'reverse_dns')).toMatchObject({
      result: 'succeeded',
      actor: { id: owner.id, name: 'Olive Owner' },
      message: `${ipv4} answers web.example.test. ${ipv6} answers mail.elsewhere.test.`,
    });
    const audit = (await auditRows(t, teamId)).filter((row) => row.action === 'compute.reverse_dns_changed');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({
      from: { ipv4: null, ipv6: null },
      to: { ipv4: 'web.example.test', ipv6: 'mail.elsewhere.test' },
    });

    // Another team cannot see the compute, let alone name it.
    const stranger = await person(t, 'Sam Stranger');
    const strangerTeam = await teamOf(t, stranger);
    const outside = await send(t, 'PUT', computesPath(strangerTeam, `/${id}/reverse-dns`), {
      token: stranger.token,
      body: { ipv4: null },
    });
    expectStatus(outside, 404);
    const foreign = await send(t, 'PUT', path, { token: stranger.token, body: { ipv4: null } });
    expectStatus(foreign, 404);

    // Removing one name leaves the other; destroying the compute leaves no PTR behind.
    const cleared = await send(t, 'PUT', path, { token: owner.token, body: { ipv4: null } });
    expect(cleared.body.reverseDns).toEqual({ ipv4: null, ipv6: 'mail.elsewhere.test' });
    expect((await dig(ours.address.udp, '-x', ipv4)).stdout).toContain('status: NXDOMAIN');
    expectStatus(
      await send(t, 'DELETE', computesPath(teamId, `/${id}`), {
        token: owner.token,
        body: { confirmHostname: running.hostname },
      }),
      202,
    );
    await waitForStatus(t, owner.token, teamId, id, 'gone');
    expect((await dig(ours.address.udp, '-x', ipv6)).stdout).toContain('status: NXDOMAIN');
  });
});

describe('metrics', () => {
  it.each([
    ['1h', 60, 60],
    ['24h', 300, 288],
    ['7d', 1_800, 336],
    ['30d', 7_200, 360],
  ])('answers %s at a %i s step with %i points per series', async (range, step, points) => {
    const created = await createCompute(t, owner.token, teamId);
    const answer = await send(
      t,
      'GET',
      computesPath(teamId, `/${created.body.compute.id}/metrics?range=${range}`),
      {
        token: owner.token,
      },
    );
    expectStatus(answer, 200);
    const metrics = v.parse(computeMetricsSchema, answer.body);
    expect(metrics.range).toBe(range);
    expect(metrics.stepSeconds).toBe(step);
    for (const series of [
      'timestamps',
      'cpu',
      'memory',
      'diskRead',
      'diskWrite',
      'networkIn',
      'networkOut',
    ] as const) {
      expect(metrics[series]).toHaveLength(points);
    }
    expect(
      metrics.timestamps.every(
        (time, index) => index === 0 || time - metrics.timestamps[index - 1]! === step,
      ),
    ).toBe(true);
    expect(metrics.timestamps.at(-1)).toBeLessThanOrEqual(Date.now() / 1000);
    // Made moments ago: the range before it has no data at all.
    expect(metrics.cpu[0]).toBeNull();
  });

  it('defaults to the last hour and refuses other ranges', async () => {
    const created = await createCompute(t, owner.token, teamId);
    const path = computesPath(teamId, `/${created.body.compute.id}/metrics`);
    expect((await send(t, 'GET', path, { token: owner.token })).body.range).toBe('1h');
    const answer = await send(t, 'GET', `${path}?range=1y`, { token: owner.token });
    expectStatus(answer, 422);
    expect(answer.body.errors[0].field).toBe('range');
  });

  it('is the same answer twice', async () => {
    const created = await createCompute(t, owner.token, teamId);
    const id = created.body.compute.id;
    await waitForStatus(t, owner.token, teamId, id, 'running');
    await action(t, owner.token, teamId, id, 'shutdown');
    const path = computesPath(teamId, `/${id}/metrics?range=24h`);
    const [first, second] = [
      await send(t, 'GET', path, { token: owner.token }),
      await send(t, 'GET', path, { token: owner.token }),
    ];
    expect(second.body).toEqual(first.body);
  });
});
