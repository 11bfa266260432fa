// Saved SSH keys: added with their type and fingerprint checked, refused beside the field when damaged or
// already saved, shared with a team or kept private, deleted only by whoever added them, and picked (one or
// more, with or without a pasted key) when creating a compute — whose root then accepts every one of them.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computes } from '../../../server/db/schema';
import { fundedTeamOf } from '../support/billing';
import { computeRequest, computesPath, createCompute, sshPublicKey } from '../support/computes';
import { buildIdentityTestApp, type IdentityTestApp } from '../support/identity';
import { expectStatus, type Person, person, send } from '../support/teams';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
let t: IdentityTestApp;

beforeAll(async () => {
  database = await openTestDatabase();
  t = buildIdentityTestApp(database.handle);
});
afterAll(async () => {
  await t?.computes.close();
  await database?.dispose();
});

function fingerprintOf(key: string): string {
  const blob = Buffer.from(key.split(' ')[1]!, 'base64');
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

async function save(who: Person, name: string, publicKey: string, teamId: string | null = null) {
  return send(t, 'POST', '/users/me/ssh-keys', { token: who.token, body: { name, publicKey, teamId } });
}

describe('saved SSH keys', () => {
  it('are saved with their type and fingerprint, and refused beside the field when damaged or saved before', async () => {
    const ada = await person(t, 'Ada Keys');
    const key = sshPublicKey('ada@laptop');
    const saved = await save(ada, 'Laptop', key);
    expectStatus(saved, 201);
    expect(saved.body.key).toMatchObject({
      name: 'Laptop',
      type: 'ssh-ed25519',
      fingerprint: fingerprintOf(key),
      team: null,
      mine: true,
      owner: { id: ada.id, name: 'Ada Keys' },
    });

    const again = await save(ada, 'Same again', key);
    expectStatus(again, 409);
    expect(again.body.errors).toEqual([
      { field: 'publicKey', message: 'You already saved this key, as “Laptop”.' },
    ]);
    // A character lost in the paste: the body no longer holds a whole ed25519 key.
    const damaged = await save(
      ada,
      'Broken',
      key.replace(/ (\S+) /, (_, body: string) => ` ${body.slice(0, -8)}AAAA `),
    );
    expectStatus(damaged, 422);
    expect(damaged.body.errors[0].field).toBe('publicKey');
    const private_ = await save(ada, 'Oops', '-----BEGIN OPENSSH PRIVATE KEY-----');
    expectStatus(private_, 422);
    expect(private_.body.errors[0]).toMatchObject({ field: 'publicKey' });
  });

  it('shared with a team are offered to its members, private ones to nobody else, and deleted only by their owner', async () => {
    const owner = await person(t, 'Olu Owner');
    const member = await person(t, 'Meg Member');
    const outsider = await person(t, 'Otto Outsider');
    const teamId = await fundedTeamOf(t, owner, [[member, 'MEMBER']]);
    const shared = (await save(owner, 'Deploy key', sshPublicKey('deploy@ci'), teamId)).body.key;
    const own = (await save(owner, 'Olu laptop', sshPublicKey('olu@laptop'))).body.key;
    expect(shared.team).toEqual({ id: teamId, name: expect.any(String) });

    const offered = await send(t, 'GET', `/resource-manager/api/v1/teams/${teamId}/ssh-keys`, {
      token: member.token,
    });
    expectStatus(offered, 200);
    expect(offered.body.keys.map((key: { id: string }) => key.id)).toEqual([shared.id]);
    expect(offered.body.keys[0]).toMatchObject({ mine: false, owner: { name: 'Olu Owner' } });
    expectStatus(
      await send(t, 'GET', `/resource-manager/api/v1/teams/${teamId}/ssh-keys`, { token: outsider.token }),
      404,
    );
    expectStatus(await save(outsider, 'Theirs', sshPublicKey('x@y'), teamId), 422);

    expectStatus(await send(t, 'DELETE', `/users/me/ssh-keys/${shared.id}`, { token: member.token }), 404);
    expectStatus(await send(t, 'DELETE', `/users/me/ssh-keys/${own.id}`, { token: owner.token }), 204);
    const left = await send(t, 'GET', '/users/me/ssh-keys', { token: owner.token });
    expect(left.body.keys.map((key: { id: string }) => key.id)).toEqual([shared.id]);
  });

  it('are put on a compute, with a pasted one or alone, and another person’s private key is refused', async () => {
    const owner = await person(t, 'Cleo Compute');
    const member = await person(t, 'Mo Member');
    const teamId = await fundedTeamOf(t, owner, [[member, 'MEMBER']]);
    const deployKey = sshPublicKey('deploy@ci');
    const shared = (await save(owner, 'Deploy', deployKey, teamId)).body.key;
    const memberKey = sshPublicKey('mo@laptop');
    const mine = (await save(member, 'Mo laptop', memberKey)).body.key;
    const pasted = sshPublicKey('mo@desk');

    const made = await createCompute(
      t,
      member.token,
      teamId,
      computeRequest({
        authentication: { method: 'ssh-key', publicKey: pasted, keyIds: [mine.id, shared.id] },
      }),
    );
    expectStatus(made, 201);
    expect(made.body.compute.sshKeyFingerprint).toBe(
      [pasted, memberKey, deployKey].map(fingerprintOf).join(', '),
    );
    const [row] = await t.identity.db.select().from(computes).where(eq(computes.id, made.body.compute.id));
    expect(row!.sshPublicKey!.split('\n').sort()).toEqual([pasted, memberKey, deployKey].sort());

    const alone = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({ authentication: { method: 'ssh-key', keyIds: [shared.id] } }),
    );
    expectStatus(alone, 201);
    expect(alone.body.compute.sshKeyFingerprint).toBe(fingerprintOf(deployKey));

    const theirs = await createCompute(
      t,
      owner.token,
      teamId,
      computeRequest({ authentication: { method: 'ssh-key', keyIds: [mine.id] } }),
    );
    expectStatus(theirs, 422);
    expect(theirs.body.errors).toEqual([
      {
        field: 'authentication.keyIds',
        message: 'A chosen key is neither yours nor shared with this team any more. Choose again.',
      },
    ]);
    const none = await send(t, 'POST', computesPath(teamId), {
      token: owner.token,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      body: computeRequest({ authentication: { method: 'ssh-key' } }),
    });
    expectStatus(none, 422);
    expect(none.body.errors).toContainEqual({
      field: 'authentication.publicKey',
      message: 'Paste an SSH public key, or choose a saved one.',
    });
  });
});
