// GitHub and OpenID (Google) sign-in against a real local authorization server over HTTP: PKCE, single-use
// state bound to the browser, the nonce, and identities keyed by (provider, subject).
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResultSchema, signInMethodsSchema } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import { oauthStates } from '../../../server/db/schema';
import { type FakeOAuthProvider, type FakeUser, startFakeOAuthProvider } from '../../support/oauth-provider';
import { buildIdentityTestApp, call, type IdentityTestApp, signUp, uniqueEmail } from '../support/identity';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

const PUBLIC_URL = 'https://console.example.rw';

let database: TestDatabase;
let provider: FakeOAuthProvider;
let t: IdentityTestApp;
let subjects = 5000;

beforeAll(async () => {
  database = await openTestDatabase();
  provider = await startFakeOAuthProvider();
  const env = provider.env();
  t = buildIdentityTestApp(database.handle, {
    config: {
      publicUrl: PUBLIC_URL,
      github: {
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        baseUrl: env.GITHUB_BASE_URL!,
        apiUrl: env.GITHUB_API_URL!,
      },
      google: {
        clientId: provider.clientId,
        clientSecret: provider.clientSecret,
        issuer: env.GOOGLE_ISSUER!,
      },
    },
  });
});
afterAll(async () => {
  await provider?.close();
  await database?.dispose();
});

function newPerson(overrides: Partial<FakeUser> = {}): FakeUser {
  subjects += 1;
  return {
    subject: String(subjects),
    email: uniqueEmail('social'),
    name: 'Social Person',
    emailVerified: true,
    ...overrides,
  };
}

/** What the browser does: open the authorize URL, keep the cookie, follow the provider's redirect back. */
async function startSignIn(which: 'github' | 'google', cookie?: string) {
  const response = await call(t, 'GET', `/auth/oauth/${which}/authorize`, undefined, {
    headers: cookie ? { Cookie: cookie } : {},
  });
  expect(response.status).toBe(302);
  const setCookie = response.headers.get('Set-Cookie') ?? '';
  const toProvider = new URL(response.headers.get('Location')!);
  return { toProvider, setCookie, cookie: setCookie.split(';')[0]! };
}

async function throughProvider(toProvider: URL): Promise<URL> {
  const response = await fetch(toProvider, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('Location')!);
}

