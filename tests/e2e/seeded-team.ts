// A team with something on every page, for the tests that visit them all (phone width, every language): a
// running compute made with a password and one made with an SSH key (its fingerprint is one long word), a
// domain with records of every type, a pending invitation, a top-up in the history, a private network with
// both computes on it — with long names, so a page that cannot hold them shows it.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createAccount, newIdentity, type TestAccount, topUp } from './accounts';
import { elsewhere } from './elsewhere';
import { sshPublicKey } from './ssh-keys';

export interface SeededTeam {
  account: TestAccount;
  teamId: string;
  /** Every signed-in page, on this team's things. */
  paths: string[];
  /** The page of the compute made with an SSH key. */
  keyedPath: string;
  /** Names the team chose and values it typed, shown as they are in every language. */
  theirWords: string[];
}

export async function seedTeam(baseUrl: string, name = 'Phoebe Phone'): Promise<SeededTeam> {
  const account = await createAccount(baseUrl, newIdentity(name));
  await topUp(baseUrl, account);
  const api = elsewhere(baseUrl, account);
  const teamId = await api.teamId();
  const rm = `${baseUrl}/resource-manager/api/v1/teams/${teamId}`;
  const headers = { Authorization: `Bearer ${account.token}`, 'Content-Type': 'application/json' };
  const made = await api.createCompute(teamId, 'a-rather-long-hostname-for-a-phone-1');
  const computeId = made.body.compute.id;
  const keyed = await fetch(`${rm}/computes`, {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({
      hostname: 'a-rather-long-hostname-with-a-key-2',
      locationId: 'kgl1',
      operatingSystemId: 'debian-12',
      instanceTypeId: 's-1vcpu-1gb',
      authentication: { method: 'ssh-key', publicKey: sshPublicKey('phoebe@phone') },
    }),
  });
  expect(keyed.status).toBe(201);
  const keyedId = ((await keyed.json()) as { compute: { id: string } }).compute.id;
  for (const id of [computeId, keyedId]) {
    for (let tries = 0; (await api.compute(teamId, id)).body.status !== 'running'; tries++) {
      if (tries > 300) throw new Error('the compute never ran');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const zone = `phone-${Date.now().toString(36)}.rw`;
  const domain = await api.createDomain(teamId, zone);
  const records = [
    { type: 'CNAME', name: 'a-long-alias-name', value: 'some-quite-long-target-host.example.com' },
    { type: 'MX', name: '@', value: 'mail.example.com', priority: 10 },
    { type: 'TXT', name: '@', value: `v=spf1 include:_spf.example.com ${'k'.repeat(200)} ~all` },
    { type: 'SRV', name: '_sip._tcp', value: 'sip.example.com', priority: 10, weight: 5, port: 5060 },
    { type: 'CAA', name: '@', value: '0 issue "letsencrypt.org"' },
    { type: 'AAAA', name: 'www', value: '2001:db8:1234:5678:9abc:def0:1234:5678' },
  ];
  for (const record of records) {
    expect((await api.createRecord(teamId, domain.body.id, record)).status).toBe(201);
  }
  const invitee = `someone.with.a.long.address.${Date.now()}@example-company.rw`;
  await api.invite(teamId, invitee);
  // A private network with both computes on it (their long hostnames beside their addresses).
  const network = await fetch(`${rm}/networks`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'a-rather-long-private-network-name', ipv4Block: '172.16.128.0/24' }),
  });
  expect(network.status).toBe(201);
  const networkId = ((await network.json()) as { network: { id: string } }).network.id;
  for (const id of [computeId, keyedId]) {
    const joined = await fetch(`${rm}/networks/${networkId}/members`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ computeId: id }),
    });
    expect(joined.status).toBe(200);
  }
  const paths = [
    '/overview',
    '/computes',
    `/computes/${computeId}`,
    `/computes/${computeId}/power`,
    `/computes/${computeId}/resize`,
    `/computes/${computeId}/tags`,
    `/computes/${computeId}/reverse-dns`,
    `/computes/${computeId}/history`,
    `/computes/${computeId}/monitoring`,
    `/computes/${computeId}/rebuild`,
    `/computes/${computeId}/rescue`,
    `/computes/${computeId}/image`,
    `/computes/${computeId}/networks`,
    `/computes/${computeId}/destroy`,
    `/computes/terminal/${computeId}`,
    '/images',
    '/networks',
    '/networks/new',
    `/networks/${networkId}`,
    '/domains',
    `/domains/${zone}`,
    `/domains/${zone}/CNAME`,
    `/domains/${zone}/SRV`,
    `/domains/${zone}/TXT`,
    '/settings/general',
    '/settings/billing',
    '/settings/invoices',
    '/settings/members/active',
    '/settings/members/pending',
    '/settings/activity',
    '/account-settings/general',
    '/account-settings/teams/joined',
    '/account-settings/teams/pending',
    '/account-settings/api-tokens',
    '/account-settings/ssh-keys',
    '/account-settings/security',
    '/two-factor-required',
    '/new-compute',
    '/register-domain',
  ];
  const { teams } = (await (
    await fetch(`${baseUrl}/user/api/v1/teams`, { headers: { Authorization: `Bearer ${account.token}` } })
  ).json()) as { teams: Array<{ name: string }> };
  const theirWords = [
    ...teams.map((team) => team.name),
    account.name,
    account.email,
    'a-rather-long-hostname-for-a-phone-1',
    'a-rather-long-hostname-with-a-key-2',
    'a-rather-long-private-network-name',
    'phoebe@phone',
    invitee,
    // The records' names and values as the team typed them (in the edit and delete buttons' names too).
    ...records.flatMap((record) => [record.name, record.value]),
  ];
  return { account, teamId, paths, keyedPath: `/computes/${keyedId}`, theirWords };
}
