// Private networks through the API on the hypervisor simulator: made with a block inside RFC 1918 apart
// from the team's other networks (another team may use the same block); bad blocks — host bits, a public
// block, a prefix too short or too long, an overlap — and a taken name refused beside the field with nothing
// made; computes join with the next free address and leave it free; another team's compute and network
// unknown; deleted; every change in the team's audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SIMULATOR_CONFIG } from '../../../server/drivers/compute/simulator/simulator-config';
import { fundedTeamOf } from '../support/billing';
import { computeRequest, createCompute, RM } from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp, TEST_SIMULATOR_SPEED } from '../support/identity';
import { auditRows, expectStatus, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;
let owner: Person;
let stranger: Person;
let teamId: string;
let otherTeamId: string;
let web: string;
let db: string;
let cache: string;
let strangersCompute: string;

const path = (team: string, rest = '') => `${RM}/teams/${team}/networks${rest}`;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle, {
    compute: { simulator: { ...DEFAULT_SIMULATOR_CONFIG, speed: TEST_SIMULATOR_SPEED } },
  });
  owner = await person(t, 'Nadia Network');
  stranger = await person(t, 'Sam Stranger');
  teamId = await fundedTeamOf(t, owner, [], 'Network team');
  otherTeamId = await fundedTeamOf(t, stranger, [], 'Other team');
  const make = async (token: string, team: string) => {
    const created = await createCompute(t, token, team, computeRequest());
    expectStatus(created, 201);
    return created.body.compute.id as string;
  };
  web = await make(owner.token, teamId);
  db = await make(owner.token, teamId);
  cache = await make(owner.token, teamId);
  strangersCompute = await make(stranger.token, otherTeamId);
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

