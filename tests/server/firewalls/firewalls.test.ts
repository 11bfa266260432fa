// Firewalls through the API on the hypervisor simulator: made with inbound rules and applied to computes by
// id and by tag; bad input (a prefix with host bits, a prefix length past 32, a TCP rule without ports,
// another team's compute, a name taken) refused with the reason beside the field and nothing made; changed
// and deleted with the history and the team's audit log written together; another team's firewall not
// found; API tokens need the computes scope (read to list, read_write to change); the simulator says it
// does not enforce them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenScopes } from '@/contract/api-tokens';
import type { HypervisorSimulator } from '../../../server/drivers/compute/simulator/simulator';
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
let byId: string;
let byTag: string;
let untagged: string;
let strangersCompute: string;

const path = (team: string, rest = '') => `${RM}/teams/${team}/firewalls${rest}`;
const ssh = { protocol: 'tcp', ports: '22', sources: ['0.0.0.0/0', '::/0'] };

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle, {
    compute: { simulator: { ...DEFAULT_SIMULATOR_CONFIG, speed: TEST_SIMULATOR_SPEED } },
  });
  owner = await person(t, 'Olive Owner');
  stranger = await person(t, 'Sam Stranger');
  teamId = await fundedTeamOf(t, owner, [], 'Firewall team');
  otherTeamId = await fundedTeamOf(t, stranger, [], 'Other team');
  const make = async (token: string, team: string, tags: string[]) => {
    const created = await createCompute(t, token, team, computeRequest({ tags }));
    expectStatus(created, 201);
    return created.body.compute.id as string;
  };
  byId = await make(owner.token, teamId, []);
  byTag = await make(owner.token, teamId, ['web']);
  untagged = await make(owner.token, teamId, ['db']);
  strangersCompute = await make(stranger.token, otherTeamId, ['web']);
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

