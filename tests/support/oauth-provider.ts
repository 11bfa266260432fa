// A small, real authorization server on a free local port, for the server tests and the end-to-end tests:
// GitHub-style OAuth 2.0 (authorize, access_token, REST API /user and /user/emails) and an OpenID Connect
// issuer (discovery, authorize, token with an RS256 id_token, JWKS). Both check PKCE S256 like the real
// ones. The authorize endpoints show no login form: they redirect straight back with a code (or with
// error=access_denied after denyNext()).
//
//   const provider = await startFakeOAuthProvider();
//   startServer(loadConfig({ ...provider.env(), … }))     // GITHUB_* and GOOGLE_* pointing here
//   provider.setNextUser({ subject: '42', email: 'ada@example.com', name: 'Ada', emailVerified: true });
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';

export interface FakeUser {
  subject: string;
  email: string | null;
  name: string | null;
  emailVerified: boolean;
}

export interface FakeOAuthProvider {
  /** http://127.0.0.1:<port> */
  url: string;
  clientId: string;
  clientSecret: string;
  /** GITHUB_BASE_URL (this url), GITHUB_API_URL (url/api), GOOGLE_ISSUER (url/oidc) and the client pairs. */
  env(): Record<string, string>;
  /** Who the next sign-in (either flavour) comes back as; afterwards it is the default user again. */
  setNextUser(user: FakeUser): void;
  /** The next authorization redirects back with error=access_denied, as when a person clicks "Cancel". */
  denyNext(): void;
  /** Claims to force into the next id_token (a wrong nonce, audience, issuer…), for negative tests. */
  overrideNextIdToken(claims: JWTPayload): void;
  /** Signs the next id_token with a key the JWKS does not publish (a forged token). */
  signNextWithUnknownKey(): void;
  /** The query of the last authorization request, to check what the server asked for. */
  lastAuthorization(): URLSearchParams | undefined;
  close(): Promise<void>;
}

export const DEFAULT_FAKE_USER: FakeUser = {
  subject: '1001',
  email: 'octo@example.com',
  name: 'Octo Cat',
  emailVerified: true,
};

