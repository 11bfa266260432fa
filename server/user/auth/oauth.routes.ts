// Social sign-in: the browser is sent to the provider with a fresh state, PKCE challenge and (OpenID) nonce,
// and the console's /auth/callback page posts back what the provider put in its address.

import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import * as oauth from 'oauth4webapi';
import * as v from 'valibot';
import { oauthCallbackRequestSchema, type SocialProvider } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import { signInAnswerSchema } from '@/contract/two-factor';
import { clientInfo } from '../../http/client-info';
import type { AppEnv } from '../../http/env';
import { ProblemError, problem } from '../../http/problem';
import { defineRoutes } from '../../http/routes';
import { t } from '../../i18n/t';
import { signIn } from '../../identity/accounts';
import { publicOrigin } from '../../identity/code-delivery';
import { OAUTH_STATE_TTL_MS, oauthStateInvalid } from '../../identity/oauth/oauth-states';
import { ProviderFailure } from '../../identity/oauth/provider';
import { userForSocialProfile } from '../../identity/oauth/social-accounts';
import { newToken, sha256 } from '../../identity/secrets';
import { USER_BASE_PATH } from '../base-path';

/** Ties a sign-in to the browser that started it; sent only to the two OAuth endpoints. */
export const OAUTH_BINDING_COOKIE = 'ikirere_oauth_binding';
const COOKIE_PATH = `${USER_BASE_PATH}/auth/oauth`;

export function oauthRoutes() {
  return defineRoutes('/auth/oauth', 'Sign-in')
    .add({
      method: 'get',
      path: '/:provider/authorize',
      summary: 'Start signing in with GitHub or Google (a browser navigation, answered with a redirect)',
      tokenScope: 'never',
      description:
        'Sets an HttpOnly cookie that binds the sign-in to this browser, and redirects to the provider. When the provider cannot be reached the browser goes to /auth/callback with error=temporarily_unavailable.',
      request: { params: v.object({ provider: v.string() }) },
      responses: { 302: { description: 'To the provider’s sign-in page.' } },
      handler: async (c, { params }) => {
        const identity = c.get('identity');
        const client = identity.providers.get(params.provider as SocialProvider);
        if (!client)
          return problem(c, 404, {
            detail: t('user.problem.oauth.notOffered', { provider: params.provider }),
          });

        // One binding per browser, reused by sign-ins started in other tabs so none of them breaks another.
        const existing = getCookie(c, OAUTH_BINDING_COOKIE);
        const binding = existing && /^[A-Za-z0-9_-]{43}$/.test(existing) ? existing : newToken();
        const origin = publicOrigin(c);
        setCookie(c, OAUTH_BINDING_COOKIE, binding, {
          path: COOKIE_PATH,
          httpOnly: true,
          sameSite: 'Lax',
          secure: origin.startsWith('https:'),
          maxAge: OAUTH_STATE_TTL_MS / 1000,
        });

        const started = await identity.oauthStates.start(client.id, sha256(binding), client.usesNonce);
        try {
          const url = await client.authorizationUrl({
            state: started.state,
            codeChallenge: await oauth.calculatePKCECodeChallenge(started.codeVerifier),
            nonce: started.nonce,
            redirectUri: redirectUri(c),
          });
          return c.redirect(url.toString(), 302);
        } catch (error) {
          if (!(error instanceof ProviderFailure)) throw error;
          identity.logger.warn({ err: error.cause, provider: client.id }, 'social sign-in could not start');
          // This is a page load, not an API call: send the browser where the console shows provider errors.
          const back = new URL(`${origin}/auth/callback`);
          back.searchParams.set('error', 'temporarily_unavailable');
          back.searchParams.set(
            'error_description',
            `${client.name} cannot be reached right now. Try again later.`,
          );
          return c.redirect(back.toString(), 302);
        }
      },
    })
    .add({
      method: 'post',
      path: '/callback',
      summary: 'Finish a social sign-in with the code and state the provider returned',
      tokenScope: 'never',
      description:
        'Must come from the browser that started the sign-in (its cookie is checked). A new identity with a new verified e-mail address creates an account.',
      request: { body: oauthCallbackRequestSchema },
      responses: { 200: { description: 'Signed in.', schema: signInAnswerSchema } },
      handler: async (c, { body }) => {
        const identity = c.get('identity');
        const binding = getCookie(c, OAUTH_BINDING_COOKIE);
        const started = await identity.oauthStates.consume(body.state, binding ? sha256(binding) : null);
        const provider = started.provider as SocialProvider;
        const client = identity.providers.get(provider);
        if (!client) throw oauthStateInvalid('provider-off');

        let profile: Awaited<ReturnType<typeof client.complete>>;
        try {
          profile = await client.complete({
            code: body.code,
            state: body.state,
            codeVerifier: started.codeVerifier,
            nonce: started.nonce,
            redirectUri: redirectUri(c),
          });
        } catch (error) {
          if (!(error instanceof ProviderFailure)) throw error;
          identity.logger.warn({ err: error.cause, provider }, 'social sign-in failed at the provider');
          throw new ProblemError(502, {
            type: problemTypes.oauthProviderFailed,
            title: t('user.problem.oauth.failed.title'),
            detail: t('user.problem.oauth.failed.detail', { provider: client.name }),
          });
        }
        const user = await userForSocialProfile(identity.db, provider, profile, identity.clock.now());
        return c.json(
          await signIn(identity.db, identity.sessions, identity.twoFactor, user, clientInfo(c)),
          200,
        );
      },
    });
}

/** The console's callback page; the same on both legs, as the provider requires. */
function redirectUri(c: Context<AppEnv>): string {
  return `${publicOrigin(c)}/auth/callback`;
}
