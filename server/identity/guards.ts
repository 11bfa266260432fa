// Route guards for every later route. Put one in a route's `guards`:
//   guards: [requireVerifiedUser]   → a signed-in user who has verified a phone number (the console)
//   guards: [requireSession]        → any live session, also one still verifying its phone
// Both also take a personal API token (Bearer ikt_…) for the operations its scopes cover: then
// c.get('apiToken') is set and c.get('session') is not.
// Then read c.get('session') and c.get('user') in the handler.
import type { MiddlewareHandler } from 'hono';
import { type TokenScopes, tokenAccessName, tokenAreaName } from '@/contract/api-tokens';
import { clientIp } from '../http/client-info';
import type { AppEnv } from '../http/env';
import { documentGuard } from '../http/openapi';
import { answerInLanguage, languageOf } from '../i18n/languages';
import { isApiTokenSecret } from './api-tokens';
import {
  apiTokenInvalid,
  apiTokenNotAllowed,
  apiTokenScopeMissing,
  phoneVerificationRequired,
  sessionRequired,
} from './problems';
import { allows, tokenRequirement } from './token-scopes';

/**
 * 401 sessionRequired unless `Authorization: Bearer <token>` names a live session — or a live API token whose
 * scopes cover the route's declared `tokenScope` (403 when they do not, or when the route takes no token).
 */
export const requireSession: MiddlewareHandler<AppEnv> = documentGuard(async (c, next) => {
  const token = bearerToken(c.req.header('Authorization'));
  if (!token) throw sessionRequired();
  if (isApiTokenSecret(token)) {
    const found = await c.get('identity').apiTokens.authenticate(token, { ip: clientIp(c) });
    if (!found) throw apiTokenInvalid();
    const needed = tokenRequirement(c.get('tokenScope'));
    if (needed === 'never') throw apiTokenNotAllowed();
    const scopes = found.token.scopes as TokenScopes;
    if (needed && !allows(scopes[needed.area], needed.access)) {
      const area = tokenAreaName(needed.area).toLowerCase();
      throw apiTokenScopeMissing(area, needed.access, tokenAccessName(scopes[needed.area] ?? 'none'));
    }
    c.set('user', found.user);
    c.set('apiToken', found.token);
    answerInLanguage(languageOf(found.user));
    await next();
    return;
  }
  const signedIn = await c.get('identity').sessions.authenticate(token, { ip: clientIp(c) });
  if (!signedIn) throw sessionRequired();
  c.set('session', signedIn.session);
  c.set('user', signedIn.user);
  answerInLanguage(languageOf(signedIn.user));
  await next();
}, 'session');

/** requireSession, then 403 phoneVerificationRequired until the account has verified a phone number. */
export const requireVerifiedUser: MiddlewareHandler<AppEnv> = documentGuard(
  (c, next) =>
    requireSession(c, async () => {
      if (c.get('user').phoneVerifiedAt === null) throw phoneVerificationRequired();
      await next();
    }),
  'session',
);

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer[ ]+([A-Za-z0-9_-]+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