function finish(back: URL, cookie: string | undefined) {
  return call(
    t,
    'POST',
    '/auth/oauth/callback',
    { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    { headers: cookie ? { Cookie: cookie } : {} },
  );
}

async function signInWith(which: 'github' | 'google', person: FakeUser) {
  provider.setNextUser(person);
  const { toProvider, cookie } = await startSignIn(which);
  return finish(await throughProvider(toProvider), cookie);
}

async function problemOf(response: Response) {
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}

describe('GET /auth/methods', () => {
  it('offers the e-mail code and the configured providers', async () => {
    const response = await call(t, 'GET', '/auth/methods');
    expect(v.parse(signInMethodsSchema, await response.json())).toEqual({
      emailCode: true,
      providers: [
        { id: 'github', name: 'GitHub' },
        { id: 'google', name: 'Google' },
      ],
    });
  });

  it('offers no provider that is not configured, and its authorize route is 404', async () => {
    const bare = buildIdentityTestApp(database.handle);
    expect(await (await call(bare, 'GET', '/auth/methods')).json()).toEqual({
      emailCode: true,
      providers: [],
    });
    expect((await call(bare, 'GET', '/auth/oauth/github/authorize')).status).toBe(404);
    expect((await call(t, 'GET', '/auth/oauth/facebook/authorize')).status).toBe(404);
  });
});

describe('GitHub', () => {
  it('redirects with PKCE S256, a state and a browser-binding cookie', async () => {
    const { toProvider, setCookie } = await startSignIn('github');
    expect(`${toProvider.origin}${toProvider.pathname}`).toBe(`${provider.url}/login/oauth/authorize`);
    const query = toProvider.searchParams;
    expect(query.get('client_id')).toBe(provider.clientId);
    expect(query.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth/callback`);
    expect(query.get('code_challenge_method')).toBe('S256');
    expect(query.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.get('state')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(setCookie).toMatch(
      /^ikirere_oauth_binding=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/user\/api\/v1\/auth\/oauth; HttpOnly; Secure; SameSite=Lax$/,
    );
    // Only hashes of the state are kept.
    const rows = await t.identity.db.select().from(oauthStates).where(eq(oauthStates.provider, 'github'));
    expect(JSON.stringify(rows)).not.toContain(query.get('state'));
  });

  it('marks the binding cookie Secure behind a trusted https proxy without PUBLIC_URL', async () => {
    const behindProxy = (trustProxy: boolean) =>
      buildIdentityTestApp(database.handle, {
        config: {
          trustProxy,
          github: {
            clientId: provider.clientId,
            clientSecret: provider.clientSecret,
            baseUrl: provider.env().GITHUB_BASE_URL!,
            apiUrl: provider.env().GITHUB_API_URL!,
          },
        },
      });
    const start = (app: IdentityTestApp) =>
      call(app, 'GET', '/auth/oauth/github/authorize', undefined, {
        headers: { 'X-Forwarded-Proto': 'https', Host: 'console.example.rw' },
      });
    const proxied = await start(behindProxy(true));
    expect(proxied.headers.get('Set-Cookie')).toContain('; Secure');
    expect(new URL(proxied.headers.get('Location')!).searchParams.get('redirect_uri')).toMatch(/^https:\/\//);
    // Without TRUST_PROXY the header is anybody's to send: it changes nothing.
    expect((await start(behindProxy(false))).headers.get('Set-Cookie')).not.toContain('Secure');
  });

  it('creates an account for a new identity with a new verified address, and signs it in again later', async () => {
    const person = newPerson({ name: 'Margaret Hamilton' });
    const first = await signInWith('github', person);
    expect(first.status, await first.clone().text()).toBe(200);
    const result = v.parse(authResultSchema, await first.json());
    expect(result.user).toMatchObject({
      name: 'Margaret Hamilton',
      email: person.email,
      phoneVerified: false,
    });
    expect(result.teams).toEqual([expect.objectContaining({ name: "Margaret's team", role: 'OWNER' })]);

    // Same identity, even with another address at GitHub now: the same account.
    const again = await signInWith('github', { ...person, email: uniqueEmail('changed') });
    expect(again.status).toBe(200);
    expect(v.parse(authResultSchema, await again.json()).user.id).toBe(result.user.id);
  });

  it('starts a new account in the language the browser asks for, its own team named in it', async () => {
    provider.setNextUser(newPerson({ name: 'Jean Habimana' }));
    const { toProvider, cookie } = await startSignIn('github');
    const back = await throughProvider(toProvider);
    const response = await call(
      t,
      'POST',
      '/auth/oauth/callback',
      { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      { headers: { Cookie: cookie, 'Accept-Language': 'fr-FR,fr;q=0.9' } },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const result = v.parse(authResultSchema, await response.json());
    expect(result.user).toMatchObject({ locale: 'fr' });
    expect(result.teams).toEqual([expect.objectContaining({ name: 'Équipe de Jean', role: 'OWNER' })]);
  });

  it('never joins an identity to an existing account by e-mail alone', async () => {
    const email = uniqueEmail('owner');
    await signUp(t, 'Address Owner', email);
    const response = await signInWith('github', newPerson({ email }));
    expect(await problemOf(response)).toMatchObject({
      status: 409,
      type: problemTypes.oauthEmailInUse,
      detail: 'An account with this e-mail already exists. Sign in with a code sent to that address.',
    });
  });

  it.each([
    ['an unverified address', { emailVerified: false }],
    ['no address at all', { email: null }],
  ])('refuses a new identity with %s', async (_label, overrides) => {
    const response = await signInWith('github', newPerson(overrides));
    expect(await problemOf(response)).toMatchObject({ status: 400, type: problemTypes.oauthEmailUnverified });
  });

  it('uses a state once', async () => {
    provider.setNextUser(newPerson());
    const { toProvider, cookie } = await startSignIn('github');
    const back = await throughProvider(toProvider);
    expect((await finish(back, cookie)).status).toBe(200);
    expect(await problemOf(await finish(back, cookie))).toMatchObject({
      status: 400,
      type: problemTypes.oauthStateInvalid,
      detail: 'This sign-in was already used. Start signing in again.',
    });
  });

  it('refuses a state older than 10 minutes', async () => {
    const { toProvider, cookie } = await startSignIn('github');
    const back = await throughProvider(toProvider);
    t.clock.advance(10 * 60_000);
    expect(await problemOf(await finish(back, cookie))).toMatchObject({
      status: 400,
      detail: 'This sign-in took longer than 10 minutes. Start signing in again.',
    });
  });

  it('refuses a state it never issued', async () => {
    const response = await call(t, 'POST', '/auth/oauth/callback', { code: 'abc', state: 'made-up-state' });
    expect(await problemOf(response)).toMatchObject({
      status: 400,
      detail: 'This sign-in is not one we started. Start signing in again.',
    });
  });

  it.each([
    ['no cookie', undefined],
    ['another browser’s cookie', `ikirere_oauth_binding=${'A'.repeat(43)}`],
  ])('refuses a callback with %s', async (_label, cookie) => {
    const { toProvider } = await startSignIn('github');
    const back = await throughProvider(toProvider);
    expect(await problemOf(await finish(back, cookie))).toMatchObject({
      status: 400,
      type: problemTypes.oauthStateInvalid,
      detail: 'This sign-in was started in another browser. Start signing in again in this one.',
    });
  });

  it('lets two tabs of one browser sign in side by side', async () => {
    const first = await startSignIn('github');
    const second = await startSignIn('github', first.cookie);
    expect(second.cookie).toBe(first.cookie);
    provider.setNextUser(newPerson());
    const backFirst = await throughProvider(first.toProvider);
    provider.setNextUser(newPerson());
    const backSecond = await throughProvider(second.toProvider);
    expect((await finish(backSecond, first.cookie)).status).toBe(200);
    expect((await finish(backFirst, first.cookie)).status).toBe(200);
  });

  it('passes on "access denied" to the console, and a code the provider never issued fails as a provider failure', async () => {
    provider.denyNext();
    const { toProvider, cookie } = await startSignIn('github');
    const back = await throughProvider(toProvider);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/auth/callback`);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(toProvider.searchParams.get('state'));

    back.searchParams.set('code', 'never-issued');
    const answer = await problemOf(await finish(back, cookie));
    expect(answer).toMatchObject({
      status: 502,
      type: problemTypes.oauthProviderFailed,
      detail: 'GitHub could not complete the sign-in. Try again, or sign in with an e-mail code.',
    });
    expect(JSON.stringify(answer)).not.toMatch(/invalid_grant|OAUTH_|stack/i);
  });

  it('fails when the PKCE verifier does not match the challenge the provider saw', async () => {
    provider.setNextUser(newPerson());
    const { toProvider, cookie } = await startSignIn('github');
    const back = await throughProvider(toProvider);
    // What a stolen code would meet: a verifier other than the one behind the challenge.
    await t.identity.db.update(oauthStates).set({ codeVerifier: 'x'.repeat(43) });
    expect(await problemOf(await finish(back, cookie))).toMatchObject({
      status: 502,
      type: problemTypes.oauthProviderFailed,
    });
  });
});

describe('Google (OpenID Connect)', () => {
  it('sends a nonce and signs in with the id_token the issuer signed', async () => {
    const person = newPerson({ name: 'Katherine Johnson' });
    provider.setNextUser(person);
    const { toProvider, cookie } = await startSignIn('google');
    expect(`${toProvider.origin}${toProvider.pathname}`).toBe(`${provider.url}/oidc/authorize`);
    expect(toProvider.searchParams.get('scope')).toBe('openid email profile');
    expect(toProvider.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(toProvider.searchParams.get('code_challenge_method')).toBe('S256');
    const response = await finish(await throughProvider(toProvider), cookie);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(v.parse(authResultSchema, await response.json()).user).toMatchObject({
      name: 'Katherine Johnson',
      email: person.email,
    });
  });

  it.each([
    ['a nonce from another sign-in', { nonce: 'another-sign-ins-nonce' }],
    ['another audience', { aud: 'someone-else' }],
    ['another issuer', { iss: 'https://evil.example' }],
  ])('refuses an id_token with %s', async (_label, claims) => {
    provider.setNextUser(newPerson());
    provider.overrideNextIdToken(claims);
    const { toProvider, cookie } = await startSignIn('google');
    const response = await finish(await throughProvider(toProvider), cookie);
    expect(await problemOf(response)).toMatchObject({ status: 502, type: problemTypes.oauthProviderFailed });
  });

  it('refuses an id_token signed with a key the issuer does not publish', async () => {
    provider.setNextUser(newPerson());
    provider.signNextWithUnknownKey();
    const { toProvider, cookie } = await startSignIn('google');
    const response = await finish(await throughProvider(toProvider), cookie);
    expect(await problemOf(response)).toMatchObject({ status: 502, type: problemTypes.oauthProviderFailed });
  });

  it('keeps Google and GitHub identities apart even with the same subject', async () => {
    const person = newPerson();
    const viaGithub = v.parse(authResultSchema, await (await signInWith('github', person)).json());
    const viaGoogle = await signInWith('google', person);
    // The address now belongs to the GitHub-made account, and subjects are per provider.
    expect(await problemOf(viaGoogle)).toMatchObject({ status: 409, type: problemTypes.oauthEmailInUse });
    expect(viaGithub.user.email).toBe(person.email);
  });

  it('sends the browser back to the console when the issuer cannot be reached', async () => {
    const offline = buildIdentityTestApp(database.handle, {
      config: {
        publicUrl: PUBLIC_URL,
        google: { clientId: 'x', clientSecret: 'y', issuer: 'http://127.0.0.1:9/oidc' },
      },
    });
    const response = await call(offline, 'GET', '/auth/oauth/google/authorize');
    expect(response.status).toBe(302);
    const back = new URL(response.headers.get('Location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/auth/callback`);
    expect(back.searchParams.get('error')).toBe('temporarily_unavailable');
    expect(back.searchParams.get('error_description')).toBe(
      'Google cannot be reached right now. Try again later.',
    );
  });
});
