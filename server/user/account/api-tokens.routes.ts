// The signed-in person's API tokens (account settings → API tokens): list, make (the secret answered once)
// and revoke. Only a person signed in to the console manages tokens: no token can (tokenScope 'never').
import * as v from 'valibot';
import {
  apiTokenListSchema,
  createApiTokenRequestSchema,
  createdApiTokenSchema,
} from '@/contract/api-tokens';
import { idParam } from '../../http/path-params';
import { ProblemError } from '../../http/problem';
import { defineRoutes } from '../../http/routes';
import { t } from '../../i18n/t';
import { requireVerifiedUser } from '../../identity/guards';

const tokenNotFound = () => new ProblemError(404, { detail: t('user.problem.apiTokenNotFound') });
const tokenIdParams = v.object({ id: idParam('token', tokenNotFound) });

export function apiTokensRoutes() {
  return defineRoutes('/users', 'API tokens')
    .add({
      method: 'get',
      path: '/me/api-tokens',
      summary: 'List your API tokens that still work, newest first',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      responses: { 200: { description: 'Your tokens (never their secrets).', schema: apiTokenListSchema } },
      handler: async (c) => c.json({ tokens: await c.get('identity').apiTokens.list(c.get('user').id) }, 200),
    })
    .add({
      method: 'post',
      path: '/me/api-tokens',
      summary: 'Make an API token: its teams, scopes per area and expiry; the secret is answered once',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { body: createApiTokenRequestSchema },
      responses: {
        201: {
          description: 'The token, and its secret: copy it now, it is not shown again.',
          schema: createdApiTokenSchema,
        },
      },
      handler: async (c, { body }) =>
        c.json(await c.get('identity').apiTokens.create(c.get('user').id, body), 201),
    })
    .add({
      method: 'delete',
      path: '/me/api-tokens/:id',
      summary: 'Revoke one of your API tokens: it stops working at once',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { params: tokenIdParams },
      responses: { 204: { description: 'The token no longer works.' } },
      handler: async (c, { params }) => {
        const revoked = await c.get('identity').apiTokens.revoke(c.get('user').id, params.id);
        if (!revoked) throw tokenNotFound();
        return c.body(null, 204);
      },
    });
}
