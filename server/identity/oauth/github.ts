// GitHub (or GitHub Enterprise) sign-in: OAuth 2.0 authorization code with PKCE through oauth4webapi, then
// the REST API for the account id and its primary verified e-mail address. GitHub speaks no OpenID.
import * as oauth from 'oauth4webapi';
import * as v from 'valibot';
import type { GithubConfig } from '../../config';
import {
  type AuthorizationRequest,
  type CodeExchange,
  isLoopback,
  PROVIDER_TIMEOUT_MS,
  ProviderFailure,
  type ProviderProfile,
  type SocialProviderClient,
} from './provider';

const userSchema = v.object({
  id: v.union([v.number(), v.string()]),
  login: v.string(),
  name: v.nullish(v.string()),
});
const emailsSchema = v.array(v.object({ email: v.string(), primary: v.boolean(), verified: v.boolean() }));

export function createGithubClient(config: GithubConfig): SocialProviderClient {
  const as: oauth.AuthorizationServer = {
    issuer: config.baseUrl,
    authorization_endpoint: `${config.baseUrl}/login/oauth/authorize`,
    token_endpoint: `${config.baseUrl}/login/oauth/access_token`,
  };
  const client: oauth.Client = { client_id: config.clientId };
  const clientAuth = oauth.ClientSecretPost(config.clientSecret);
  const insecure = isLoopback(config.baseUrl);

  const api = async (path: string, accessToken: string): Promise<unknown> => {
    const response = await fetch(`${config.apiUrl}${path}`, {
      headers: {
        Authorization: `Bearer ${accessToken}`,
        Accept: 'application/vnd.github+json',
        'User-Agent': 'Ikirere',
        'X-GitHub-Api-Version': '2022-11-28',
      },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`GitHub API ${path} answered ${response.status}`);
    return response.json();
  };

  return {
    id: 'github',
    name: 'GitHub',
    usesNonce: false,
    async authorizationUrl(request: AuthorizationRequest) {
      const url = new URL(as.authorization_endpoint!);
      url.search = new URLSearchParams({
        client_id: config.clientId,
        redirect_uri: request.redirectUri,
        scope: 'read:user user:email',
        state: request.state,
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url;
    },
    async complete(exchange: CodeExchange): Promise<ProviderProfile> {
      try {
        const params = oauth.validateAuthResponse(
          as,
          client,
          new URLSearchParams({ code: exchange.code, state: exchange.state }),
          exchange.state,
        );
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          clientAuth,
          params,
          exchange.redirectUri,
          exchange.codeVerifier,
          { [oauth.allowInsecureRequests]: insecure, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) },
        );
        const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
        const user = v.parse(userSchema, await api('/user', tokens.access_token));
        const emails = v.parse(emailsSchema, await api('/user/emails', tokens.access_token));
        const primary = emails.find((entry) => entry.primary && entry.verified);
        return {
          subject: String(user.id),
          email: primary?.email.toLowerCase() ?? null,
          emailVerified: primary !== undefined,
          name: user.name?.trim() || user.login,
        };
      } catch (error) {
        throw new ProviderFailure('github', 'GitHub sign-in failed', { cause: error });
      }
    },
  };
}
