// Delegation: whether the registrar points a domain at our name servers, as a (fake) resolver sees it —
// pending, then active, then lost — checked after creation, on request (rate-limited) and in the
// background; a resolver that fails or says nothing changes only checkedAt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@/contract/socket';
import { systemDelegationResolver } from '../../../server/domains';
import { createEmbeddedDnsDriver, type EmbeddedDnsDriver } from '../../../server/drivers/dns/embedded';
import { createLogger } from '../../../server/logger';
import {
  addDomain,
  buildDomainsTestApp,
  type DomainsTestApp,
  domainsPath,
  uniqueZone,
} from '../support/domains';
import { auditRows, expectStatus, type Person, person, send, teamOf } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: DomainsTestApp;
let owner: Person;
let teamId: string;

const OURS = ['ns1.ikirere.test', 'ns2.ikirere.test'];

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildDomainsTestApp(database.handle, { delegationDeadlineMs: 200 });
  owner = await person(t, 'Olive Owner');
  teamId = await teamOf(t, owner);
});
afterAll(async () => {
  await t?.domains.close();
  await t?.computes.close();
  await database?.dispose();
});

function check(domainId: string) {
  return send(t, 'POST', domainsPath(teamId, `/${domainId}/delegation-check`), { token: owner.token });
}

/** Moves the test clock past the once-per-10-seconds limit of "check now". */
function later() {
  t.clock.advance(10_000);
}

describe('delegation', () => {
  it('goes from pending to active when the registrar lists our name servers, and to lost when it stops', async () => {
    const name = uniqueZone('delegated');
    const created = await addDomain(t, owner.token, teamId, name);
    expectStatus(created, 201);
    const domainId = created.body.id;
    // Checked right after creation, in the background: nothing points at us yet.
    await t.domains.delegation.idle();
    expect(t.resolver.asked).toContain(name);
    const first = await send(t, 'GET', domainsPath(teamId, `/${domainId}`), { token: owner.token });
    expect(first.body.delegation).toEqual({
      status: 'pending',
      checkedAt: t.clock.now().toISOString(),
      found: [],
    });

    // Only one of ours listed: still pending.
    t.resolver.delegate(name, ['ns1.ikirere.test.', 'ns9.elsewhere.net.']);
    const partial = await check(domainId);
    expectStatus(partial, 200);
    expect(partial.body.delegation).toMatchObject({
      status: 'pending',
      found: ['ns1.ikirere.test', 'ns9.elsewhere.net'],
    });

    later();
    t.resolver.delegate(name, ['NS2.Ikirere.Test.', 'ns1.ikirere.test']);
    const active = await check(domainId);
    expect(active.body.delegation).toEqual({
      status: 'active',
      checkedAt: t.clock.now().toISOString(),
      found: OURS,
    });

    later();
    t.resolver.delegate(name, ['ns1.elsewhere.net']);
    const lost = await check(domainId);
    expect(lost.body.delegation).toMatchObject({ status: 'lost', found: ['ns1.elsewhere.net'] });

    later();
    t.resolver.delegate(name, OURS);
    expect((await check(domainId)).body.delegation.status).toBe('active');

    const changes = (await auditRows(t, teamId)).filter((row) => row.action === 'domain.delegation_changed');
    expect(changes.map((row) => [row.details.from, row.details.to, row.actorUserId])).toEqual([
      ['pending', 'active', null],
      ['active', 'lost', null],
      ['lost', 'active', null],
    ]);
  });

  it('leaves the status as it was when the resolver fails or says nothing, and still records the check', async () => {
    const name = uniqueZone('flaky');
    t.resolver.delegate(name, OURS);
    const created = await addDomain(t, owner.token, teamId, name);
    await t.domains.delegation.idle();
    const domainId = created.body.id;
    expect(
      (await send(t, 'GET', domainsPath(teamId, `/${domainId}`), { token: owner.token })).body.delegation
        .status,
    ).toBe('active');

    later();
    t.resolver.fail(name);
    const failed = await check(domainId);
    expect(failed.body.delegation).toEqual({
      status: 'active',
      checkedAt: t.clock.now().toISOString(),
      found: OURS,
    });

    later();
    t.resolver.answers.set(name, 'hang');
    const started = Date.now();
    const silent = await check(domainId);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(silent.body.delegation).toEqual({
      status: 'active',
      checkedAt: t.clock.now().toISOString(),
      found: OURS,
    });
  });

  it('checks a domain on request at most once per 10 seconds', async () => {
    const created = await addDomain(t, owner.token, teamId);
    const domainId = created.body.id;
    expectStatus(await check(domainId), 200);
    t.clock.advance(4_000);
    const again = await check(domainId);
    expectStatus(again, 429);
    expect(again.body.retryAfterSeconds).toBe(6);
    expect(again.headers.get('Retry-After')).toBe('6');
    t.clock.advance(6_000);
    expectStatus(await check(domainId), 200);
  });

  it('checks every domain in the background, one round at a time, and tells open consoles', async () => {
    const name = uniqueZone('background');
    const created = await addDomain(t, owner.token, teamId, name);
    await t.domains.delegation.idle();
    const messages: ServerMessage[] = [];
    const unsubscribe = t.domains.deps.live.subscribe(owner.id, (message) => messages.push(message));
    try {
      t.resolver.delegate(name, OURS);
      t.domains.delegation.startBackground(0.05);
      await expect.poll(() => messages.length, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(messages[0]).toMatchObject({
        type: 'domain.updated',
        domain: { id: created.body.id, delegation: { status: 'active', found: OURS } },
      });
      const rounds = t.resolver.asked.filter((zone) => zone === name).length;
      await expect
        .poll(() => t.resolver.asked.filter((zone) => zone === name).length, { timeout: 5_000 })
        .toBeGreaterThan(rounds);
    } finally {
      unsubscribe();
    }
    // Closing stops the rounds: nothing is asked afterwards.
    await t.domains.delegation.close();
    const asked = t.resolver.asked.length;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(t.resolver.asked.length).toBe(asked);
  });
});

describe('delegation, asked over the network', () => {
  let real: DomainsTestApp;
  let driver: EmbeddedDnsDriver;

  beforeAll(async () => {
    driver = await createEmbeddedDnsDriver({ host: '127.0.0.1', port: 0, logger: createLogger('silent') });
    // The embedded server is authoritative for the zones it holds: asked directly, it answers their NS
    // records as a resolver would once the registrar delegates to us.
    real = buildDomainsTestApp(database.handle, {
      driver,
      resolver: systemDelegationResolver([`127.0.0.1:${driver.address.udp}`], 1_500),
    });
  });
  afterAll(async () => {
    await real?.domains.close();
    await real?.computes.close();
  });

  it('sees a zone served by our name servers as active, and keeps the status when the server refuses', async () => {
    const created = await addDomain(real, owner.token, teamId);
    expectStatus(created, 201);
    await real.domains.delegation.idle();
    const active = await send(real, 'GET', domainsPath(teamId, `/${created.body.id}`), {
      token: owner.token,
    });
    expect(active.body.delegation).toMatchObject({ status: 'active', found: OURS });

    // Unpublished behind the console's back: the server now refuses the name, which is no answer at all.
    await driver.unpublish(created.body.name);
    real.clock.advance(10_000);
    const refused = await send(real, 'POST', domainsPath(teamId, `/${created.body.id}/delegation-check`), {
      token: owner.token,
    });
    expect(refused.body.delegation).toMatchObject({
      status: 'active',
      checkedAt: real.clock.now().toISOString(),
      found: OURS,
    });
  });
});
