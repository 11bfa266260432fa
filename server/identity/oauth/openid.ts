// OpenID Connect sign-in (Google by default, any issuer by configuration): discovery, authorization code
// with PKCE and a nonce, and an ID token whose claims and signature oauth4webapi checks.
import * as oauth from 'oauth4webapi';
import type { OpenIdProviderConfig } from '../../config';
import {
  type AuthorizationRequest,
  type CodeExchange,
  isLoopback,
  PROVIDER_TIMEOUT_MS,
  ProviderFailure,
  type ProviderProfile,
  type SocialProviderClient,
} from './provider';

/** Issuers rotate keys and endpoints rarely; an hour keeps sign-in fast without pinning stale metadata. */
const DISCOVERY_TTL_MS = 60 * 60_000;

export function createOpenIdClient(config: OpenIdProviderConfig): SocialProviderClient {
  const issuer = new URL(config.issuer);
  const client: oauth.Client = { client_id: config.clientId };
  const clientAuth = oauth.ClientSecretPost(config.clientSecret);
  const insecure = isLoopback(issuer);
  const options = () => ({
    [oauth.allowInsecureRequests]: insecure,
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });

  let discovered: { at: number; server: Promise<oauth.AuthorizationServer> } | undefined;
  const discover = (): Promise<oauth.AuthorizationServer> => {
    if (!discovered || Date.now() - discovered.at > DISCOVERY_TTL_MS) {
      const server = oauth
        .discoveryRequest(issuer, { ...options(), algorithm: 'oidc' })
        .then((response) => oauth.processDiscoveryResponse(issuer, response));
      discovered = { at: Date.now(), server };
      // A failed discovery is retried on the next sign-in rather than cached for an hour.
      server.catch(() => {
        if (discovered?.server === server) discovered = undefined;
      });
    }
    return discovered.server;
  };

  const fail = (error: unknown) => new ProviderFailure('google', 'OpenID sign-in failed', { cause: error });

  return {
    id: 'google',
    name: 'Google',
    usesNonce: true,
    async authorizationUrl(request: AuthorizationRequest) {
      let as: oauth.AuthorizationServer;
      try {
        as = await discover();
      } catch (error) {
        throw fail(error);
      }
      if (!as.authorization_endpoint) throw fail(new Error('the issuer has no authorization endpoint'));
      const url = new URL(as.authorization_endpoint);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: config.clientId,
        redirect_uri: request.redirectUri,
        scope: 'openid email profile',
        state: request.state,
        ...(request.nonce ? { nonce: request.nonce } : {}),
        code_challenge: request.codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url;
    },
    async complete(exchange: CodeExchange): Promise<ProviderProfile> {
      try {
        const as = await discover();
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
          options(),
        );
        const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
          expectedNonce: exchange.nonce ?? oauth.expectNoNonce,
          requireIdToken: true,
        });
        // The claims are checked above (issuer, audience, expiry, nonce); this checks the signature too,
        // against the issuer's published keys, so a tampered token fails even off TLS.
        await oauth.validateApplicationLevelSignature(as, response, options());
        const claims = oauth.getValidatedIdTokenClaims(tokens)!;
        const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
        // Some issuers send the flag as the string "true".
        const verified = claims.email_verified === true || claims.email_verified === 'true';
        return {
          subject: claims.sub,
          email,
          emailVerified: email !== null && verified,
          name: typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : null,
        };
      } catch (error) {
        throw fail(error);
      }
    },
  };
}
