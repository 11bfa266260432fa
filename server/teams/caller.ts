// The caller of a teams route, as the team services take it: the signed-in person and the audit actor.
import type { Context } from 'hono';
import { auditActor } from '../audit/audit-log';
import type { AppEnv } from '../http/env';
import type { Caller } from './team-service';

export function caller(c: Context<AppEnv>): Caller {
  return { user: c.get('user'), actor: auditActor(c) };
}