interface IssuedCode {
  flavour: 'github' | 'oidc';
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | null;
  user: FakeUser;
  used: boolean;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const random = () => randomBytes(24).toString('base64url');

export async function startFakeOAuthProvider(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<FakeOAuthProvider> {
  const clientId = options.clientId ?? 'ikirere-test-client';
  const clientSecret = options.clientSecret ?? 'ikirere-test-secret';
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const forger = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  let url = '';
  const issuer = () => `${url}/oidc`;
  let nextUser: FakeUser | undefined;
  let deny = false;
  let idTokenOverrides: JWTPayload | undefined;
  let forgeNext = false;
  let lastAuthorization: URLSearchParams | undefined;
  const codes = new Map<string, IssuedCode>();
  const tokens = new Map<string, FakeUser>();

  const app = new Hono();

  const authorize = (flavour: IssuedCode['flavour']) => (c: import('hono').Context) => {
    const query = new URL(c.req.url).searchParams;
    lastAuthorization = query;
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== clientId || !redirectUri) {
      return c.text('Unknown client or missing redirect_uri', 400);
    }
    const back = new URL(redirectUri);
    const state = query.get('state');
    if (deny) {
      deny = false;
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user has denied your application access.');
    } else {
      if (query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge')) {
        return c.text('PKCE with S256 is required', 400);
      }
      const code = random();
      codes.set(code, {
        flavour,
        clientId,
        redirectUri,
        codeChallenge: query.get('code_challenge')!,
        nonce: query.get('nonce'),
        user: nextUser ?? DEFAULT_FAKE_USER,
        used: false,
      });
      nextUser = undefined;
      back.searchParams.set('code', code);
    }
    if (state) back.searchParams.set('state', state);
    return c.redirect(back.toString(), 302);
  };

  /** Checks the client, the code, the redirect URI and the PKCE verifier, as RFC 6749 and 7636 say. */
  const redeem = async (c: import('hono').Context, flavour: IssuedCode['flavour']) => {
    const form = await c.req.parseBody();
    const field = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
    let id = field('client_id');
    let secret = field('client_secret');
    const basic = /^Basic (.+)$/.exec(c.req.header('Authorization') ?? '')?.[1];
    if (basic) {
      const [user, password] = Buffer.from(basic, 'base64').toString().split(':').map(decodeURIComponent);
      id = user;
      secret = password;
    }
    if (id !== clientId || secret !== clientSecret) return { error: 'invalid_client' } as const;
    const issued = codes.get(field('code') ?? '');
    if (!issued || issued.used || issued.flavour !== flavour) return { error: 'invalid_grant' } as const;
    issued.used = true;
    if (field('redirect_uri') !== issued.redirectUri) return { error: 'invalid_grant' } as const;
    const verifier = field('code_verifier');
    if (!verifier || s256(verifier) !== issued.codeChallenge) return { error: 'invalid_grant' } as const;
    return { issued } as const;
  };

  // ── GitHub flavour ────────────────────────────────────────────────────────────────────────────────
  app.get('/login/oauth/authorize', authorize('github'));
  app.post('/login/oauth/access_token', async (c) => {
    const result = await redeem(c, 'github');
    if ('error' in result) return c.json({ error: result.error }, 400);
    const accessToken = `gho_${random()}`;
    tokens.set(accessToken, result.issued.user);
    return c.json({ access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' });
  });
  const apiUser = (c: import('hono').Context) =>
    tokens.get(/^Bearer (.+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? '');
  app.get('/api/user', (c) => {
    const user = apiUser(c);
    if (!user) return c.json({ message: 'Bad credentials' }, 401);
    const numeric = /^\d+$/.test(user.subject);
    return c.json({
      id: numeric ? Number(user.subject) : user.subject,
      login: (user.name ?? 'user').toLowerCase().replace(/\W+/g, '-'),
      name: user.name,
    });
  });
  app.get('/api/user/emails', (c) => {
    const user = apiUser(c);
    if (!user) return c.json({ message: 'Bad credentials' }, 401);
    if (!user.email) return c.json([]);
    return c.json([
      { email: user.email, primary: true, verified: user.emailVerified, visibility: 'private' },
    ]);
  });

  // ── OpenID Connect flavour ──────────────────────────────────────────────────────────────────────────
  app.get('/oidc/.well-known/openid-configuration', (c) =>
    c.json({
      issuer: issuer(),
      authorization_endpoint: `${issuer()}/authorize`,
      token_endpoint: `${issuer()}/token`,
      jwks_uri: `${issuer()}/jwks`,
      response_types_supported: ['code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
      scopes_supported: ['openid', 'email', 'profile'],
    }),
  );
  app.get('/oidc/jwks', (c) => c.json({ keys: [jwk] }));
  app.get('/oidc/authorize', authorize('oidc'));
  app.post('/oidc/token', async (c) => {
    const result = await redeem(c, 'oidc');
    if ('error' in result) return c.json({ error: result.error }, 400);
    const { user, nonce } = result.issued;
    const now = Math.floor(Date.now() / 1000);
    const claims: JWTPayload = {
      iss: issuer(),
      sub: user.subject,
      aud: clientId,
      iat: now,
      exp: now + 300,
      ...(nonce ? { nonce } : {}),
      ...(user.email ? { email: user.email, email_verified: user.emailVerified } : {}),
      ...(user.name ? { name: user.name } : {}),
      // Last, so a test can replace any claim, the registered ones included.
      ...idTokenOverrides,
    };
    idTokenOverrides = undefined;
    const signingKey = forgeNext ? forger.privateKey : privateKey;
    forgeNext = false;
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .sign(signingKey);
    return c.json({ access_token: random(), token_type: 'Bearer', expires_in: 3600, id_token: idToken });
  });

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => {
    if (server.listening) resolve();
    else server.once('listening', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    clientSecret,
    env: () => ({
      GITHUB_CLIENT_ID: clientId,
      GITHUB_CLIENT_SECRET: clientSecret,
      GITHUB_BASE_URL: url,
      GITHUB_API_URL: `${url}/api`,
      GOOGLE_CLIENT_ID: clientId,
      GOOGLE_CLIENT_SECRET: clientSecret,
      GOOGLE_ISSUER: issuer(),
    }),
    setNextUser: (user) => {
      nextUser = user;
    },
    denyNext: () => {
      deny = true;
    },
    overrideNextIdToken: (claims) => {
      idTokenOverrides = claims;
    },
    signNextWithUnknownKey: () => {
      forgeNext = true;
    },
    lastAuthorization: () => lastAuthorization,
    close: () =>
      new Promise<void>((resolve, reject) => {
        // closeAllConnections: keep-alive sockets from the server under test would hold close() open.
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
