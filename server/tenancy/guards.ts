// Team route guards. A team-scoped route puts them in its `guards`:
//   guards: teamGuards()                                   → any ACTIVE member of :teamId
//   guards: teamGuards('members.invite')  → only the roles the permission matrix (src/domain/permissions.ts)
//     gives the permission; 403 for the others, in the matrix's words ("Only the team's owner and admins
//     can invite people.").
// Then c.get('team') is the team and c.get('membership').role the caller's role. A team the caller is
// not an ACTIVE member of answers 404, exactly like a team that does not exist.

import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { can, type Permission } from '@/domain/permissions';
import { teams } from '../db/schema';
import type { AppEnv } from '../http/env';
import { requireVerifiedUser } from '../identity/guards';
import { teamNotFound, teamRoleRequired, teamTwoFactorRequired } from './problems';
import { activeMembership } from './team-record';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(text: string | undefined): text is string {
  return text !== undefined && UUID.test(text);
}

/**
 * After requireVerifiedUser: loads :teamId and the caller's ACTIVE membership, or answers 404. A team that
 * requires two-factor sign-in answers 403 to a member who does not use it, except where `evenWithoutTwoFactor`
 * (reading the team itself, leaving it).
 */
function teamMember(options: { evenWithoutTwoFactor?: boolean } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const teamId = c.req.param('teamId');
    // A malformed id cannot name a team: the same 404 as any other, not a 422 that tells them apart.
    if (!isUuid(teamId)) throw teamNotFound();
    // An API token acts only for the teams it names: any other is as unknown to it as a stranger's.
    if (c.get('apiToken') && !c.get('apiToken')!.teamIds.includes(teamId)) throw teamNotFound();
    const db = c.get('identity').db;
    const membership = await activeMembership(db, teamId, c.get('user').id);
    if (!membership) throw teamNotFound();
    const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
    if (!team) throw teamNotFound();
    if (
      team.requireTwoFactor &&
      !options.evenWithoutTwoFactor &&
      !(await c.get('identity').twoFactor.isOn(c.get('user').id))
    ) {
      throw teamTwoFactorRequired(team.name);
    }
    c.set('team', team);
    c.set('membership', membership);
    await next();
  };
}

export const requireTeamMember = teamMember();

/** After requireTeamMember: 403 with whyNot(permission) unless the caller's role holds the permission. */
export function requirePermission(permission: Permission): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!can(c.get('membership').role, permission)) throw teamRoleRequired(permission);
    await next();
  };
}

/**
 * The whole chain for a team-scoped route: signed in and phone-verified, a member, and (optionally) a
 * permission of the matrix.
 */
export function teamGuards(permission?: Permission): MiddlewareHandler<AppEnv>[] {
  const chain: MiddlewareHandler<AppEnv>[] = [requireVerifiedUser, requireTeamMember];
  if (permission) chain.push(requirePermission(permission));
  return chain;
}

/** For reading the team itself and leaving it: open to a member even where the team requires two factors. */
export function teamGuardsEvenWithoutTwoFactor(): MiddlewareHandler<AppEnv>[] {
  return [requireVerifiedUser, teamMember({ evenWithoutTwoFactor: true })];
}
