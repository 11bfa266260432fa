// The computes list: filters, search, every sort, keyset pages that add up to the whole, and the total.
// 300 computes written straight into the database (tests/support/seed-computes.ts).

import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeListSchema } from '@/contract/computes';
import { computes } from '../../../server/db/schema';
import { type SeededCompute, seedComputes } from '../../support/seed-computes';
import { computesPath } from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { expectStatus, type Person, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
let owner: Person;
let teamId: string;
let seeded: SeededCompute[];

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
  owner = await person(t, 'Olive Owner');
  teamId = await teamOf(t, owner);
  seeded = await seedComputes(t.identity.db, { teamId, count: 300, createdBy: owner.id });
  // Another team's computes and a destroyed one never show.
  await seedComputes(t.identity.db, { teamId: await teamOf(t, owner), count: 20, prefix: 'other' });
  await t.identity.db.update(computes).set({ status: 'destroyed' }).where(eq(computes.id, seeded[0]!.id));
  seeded = seeded.slice(1);
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

async function list(query = '') {
  const answer = await send(t, 'GET', computesPath(teamId, query), { token: owner.token });
  expectStatus(answer, 200);
  return v.parse(computeListSchema, answer.body);
}

/** Every page of a query, following nextCursor. */
async function allPages(query: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const separator = query ? '&' : '?';
    const page = await list(`${query}${cursor ? `${query ? separator : '?'}cursor=${cursor}` : ''}`);
    ids.push(...page.computes.map((compute) => compute.id));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { ids, pages };
}

const byCreatedDesc = () => [...seeded].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());

describe('GET /teams/:teamId/computes', () => {
  it('answers the newest 100 with the total, and pages through all of them without repeats', async () => {
    const first = await list();
    expect(first.computes).toHaveLength(100);
    expect(first.total).toBe(299);
    expect(first.computes.map((compute) => compute.id)).toEqual(
      byCreatedDesc()
        .slice(0, 100)
        .map((row) => row.id),
    );
    expect(first.computes[0]).toMatchObject({
      teamId,
      location: { id: expect.any(String), name: expect.any(String) },
      createdBy: { id: owner.id, name: 'Olive Owner' },
    });
    const { ids, pages } = await allPages('');
    expect(pages).toBe(3);
    expect(ids).toEqual(byCreatedDesc().map((row) => row.id));
  });

  it('takes a page size up to 500', async () => {
    expect((await list('?limit=500')).computes).toHaveLength(299);
    expect((await list('?limit=7')).computes).toHaveLength(7);
    for (const bad of ['0', '501', 'ten']) {
      const answer = await send(t, 'GET', computesPath(teamId, `?limit=${bad}`), { token: owner.token });
      expectStatus(answer, 422);
      expect(answer.body.errors[0].field).toBe('limit');
    }
  });

  it.each([
    ['hostname_asc', (a: SeededCompute, b: SeededCompute) => a.hostname.localeCompare(b.hostname)],
    ['hostname_desc', (a: SeededCompute, b: SeededCompute) => b.hostname.localeCompare(a.hostname)],
    ['created_asc', (a: SeededCompute, b: SeededCompute) => a.createdAt.getTime() - b.createdAt.getTime()],
    [
      'status_asc',
      (a: SeededCompute, b: SeededCompute) =>
        a.status.localeCompare(b.status) || b.createdAt.getTime() - a.createdAt.getTime(),
    ],
  ])('sorts by %s across pages', async (sort, compare) => {
    const { ids } = await allPages(`?sort=${sort}&limit=64`);
    expect(ids).toEqual([...seeded].sort(compare).map((row) => row.id));
  });

  it('filters by status, location and tag, with the total of the matches', async () => {
    const stopped = await list('?status=stopped&limit=500');
    const expected = seeded.filter((row) => row.status === 'stopped');
    expect(stopped.total).toBe(expected.length);
    expect(stopped.computes.every((compute) => compute.status === 'stopped')).toBe(true);

    const nairobi = await list('?location=nbo1&limit=500');
    expect(nairobi.total).toBe(seeded.filter((row) => row.locationId === 'nbo1').length);

    const cache = await list('?tag=cache&limit=500');
    expect(cache.total).toBe(seeded.filter((row) => row.tags.includes('cache')).length);
    expect(cache.computes.every((compute) => compute.tags.includes('cache'))).toBe(true);

    const combined = await list('?tag=web&status=running&location=kgl1&limit=500');
    expect(combined.total).toBe(
      seeded.filter(
        (row) => row.tags.includes('web') && row.status === 'running' && row.locationId === 'kgl1',
      ).length,
    );
  });

  it('searches hostnames, addresses and tags, case-insensitively and literally', async () => {
    const byName = await list('?search=NODE-0012');
    expect(byName.computes.map((compute) => compute.hostname).sort()).toEqual(
      seeded
        .filter((row) => row.hostname.includes('node-0012'))
        .map((row) => row.hostname)
        .sort(),
    );
    const target = seeded[42]!;
    const byAddress = await list(`?search=${target.ipv4}`);
    expect(byAddress.computes.map((compute) => compute.id)).toContain(target.id);
    expect(byAddress.total).toBe(seeded.filter((row) => row.ipv4.includes(target.ipv4)).length);
    const byTag = await list('?search=stag');
    expect(byTag.total).toBe(seeded.filter((row) => row.tags.includes('staging')).length);
    expect((await list('?search=%25')).total).toBe(0);
    expect((await list('?search=node_')).total).toBe(0);
  });

  it('refuses a cursor made for another sort, or a damaged one', async () => {
    const page = await list('?sort=hostname_asc&limit=5');
    for (const query of [`?sort=created_desc&cursor=${page.nextCursor}`, '?cursor=not-a-cursor']) {
      const answer = await send(t, 'GET', computesPath(teamId, query), { token: owner.token });
      expectStatus(answer, 422);
      expect(answer.body.errors).toEqual([
        {
          field: 'cursor',
          message: 'This cursor belongs to another sort or is damaged; start again from the first page.',
        },
      ]);
    }
  });
});
