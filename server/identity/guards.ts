// Route guards for every later route. Put one in a route's `guards`:
//   guards: [requireVerifiedUser]   → a signed-in user who has verified a phone number (the console)
//   guards: [requireSession]        → any live session, also one still verifying its phone
// Then read c.get('session') and c.get('user') in the handler.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/env';
import { documentGuard } from '../http/openapi';
import { clientIp } from './client-info';
import { phoneVerificationRequired, sessionRequired } from './problems';

/** 401 sessionRequired unless `Authorization: Bearer <token>` names a live session. */
export const requireSession: MiddlewareHandler<AppEnv> = documentGuard(async (c, next) => {
  const token = bearerToken(c.req.header('Authorization'));
  if (!token) throw sessionRequired();
  const signedIn = await c.get('identity').sessions.authenticate(token, { ip: clientIp(c) });
  if (!signedIn) throw sessionRequired();
  c.set('session', signedIn.session);
  c.set('user', signedIn.user);
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
