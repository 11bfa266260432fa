// Two-factor sign-in: the person's settings (account settings → Security: the authenticator app and its
// recovery codes) and the sign-in step that answers a second-factor challenge. Every change is e-mailed.
// Only a person signed in to the console changes these; API tokens cannot (tokenScope 'never').
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import * as v from 'valibot';
import { authResultSchema } from '@/contract/auth';
import {
  disableTwoFactorRequestSchema,
  finishPasskeyRequestSchema,
  passkeyAddedSchema,
  passkeyOptionsSchema,
  passkeySignInOptionsRequestSchema,
  recoveryCodesSchema,
  startPasskeyRequestSchema,
  totpCodeRequestSchema,
  totpSetupSchema,
  twoFactorStatusSchema,
  verifyPasskeyRequestSchema,
  verifySecondFactorRequestSchema,
} from '@/contract/two-factor';
import { clientInfo, clientIp } from '../../http/client-info';
import type { AppEnv } from '../../http/env';
import { pathParam } from '../../http/path-params';
import { defineRoutes } from '../../http/routes';
import { openSession } from '../../identity/accounts';
import { publicOrigin } from '../../identity/code-delivery';
import { requireVerifiedUser } from '../../identity/guards';
import { twoFactorChangedMail } from '../../identity/messages';
import { tooManyTries } from '../../identity/problems';
import { passkeyNotFound } from '../../identity/two-factor';

function tell(
  c: Context<AppEnv>,
  to: string,
  change: Parameters<typeof twoFactorChangedMail>[1],
  detail?: Parameters<typeof twoFactorChangedMail>[2],
) {
  const identity = c.get('identity');
  identity.deliveries.later('two-factor notice', () =>
    identity.mail.send(twoFactorChangedMail(to, change, detail)),
  );
}

/** The settings, under the user service's /users/me. */
export function twoFactorSettingsRoutes() {
  return defineRoutes('/users', 'Two-factor sign-in')
    .add({
      method: 'get',
      path: '/me/two-factor',
      summary: 'Whether two-factor sign-in is on, and how many recovery codes are left',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      responses: { 200: { description: 'Two-factor sign-in as it stands.', schema: twoFactorStatusSchema } },
      handler: async (c) => c.json(await c.get('identity').twoFactor.status(c.get('user').id), 200),
    })
    .add({
      method: 'post',
      path: '/me/two-factor/totp',
      summary: 'Start setting up an authenticator app: a new secret and its QR code (not on until confirmed)',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      responses: { 200: { description: 'The secret to scan or type.', schema: totpSetupSchema } },
      handler: async (c) => c.json(await c.get('identity').twoFactor.startTotp(c.get('user')), 200),
    })
    .add({
      method: 'post',
      path: '/me/two-factor/totp/confirm',
      summary: 'Turn two-factor sign-in on with a code from the app; answers the recovery codes once',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { body: totpCodeRequestSchema },
      responses: {
        200: { description: 'On: the ten recovery codes, shown once.', schema: recoveryCodesSchema },
      },
      handler: async (c, { body }) => {
        const user = c.get('user');
        const codes = await c.get('identity').twoFactor.confirmTotp(user.id, body.code);
        tell(c, user.email, 'on');
        return c.json({ recoveryCodes: codes }, 200);
      },
    })
    .add({
      method: 'post',
      path: '/me/two-factor/disable',
      summary: 'Turn two-factor sign-in off, with a code from the app or a recovery code',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { body: disableTwoFactorRequestSchema },
      responses: { 200: { description: 'Off.', schema: twoFactorStatusSchema } },
      handler: async (c, { body }) => {
        const user = c.get('user');
        const { twoFactor } = c.get('identity');
        await twoFactor.disable(user.id, body.code);
        const status = await twoFactor.status(user.id);
        tell(c, user.email, status.on ? 'app-removed' : 'off');
        return c.json(status, 200);
      },
    })
    .add({
      method: 'post',
      path: '/me/two-factor/passkeys/options',
      summary: 'Start adding a passkey or security key: the options for the browser (5 minutes to answer)',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { body: startPasskeyRequestSchema },
      responses: {
        200: { description: 'For navigator.credentials.create().', schema: passkeyOptionsSchema },
      },
      handler: async (c, { body }) => {
        const { twoFactor } = c.get('identity');
        const options = await twoFactor.passkeys.startRegistration(c.get('user'), body.name, publicOrigin(c));
        return c.json({ options }, 200);
      },
    })
    .add({
      method: 'post',
      path: '/me/two-factor/passkeys',
      summary: 'Add the passkey the browser made; the first second factor also answers ten recovery codes',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { body: finishPasskeyRequestSchema },
      responses: { 201: { description: 'Added.', schema: passkeyAddedSchema } },
      handler: async (c, { body }) => {
        const user = c.get('user');
        const { twoFactor } = c.get('identity');
        const added = await twoFactor.addPasskey(
          user.id,
          body.response as unknown as RegistrationResponseJSON,
          publicOrigin(c),
        );
        tell(c, user.email, 'passkey-added', { passkeyName: added.passkey.name });
        if (added.recoveryCodes) tell(c, user.email, 'on');
        return c.json({ status: await twoFactor.status(user.id), recoveryCodes: added.recoveryCodes }, 201);
      },
    })
    .add({
      method: 'delete',
      path: '/me/two-factor/passkeys/:id',
      summary: 'Remove a passkey (the last second factor turns two-factor sign-in off)',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { params: passkeyIdParams },
      responses: {
        200: { description: 'Two-factor sign-in as it now stands.', schema: twoFactorStatusSchema },
      },
      handler: async (c, { params }) => {
        const user = c.get('user');
        const { twoFactor } = c.get('identity');
        const removed = await twoFactor.removePasskey(user.id, params.id);
        const status = await twoFactor.status(user.id);
        tell(c, user.email, 'passkey-removed', { passkeyName: removed.name });
        if (!status.on) tell(c, user.email, 'off');
        return c.json(status, 200);
      },
    });
}

