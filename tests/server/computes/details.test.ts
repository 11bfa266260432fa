// The catalog, tags and metrics of computes, through the API.
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  computeMetricsSchema,
  instanceTypeListSchema,
  locationListSchema,
  operatingSystemListSchema,
} from '@/contract/computes';
import { teams } from '../../../server/db/schema';
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
import { expectStatus, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
let owner: Person;
let teamId: string;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
  owner = await person(t, 'Olive Owner');
  teamId = await fundedTeamOf(t, owner);
  await t.identity.db.update(teams).set({ verificationStatus: 'VERIFIED' }).where(eq(teams.id, teamId));
});
afterAll(async () => {
  await t?.computes.close();
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
