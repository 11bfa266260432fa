// Private networks through the API on the hypervisor simulator: made with a block inside RFC 1918 apart
// from the team's other networks (another team may use the same block); bad blocks — host bits, a public
// block, a prefix too short or too long, an overlap — and a taken name refused beside the field with nothing
// made; computes join with the next free address (their card kept by the simulator, with the MAC chosen from
// the address) and leave it free; a compute not at rest, and the driver refusing a join or a leave, answered
// with the reason and nothing changed; a destroyed compute's address freed; another team's compute and
// network unknown; deleted with its computes leaving first; every change in the team's audit log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HypervisorSimulator } from '../../../server/drivers/compute/simulator/simulator';
import { DEFAULT_SIMULATOR_CONFIG } from '../../../server/drivers/compute/simulator/simulator-config';
import { fundedTeamOf } from '../support/billing';
import {
  computeRequest,
  computesPath,
  createCompute,
  RM,
  uniqueHostname,
  waitForStatus,
} from '../support/computes';
import { gate } from '../support/gate';
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
  [web, db, cache, strangersCompute] = await Promise.all([
    make(owner.token, teamId),
    make(owner.token, teamId),
    make(owner.token, teamId),
    make(stranger.token, otherTeamId),
  ]);
});

/** A compute of the team, once it reached `status` (running, or error for one that fails provisioning). */
async function make(token: string, team: string, hostname = uniqueHostname(), status = 'running') {
  const created = await createCompute(t, token, team, computeRequest({ hostname }));
  expectStatus(created, 201);
  const id = created.body.compute.id as string;
  await waitForStatus(t, token, team, id, status);
  return id;
}

/** Destroys the compute and waits until it is gone. */
async function destroy(computeId: string) {
  const { hostname } = (await send(t, 'GET', computesPath(teamId, `/${computeId}`), { token: owner.token }))
    .body;
  expectStatus(
    await send(t, 'DELETE', computesPath(teamId, `/${computeId}`), {
      token: owner.token,
      body: { confirmHostname: hostname },
    }),
    202,
  );
  await waitForStatus(t, owner.token, teamId, computeId, 'gone');
}

const simulator = () => t.computes.driver as HypervisorSimulator;
const join = (network: string, computeId: string, token = owner.token, team = teamId) =>
  send(t, 'POST', path(team, `/${network}/members`), { token, body: { computeId } });
const leave = (network: string, computeId: string) =>
  send(t, 'DELETE', path(teamId, `/${network}/members/${computeId}`), { token: owner.token });