const passkeyIdParams = v.object({
  id: pathParam(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,1400}$/, 'This is not a passkey id.')),
    passkeyNotFound,
  ),
});

/** The sign-in step, under the user service's /auth. */
export function secondFactorRoutes() {
  return defineRoutes('/auth', 'Sign-in')
    .add({
      method: 'post',
      path: '/two-factor/passkey/options',
      summary: 'Ask to finish signing in with a passkey: the options for the browser',
      tokenScope: 'never',
      request: { body: passkeySignInOptionsRequestSchema },
      responses: { 200: { description: 'For navigator.credentials.get().', schema: passkeyOptionsSchema } },
      handler: async (c, { body }) => {
        const identity = c.get('identity');
        const wait = await identity.network.hit('enter-code', clientIp(c));
        if (wait !== undefined) throw tooManyTries(wait);
        const options = await identity.twoFactor.passkeyOptions(body.challengeId, publicOrigin(c));
        return c.json({ options }, 200);
      },
    })
    .add({
      method: 'post',
      path: '/two-factor/passkey/verify',
      summary: 'Finish signing in with the passkey’s signature',
      tokenScope: 'never',
      description:
        'For the challenge a sign-in answered instead of a session, after /auth/two-factor/passkey/options. A refused signature counts as a wrong code.',
      request: { body: verifyPasskeyRequestSchema },
      responses: { 200: { description: 'Signed in.', schema: authResultSchema } },
      handler: async (c, { body }) => {
        const identity = c.get('identity');
        const wait = await identity.network.hit('enter-code', clientIp(c));
        if (wait !== undefined) throw tooManyTries(wait);
        const user = await identity.twoFactor.verifyPasskeyChallenge(
          body.challengeId,
          body.response as unknown as AuthenticationResponseJSON,
          publicOrigin(c),
        );
        return c.json(await openSession(identity.db, identity.sessions, user, clientInfo(c)), 200);
      },
    })
    .add({
      method: 'post',
      path: '/two-factor/verify',
      summary: 'Finish signing in with a code from the authenticator app or a recovery code',
      tokenScope: 'never',
      description:
        'For the challenge a sign-in answered instead of a session. 5 wrong codes end the challenge (410: sign in again); the per-network limit on entering codes applies.',
      request: { body: verifySecondFactorRequestSchema },
      responses: { 200: { description: 'Signed in.', schema: authResultSchema } },
      handler: async (c, { body }) => {
        const identity = c.get('identity');
        const wait = await identity.network.hit('enter-code', clientIp(c));
        if (wait !== undefined) throw tooManyTries(wait);
        const { user, method } = await identity.twoFactor.verifyChallenge(body.challengeId, body.code);
        if (method === 'recovery_code') {
          const { recoveryCodesLeft } = await identity.twoFactor.status(user.id);
          tell(c, user.email, 'recovery-code-used', { recoveryCodesLeft });
        }
        return c.json(await openSession(identity.db, identity.sessions, user, clientInfo(c)), 200);
      },
    });
}