describe('firewalls', () => {
  let firewallId: string;

  it('are made with inbound rules on computes by id and by tag, with their history and an audit entry', async () => {
    const made = await send(t, 'POST', path(teamId), {
      token: owner.token,
      body: {
        name: 'web',
        rules: [ssh, { protocol: 'icmp', ports: null, sources: ['198.51.100.0/24'] }],
        computeIds: [byId],
        tags: ['web'],
      },
    });
    expectStatus(made, 201);
    firewallId = made.body.firewall.id;
    // The tag covers this team's tagged compute, never another team's with the same tag.
    expect(made.body.firewall.computes.map((c: { id: string }) => c.id).sort()).toEqual([byId, byTag].sort());
    expect(made.body.firewall.enforcement).toBe('simulated');
    const read = await send(t, 'GET', path(teamId, `/${firewallId}`), { token: owner.token });
    expectStatus(read, 200);
    expect(read.body.firewall.rules).toEqual([
      ssh,
      { protocol: 'icmp', ports: null, sources: ['198.51.100.0/24'] },
    ]);
    expect(read.body.history).toEqual([
      expect.objectContaining({
        action: 'created',
        actor: { id: owner.id, name: 'Olive Owner' },
        message: expect.stringContaining('TCP 22 from 0.0.0.0/0, ::/0'),
      }),
    ]);
    const audit = await auditRows(t, teamId);
    expect(audit.at(-1)).toMatchObject({ action: 'firewall.created', target: 'web', actorUserId: owner.id });
  });

  it('refuse bad rules with the reason beside the field, and make nothing', async () => {
    const attempt = (body: Record<string, unknown>) =>
      send(t, 'POST', path(teamId), { token: owner.token, body: { name: 'bad', rules: [ssh], ...body } });
    const hostBits = await attempt({ rules: [{ protocol: 'tcp', ports: '80', sources: ['10.1.2.3/8'] }] });
    expectStatus(hostBits, 422);
    expect(hostBits.body.errors).toContainEqual({
      field: 'rules.0.sources.0',
      message: '10.1.2.3/8 has bits set after its prefix: write 10.0.0.0/8.',
    });
    const tooLong = await attempt({ rules: [{ protocol: 'udp', ports: '53', sources: ['203.0.113.0/33'] }] });
    expectStatus(tooLong, 422);
    expect(tooLong.body.errors[0].message).toBe(
      '203.0.113.0/33: the prefix length of an IPv4 prefix is 0 to 32.',
    );
    const notAddress = await attempt({ rules: [{ protocol: 'tcp', ports: '80', sources: ['example.com'] }] });
    expect(notAddress.body.errors[0].message).toContain('example.com is not an address or prefix');
    const v6HostBits = await attempt({
      rules: [{ protocol: 'tcp', ports: '80', sources: ['2001:db8::1/32'] }],
    });
    expect(v6HostBits.body.errors[0].message).toBe(
      '2001:db8::1/32 has bits set after its prefix: write 2001:db8::/32.',
    );
    const noPorts = await attempt({ rules: [{ protocol: 'tcp', ports: null, sources: ['0.0.0.0/0'] }] });
    expectStatus(noPorts, 422);
    expect(noPorts.body.errors[0]).toEqual({
      field: 'rules.0.ports',
      message: 'TCP and UDP rules need a port or range; ICMP rules have none.',
    });
    const backwards = await attempt({ rules: [{ protocol: 'tcp', ports: '90-80', sources: ['0.0.0.0/0'] }] });
    expect(backwards.body.errors[0].message).toBe(
      'Ports are 1 to 65535, the first of a range before the last.',
    );
    // Another team's compute is as unknown as one that never was.
    const theirs = await attempt({ computeIds: [strangersCompute] });
    expectStatus(theirs, 422);
    expect(theirs.body.errors).toEqual([
      { field: 'computeIds', message: expect.stringContaining('no such compute') },
    ]);
    const taken = await attempt({ name: 'web' });
    expectStatus(taken, 409);
    expect(taken.body.errors).toEqual([
      { field: 'name', message: 'This team already has a firewall named web.' },
    ]);
    const list = await send(t, 'GET', path(teamId), { token: owner.token });
    expect(list.body.firewalls.map((f: { name: string }) => f.name)).toEqual(['web']);
  });

  it('are changed with a history entry and an audit entry, covering what they name now', async () => {
    const changed = await send(t, 'PUT', path(teamId, `/${firewallId}`), {
      token: owner.token,
      body: {
        name: 'web',
        rules: [
          { ...ssh, ports: '22' },
          { protocol: 'tcp', ports: '8000-8080', sources: ['203.0.113.7'] },
        ],
        tags: ['db'],
      },
    });
    expectStatus(changed, 200);
    expect(changed.body.firewall.computes.map((c: { id: string }) => c.id)).toEqual([untagged]);
    const read = await send(t, 'GET', path(teamId, `/${firewallId}`), { token: owner.token });
    expect(read.body.history.map((event: { action: string }) => event.action)).toEqual([
      'created',
      'updated',
    ]);
    expect(read.body.history[1].message).toContain('TCP 8000-8080 from 203.0.113.7');
    expect((await auditRows(t, teamId)).at(-1)).toMatchObject({ action: 'firewall.updated', target: 'web' });
  });

  it('of another team are not found, and their list is their own', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'mine', rules: [] }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await send(t, method, path(teamId, `/${firewallId}`), { token: stranger.token, body });
      expectStatus(answer, 404);
    }
    const asOtherTeam = await send(t, 'GET', path(otherTeamId, `/${firewallId}`), { token: stranger.token });
    expectStatus(asOtherTeam, 404);
    expect((await send(t, 'GET', path(otherTeamId), { token: stranger.token })).body.firewalls).toEqual([]);
  });

  it('need the computes scope of an API token: read to list, read_write to change', async () => {
    const none: TokenScopes = { computes: 'none', domains: 'none', billing: 'none', team: 'none' };
    const token = async (scopes: Partial<TokenScopes>) => {
      const made = await send(t, 'POST', '/users/me/api-tokens', {
        token: owner.token,
        body: {
          name: 'ci',
          teamIds: [teamId],
          scopes: { ...none, ...scopes },
          expiresOn: new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
        },
      });
      expectStatus(made, 201);
      return made.body.secret as string;
    };
    const reader = await token({ computes: 'read' });
    expectStatus(await send(t, 'GET', path(teamId), { token: reader }), 200);
    const refused = await send(t, 'POST', path(teamId), { token: reader, body: { name: 'x', rules: [] } });
    expectStatus(refused, 403);
    const domainsOnly = await token({ domains: 'read_write' });
    expectStatus(await send(t, 'GET', path(teamId), { token: domainsOnly }), 403);
    const writer = await token({ computes: 'read_write' });
    expectStatus(
      await send(t, 'POST', path(teamId), { token: writer, body: { name: 'by-token', rules: [] } }),
      201,
    );
    expect((await auditRows(t, teamId)).at(-1)).toMatchObject({
      action: 'firewall.created',
      details: expect.objectContaining({ apiToken: 'ci' }),
    });
  });

  it('are deleted with an audit entry', async () => {
    expectStatus(await send(t, 'DELETE', path(teamId, `/${firewallId}`), { token: owner.token }), 204);
    expectStatus(await send(t, 'GET', path(teamId, `/${firewallId}`), { token: owner.token }), 404);
    expect((await auditRows(t, teamId)).at(-1)).toMatchObject({ action: 'firewall.deleted', target: 'web' });
  });

  it('follow a compute whose tags change, at once: it gets the rules of the tag it gains and loses them with it', async () => {
    const simulator = t.computes.driver as HypervisorSimulator;
    const cache = { protocol: 'tcp', ports: '6379', sources: ['10.0.0.0/8'] };
    const made = await send(t, 'POST', path(teamId), {
      token: owner.token,
      body: { name: 'cache', rules: [cache], tags: ['cache'] },
    });
    expectStatus(made, 201);
    expect(made.body.firewall.computes).toEqual([]);
    const tags = (tagsNow: string[]) =>
      send(t, 'PUT', `${RM}/teams/${teamId}/computes/${untagged}/tags`, {
        token: owner.token,
        body: { tags: tagsNow },
      });
    expectStatus(await tags(['db', 'cache']), 200);
    // Applied before the answer, not at the firewall's next change.
    expect(simulator.appliedFirewall(untagged)).toEqual([cache]);
    const read = await send(t, 'GET', path(teamId, `/${made.body.firewall.id}`), { token: owner.token });
    expect(read.body.firewall.computes.map((c: { id: string }) => c.id)).toEqual([untagged]);
    expectStatus(await tags(['db']), 200);
    expect(simulator.appliedFirewall(untagged)).toBeNull();
    // Another team's compute with the same tag is not under this team's firewall.
    const theirs = await send(t, 'PUT', `${RM}/teams/${otherTeamId}/computes/${strangersCompute}/tags`, {
      token: stranger.token,
      body: { tags: ['cache'] },
    });
    expectStatus(theirs, 200);
    expect(simulator.appliedFirewall(strangersCompute)).toBeNull();
    expect(made.body.firewall.enforcement).toBe('simulated');
  });
});