const addresses = (answer: {
  body: { network: { members: Array<{ computeId: string; address: string }> } };
}) => Object.fromEntries(answer.body.network.members.map((m) => [m.computeId, m.address]));
const makeNetwork = async (name: string, ipv4Block: string) => {
  const made = await send(t, 'POST', path(teamId), { token: owner.token, body: { name, ipv4Block } });
  expectStatus(made, 201);
  return made.body.network.id as string;
};
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
    expectStatus(await join(networkId, web), 200);
    const second = await join(networkId, db);
    expectStatus(second, 200);
    expect(addresses(second)).toEqual({ [web]: '10.20.0.1', [db]: '10.20.0.2' });
    expect(second.body.network.isolation).toBe('simulated');
    // The simulator keeps each compute's card: its address, and the MAC chosen from it.
    expect(simulator().networks.cardsOf(db)).toEqual([
      { networkId, ipv4Block: '10.20.0.0/24', address: '10.20.0.2', mac: '52:54:0a:14:00:02' },
    ]);
    const again = await join(networkId, web);
    expectStatus(again, 409);
    expect(again.body.errors[0]).toMatchObject({
      field: 'computeId',
      message: expect.stringContaining('10.20.0.1'),
    });
    const theirs = await join(networkId, strangersCompute);
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
    expect(simulator().networks.cardsOf(web)).toEqual([]);
    expect(addresses(await join(networkId, cache))).toEqual({ [db]: '10.20.0.2', [cache]: '10.20.0.1' });
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

  it('are joined only by a compute at rest, and a join or leave the hypervisor refuses changes nothing', async () => {
    const auditBefore = (await auditRows(t, teamId)).length;
    const broken = await make(owner.token, teamId, uniqueHostname('fail-provision'), 'error');
    const notAtRest = await join(networkId, broken);
    expectStatus(notAtRest, 409);
    expect(notAtRest.body.errors[0]).toMatchObject({
      field: 'computeId',
      message: expect.stringContaining('is error: a compute joins a network while running or stopped'),
    });
    // Unverified teams run five computes at most: each of these goes once it has done its part.
    await destroy(broken);
    const picky = await make(owner.token, teamId, uniqueHostname('net-fail-join'));
    const refused = await join(networkId, picky);
    expectStatus(refused, 409);
    expect(refused.body.errors).toEqual([
      {
        field: 'computeId',
        message:
          'The compute could not join the network: the guest did not take the change (simulated failure).',
      },
    ]);
    expect(simulator().networks.cardsOf(picky)).toEqual([]);
    await destroy(picky);
    const stubborn = await make(owner.token, teamId, uniqueHostname('zz-net-fail-leave'));
    expectStatus(await join(networkId, stubborn), 200);
    const stays = await leave(networkId, stubborn);
    expectStatus(stays, 409);
    expect(stays.body.detail).toBe(
      'The compute could not leave the network: the guest did not take the change (simulated failure). Nothing changed; try again.',
    );
    const now = await send(t, 'GET', path(teamId, `/${networkId}`), { token: owner.token });
    // The refused join took no address; the refused leave kept the compute on it.
    expect(addresses(now)).toEqual({ [db]: '10.20.0.2', [cache]: '10.20.0.1', [stubborn]: '10.20.0.3' });
    const audit = (await auditRows(t, teamId))
      .slice(auditBefore)
      .filter((row) => row.action.startsWith('network.'));
    expect(audit.map((row) => row.action)).toEqual(['network.compute_attached']);
  });

  it('let a destroyed compute’s address go', async () => {
    const doomed = await make(owner.token, teamId);
    const joined = await join(networkId, doomed);
    expectStatus(joined, 200);
    expect(addresses(joined)[doomed]).toBe('10.20.0.4');
    await destroy(doomed);
    const now = await send(t, 'GET', path(teamId, `/${networkId}`), { token: owner.token });
    expect(Object.keys(addresses(now))).not.toContain(doomed);
    expect(simulator().networks.cardsOf(doomed)).toEqual([]);
    expect((await auditRows(t, teamId)).at(-1)).toMatchObject({
      action: 'network.compute_detached',
      actorUserId: null,
      details: expect.objectContaining({ computeId: doomed, address: '10.20.0.4', reason: 'destroyed' }),
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

  it('are deleted only once their computes left them, each leaving recorded', async () => {
    const members = await send(t, 'GET', path(teamId, `/${networkId}`), { token: owner.token });
    const stubborn = members.body.network.members.find((member: { hostname: string }) =>
      member.hostname.includes('fail-leave'),
    ).computeId as string;
    // By hostname, the two web-… computes leave first; the one that cannot keeps the network, with the reason.
    const refused = await send(t, 'DELETE', path(teamId, `/${networkId}`), { token: owner.token });
    expectStatus(refused, 409);
    expect(refused.body.detail).toMatch(
      /^The network could not be deleted: zz-net-fail-leave-\S+ could not leave it \(web-\S+, web-\S+ left it\): the guest did not take the change \(simulated failure\)\. The network stays; try again\.$/,
    );
    const kept = await send(t, 'GET', path(teamId, `/${networkId}`), { token: owner.token });
    expectStatus(kept, 200);
    expect(Object.keys(addresses(kept))).toEqual([stubborn]);
    expect(simulator().networks.cardsOf(db)).toEqual([]);
    expect(simulator().networks.cardsOf(stubborn)).toHaveLength(1);
    const left = (await auditRows(t, teamId)).slice(-2);
    expect(left.map((row) => [row.action, (row.details as { computeId: string }).computeId])).toEqual([
      ['network.compute_detached', expect.any(String)],
      ['network.compute_detached', expect.any(String)],
    ]);
    // Once it is gone, the network goes.
    await destroy(stubborn);
    expectStatus(await send(t, 'DELETE', path(teamId, `/${networkId}`), { token: owner.token }), 204);
    expectStatus(await send(t, 'GET', path(teamId, `/${networkId}`), { token: owner.token }), 404);
    expect((await auditRows(t, teamId)).at(-1)).toMatchObject({
      action: 'network.deleted',
      target: 'backend',
    });
  });

  it('of a team may share a block with another team’s, each keeping its own computes', async () => {
    const ours = await makeNetwork('shared-block', '10.50.0.0/24');
    const theirs = await send(t, 'POST', path(otherTeamId), {
      token: stranger.token,
      body: { name: 'shared-block', ipv4Block: '10.50.0.0/24' },
    });
    expectStatus(theirs, 201);
    expect(addresses(await join(ours, web))).toEqual({ [web]: '10.50.0.1' });
    const joinedTheirs = await join(theirs.body.network.id, strangersCompute, stranger.token, otherTeamId);
    expect(addresses(joinedTheirs)).toEqual({ [strangersCompute]: '10.50.0.1' });
    // Same address, same MAC: on networks (bridges) of their own.
    expect(simulator().networks.cardsOf(web)[0]!.networkId).toBe(ours);
    expect(simulator().networks.cardsOf(strangersCompute)[0]!.networkId).toBe(theirs.body.network.id);
  });
});

describe('a join under way', () => {
  /** Holds the simulator's next join at the hypervisor until `release()`; `entered` once it is there. */
  function holdNextJoin() {
    const networks = simulator().networks;
    const original = networks.join.bind(networks);
    const held = gate();
    networks.join = async (...args) => {
      networks.join = original;
      await held.wait();
      return original(...args);
    };
    return held;
  }

  it('is waited for: the compute cannot leave, nor the network be deleted, until its card is there', async () => {
    const network = await makeNetwork('joining', '10.60.0.0/24');
    const compute = db;
    const { hostname } = (await send(t, 'GET', computesPath(teamId, `/${compute}`), { token: owner.token }))
      .body;
    const held = holdNextJoin();
    const joining = join(network, compute);
    await held.entered;

    const early = `${hostname} is joining this network right now. Try again once it has joined.`;
    for (const answer of [
      await leave(network, compute),
      await send(t, 'DELETE', path(teamId, `/${network}`), { token: owner.token }),
    ]) {
      expectStatus(answer, 409);
      expect(answer.body.detail).toBe(early);
    }

    held.release();
    const joined = await joining;
    expectStatus(joined, 200);
    expect(addresses(joined)).toEqual({ [compute]: '10.60.0.1' });
    const cardsOn = () =>
      simulator()
        .networks.cardsOf(compute)
        .filter((card) => card.networkId === network);
    expect(cardsOn()).toHaveLength(1);
    expectStatus(await send(t, 'DELETE', path(teamId, `/${network}`), { token: owner.token }), 204);
    expect(cardsOn()).toEqual([]);
  });

  it('that begins while the network is deleted is taken off again with it: no card is left behind', async () => {
    const network = await makeNetwork('late-joiner', '10.61.0.0/24');
    const [first, late] = [web, cache];
    expectStatus(await join(network, first), 200);
    // While the hypervisor removes the network, another person adds a compute to it (and is told it joined).
    const networks = simulator().networks;
    const remove = networks.remove.bind(networks);
    let lateJoin: Awaited<ReturnType<typeof join>> | undefined;
    networks.remove = async (id) => {
      networks.remove = remove;
      lateJoin = await join(network, late);
      return remove(id);
    };
    expectStatus(await send(t, 'DELETE', path(teamId, `/${network}`), { token: owner.token }), 204);
    expectStatus(lateJoin!, 200);
    expectStatus(await send(t, 'GET', path(teamId, `/${network}`), { token: owner.token }), 404);
    const cardsOn = (computeId: string) =>
      simulator()
        .networks.cardsOf(computeId)
        .filter((card) => card.networkId === network);
    expect(cardsOn(first)).toEqual([]);
    expect(cardsOn(late)).toEqual([]);
    const audit = (await auditRows(t, teamId)).slice(-4);
    expect(audit.map((row) => [row.action, (row.details as { computeId?: string }).computeId])).toEqual([
      ['network.compute_attached', late],
      ['network.compute_detached', first],
      ['network.compute_detached', late],
      ['network.deleted', undefined],
    ]);
  });
});
