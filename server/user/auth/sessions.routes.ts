// The caller's session and the list of their sessions (account settings), with sign-out for one, all
// others, or this one. Ending a session closes its open WebSockets too (through SessionEvents).
import * as v from 'valibot';
import {
  currentSessionSchema,
  revokedCountSchema,
  type SessionListItem,
  sessionListSchema,
} from '@/contract/auth';
import { idParam } from '../../http/path-params';
import { ProblemError } from '../../http/problem';
import { defineRoutes } from '../../http/routes';
import { t } from '../../i18n/t';
import { describeSession } from '../../identity/accounts';
import { requireSession, requireVerifiedUser } from '../../identity/guards';
import { describeDevice } from '../../identity/user-agent';

const sessionNotFound = () => new ProblemError(404, { detail: t('user.problem.sessionNotFound') });
const sessionIdParams = v.object({ id: idParam('session', sessionNotFound) });

export function sessionsRoutes() {
  return defineRoutes('/auth', 'Sessions')
    .add({
      method: 'get',
      path: '/session',
      summary: 'Who the token belongs to, their teams and when the session ends',
      tokenScope: 'never',
      guards: [requireSession],
      responses: { 200: { description: 'The current session.', schema: currentSessionSchema } },
      handler: async (c) => {
        const { db, sessions } = c.get('identity');
        return c.json(await describeSession(db, sessions, c.get('session'), c.get('user')), 200);
      },
    })
    .add({
      method: 'post',
      path: '/sign-out',
      summary: 'Sign out: end this session on the server',
      tokenScope: 'never',
      guards: [requireSession],
      responses: { 204: { description: 'The session has ended; its token no longer works.' } },
      handler: async (c) => {
        await c.get('identity').sessions.revoke(c.get('user').id, c.get('session').id);
        return c.body(null, 204);
      },
    })
    .add({
      method: 'get',
      path: '/sessions',
      summary: 'List your live sessions: this one first, then the most recently used',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      responses: { 200: { description: 'Your sessions.', schema: sessionListSchema } },
      handler: async (c) => {
        const current = c.get('session').id;
        const live = await c.get('identity').sessions.listActive(c.get('user').id);
        // The asking device on top, as "this device"; the store already orders the rest by last use.
        live.sort((a, b) => Number(b.id === current) - Number(a.id === current));
        const items: SessionListItem[] = live.map((session) => ({
          id: session.id,
          current: session.id === current,
          device: describeDevice(session.userAgent),
          ip: session.ip,
          createdAt: session.createdAt.toISOString(),
          lastSeenAt: session.lastSeenAt.toISOString(),
        }));
        return c.json({ sessions: items }, 200);
      },
    })
    .add({
      method: 'delete',
      path: '/sessions/:id',
      summary: 'End one of your sessions (sign a device out)',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { params: sessionIdParams },
      responses: { 204: { description: 'That session has ended.' } },
      handler: async (c, { params }) => {
        const ended = await c.get('identity').sessions.revoke(c.get('user').id, params.id);
        // Someone else's session id answers exactly like one that never existed.
        if (!ended) throw sessionNotFound();
        return c.body(null, 204);
      },
    })
    .add({
      method: 'post',
      path: '/sessions/sign-out-others',
      summary: 'Sign out everywhere else: end all your sessions but this one',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      responses: { 200: { description: 'How many sessions ended.', schema: revokedCountSchema } },
      handler: async (c) => {
        const revoked = await c.get('identity').sessions.revokeOthers(c.get('user').id, c.get('session').id);
        return c.json({ revoked }, 200);
      },
    });
}