describe('private networks', () => {
  let networkId: string;

  it('are made with a private block, empty, with an audit entry', async () => {
    const made = await send(t, 'POST', path(teamId), {
      token: owner.token,
      body: { name: 'backend', ipv4Block: '10.20.0.0/24' },
    });
    expectStatus(made, 201);
    networkId = made.body.network.id;
    expect(made.body.network).toMatchObject({
      name: 'backend',
      ipv4Block: '10.20.0.0/24',
      members: [],
      isolation: 'simulated',
    });
    expect((await auditRows(t, teamId)).at(-1)).toMatchObject({
      action: 'network.created',
      target: 'backend',
      actorUserId: owner.id,
    });
  });

  it('refuse a bad or overlapping block and a taken name beside the field, and make nothing', async () => {
    const attempt = (ipv4Block: string, name = 'other') =>
      send(t, 'POST', path(teamId), { token: owner.token, body: { name, ipv4Block } });
    const refusals: Array<[string, number, string]> = [
      ['10.20.1.1/24', 422, '10.20.1.1/24 has bits set after its prefix: write 10.20.1.0/24.'],
      [
        '8.8.8.0/24',
        422,
        '8.8.8.0/24 is not a private block: choose one inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16 (RFC 1918).',
      ],
      [
        '172.32.0.0/16',
        422,
        '172.32.0.0/16 is not a private block: choose one inside 10.0.0.0/8, 172.16.0.0/12 or 192.168.0.0/16 (RFC 1918).',
      ],
      ['10.0.0.0/8', 422, 'A private network is a /16 to a /28: 10.0.0.0/8 is a /8.'],
      ['192.168.1.0/30', 422, 'A private network is a /16 to a /28: 192.168.1.0/30 is a /30.'],
      ['backend', 422, 'backend is not an IPv4 prefix: write one such as 10.20.0.0/24.'],
      [
        '10.20.0.128/25',
        409,
        "10.20.0.128/25 overlaps the team's network backend (10.20.0.0/24): choose a block apart from it.",
      ],
      [
        '10.20.0.0/16',
        409,
        "10.20.0.0/16 overlaps the team's network backend (10.20.0.0/24): choose a block apart from it.",
      ],
    ];
    for (const [block, status, message] of refusals) {
      const answer = await attempt(block);
      expectStatus(answer, status);
      expect(answer.body.errors, block).toEqual([{ field: 'ipv4Block', message }]);
    }
    const taken = await attempt('10.30.0.0/24', 'backend');
    expectStatus(taken, 409);
    expect(taken.body.errors).toEqual([
      { field: 'name', message: 'This team already has a network named backend.' },
    ]);
    const list = await send(t, 'GET', path(teamId), { token: owner.token });
    expect(list.body.networks.map((n: { name: string }) => n.name)).toEqual(['backend']);
    // Another team's networks are its own: the same block is theirs to use.
    expectStatus(
      await send(t, 'POST', path(otherTeamId), {
        token: stranger.token,
        body: { name: 'theirs', ipv4Block: '10.20.0.0/24' },
      }),
      201,
    );
  });

  it('are joined by the team’s computes with the next free address, which leaving frees', async () => {
    const join = (computeId: string, token = owner.token, team = teamId) =>
      send(t, 'POST', path(team, `/${networkId}/members`), { token, body: { computeId } });
    expectStatus(await join(web), 200);
    const second = await join(db);
    expectStatus(second, 200);
    const addresses = (answer: {
      body: { network: { members: Array<{ computeId: string; address: string }> } };
    }) => Object.fromEntries(answer.body.network.members.map((m) => [m.computeId, m.address]));
    expect(addresses(second)).toEqual({ [web]: '10.20.0.1', [db]: '10.20.0.2' });
    const again = await join(web);
    expectStatus(again, 409);
    expect(again.body.errors[0]).toMatchObject({
      field: 'computeId',
      message: expect.stringContaining('10.20.0.1'),
    });
    const theirs = await join(strangersCompute);
    expectStatus(theirs, 422);
    expect(theirs.body.errors).toEqual([
      { field: 'computeId', message: 'This team has no such compute (it may have been destroyed).' },
    ]);
    const left = await send(t, 'DELETE', path(teamId, `/${networkId}/members/${web}`), {
      token: owner.token,
    });
    expectStatus(left, 200);
    expect(addresses(left)).toEqual({ [db]: '10.20.0.2' });
    expectStatus(
      await send(t, 'DELETE', path(teamId, `/${networkId}/members/${web}`), { token: owner.token }),
      404,
    );
    expect(addresses(await join(cache))).toEqual({ [db]: '10.20.0.2', [cache]: '10.20.0.1' });
    const audit = await auditRows(t, teamId);
    expect(audit.slice(-4).map((row) => row.action)).toEqual([
      'network.compute_attached',
      'network.compute_attached',
      'network.compute_detached',
      'network.compute_attached',
    ]);
    expect(audit.at(-1)).toMatchObject({
      details: expect.objectContaining({ computeId: cache, address: '10.20.0.1' }),
    });
  });

  it('of another team are not found', async () => {
    for (const [method, rest, body] of [
      ['GET', '', undefined],
      ['DELETE', '', undefined],
      ['POST', '/members', { computeId: strangersCompute }],
      ['DELETE', `/members/${db}`, undefined],
    ] as const) {
      const answer = await send(t, method, path(teamId, `/${networkId}${rest}`), {
        token: stranger.token,
        body,
      });
      expectStatus(answer, 404);
    }
    expectStatus(await send(t, 'GET', path(otherTeamId, `/${networkId}`), { token: stranger.token }), 404);
    expectStatus(await send(t, 'GET', path(teamId, '/not-an-id'), { token: owner.token }), 404);
  });

  it('are deleted with an audit entry', async () => {
    expectStatus(await send(t, 'DELETE', path(teamId, `/${networkId}`), { token: owner.token }), 204);
    expectStatus(await send(t, 'GET', path(teamId, `/${networkId}`), { token: owner.token }), 404);
    expect((await auditRows(t, teamId)).at(-1)).toMatchObject({
      action: 'network.deleted',
      target: 'backend',
    });
  });
});
