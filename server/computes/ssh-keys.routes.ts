// Saved SSH keys: the person's own (account settings → SSH keys) and, for creating a compute, those a team
// can use. Managed only by a person signed in to the console; API tokens cannot (tokenScope 'never'), except
// reading a team's keys with computes access.
import * as v from 'valibot';
import { addSshKeyRequestSchema, sshKeyAnswerSchema, sshKeyListSchema } from '@/contract/ssh-keys';
import { idParam } from '../http/path-params';
import { ProblemError } from '../http/problem';
import { defineRoutes } from '../http/routes';
import { t } from '../i18n/t';
import { requireVerifiedUser } from '../identity/guards';
import { teamGuards } from '../tenancy/guards';
import { teamIdParams } from '../tenancy/params';
import { addSshKey, deleteSshKey, listSshKeys } from './saved-ssh-keys';

const keyNotFound = () => new ProblemError(404, { detail: t('computes.problem.sshKeyNotFound') });
const keyIdParams = v.object({ id: idParam('key', keyNotFound) });

/** Under the user service: /users/me/ssh-keys. */
export function savedSshKeysRoutes() {
  return defineRoutes('/users', 'SSH keys')
    .add({
      method: 'get',
      path: '/me/ssh-keys',
      summary: 'List your saved SSH keys and those shared with your teams',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      responses: { 200: { description: 'The keys, oldest first.', schema: sshKeyListSchema } },
      handler: async (c) => c.json({ keys: await listSshKeys(c.get('identity').db, c.get('user').id) }, 200),
    })
    .add({
      method: 'post',
      path: '/me/ssh-keys',
      summary: 'Save an SSH public key, optionally shared with one of your teams',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { body: addSshKeyRequestSchema },
      responses: {
        201: { description: 'The key, with its type and fingerprint.', schema: sshKeyAnswerSchema },
      },
      handler: async (c, { body }) => {
        const { db, clock } = c.get('identity');
        return c.json({ key: await addSshKey(db, c.get('user').id, body, clock.now()) }, 201);
      },
    })
    .add({
      method: 'delete',
      path: '/me/ssh-keys/:id',
      summary: 'Delete one of your saved SSH keys (computes made with it keep it)',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { params: keyIdParams },
      responses: { 204: { description: 'The key is no longer offered.' } },
      handler: async (c, { params }) => {
        const deleted = await deleteSshKey(c.get('identity').db, c.get('user').id, params.id);
        if (!deleted) throw keyNotFound();
        return c.body(null, 204);
      },
    });
}

/** Under the resource manager: the keys a member may put on a compute of the team. */
export function teamSshKeysRoutes() {
  return defineRoutes('/teams/:teamId/ssh-keys', 'SSH keys').add({
    method: 'get',
    path: '/',
    summary: 'List the saved SSH keys you can put on a compute of this team: yours and those shared with it',
    tokenScope: 'computes:read',
    guards: teamGuards(),
    request: { params: teamIdParams },
    responses: { 200: { description: 'The keys, oldest first.', schema: sshKeyListSchema } },
    handler: async (c) =>
      c.json({ keys: await listSshKeys(c.get('identity').db, c.get('user').id, c.get('team').id) }, 200),
  });
}
