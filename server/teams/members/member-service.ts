// What the members routes do, behind them: the list, role changes, removal, leaving and the ownership
// transfer. Each change locks the team row and re-reads both memberships first, so two admins acting at
// once (demoting each other, say) are decided one after the other on fresh data.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Role } from '@/contract/auth';
import type { Member, MemberRole, Team } from '@/contract/teams';
import { can } from '@/domain/permissions';
import { personLabel, recordAudit } from '../../audit/audit-log';
import type { Transaction } from '../../db';
import { teamMembers, users } from '../../db/schema';
import { inLanguage } from '../../i18n/languages';
import { languageOfAddress } from '../../i18n/recipient-language';
import { t } from '../../i18n/t';
import type { Identity } from '../../identity';
import { usesTwoFactor } from '../../identity/two-factor';
import type { LiveUpdates } from '../../socket/live-updates';
import { isUuid } from '../../tenancy/guards';
import { fieldProblem, notInTeam, teamNotFound, teamRoleRequired } from '../../tenancy/problems';
import {
  ACTIVE,
  activeMembership,
  describeTeam,
  lockTeam,
  type Queryable,
  type TeamRecord,
} from '../../tenancy/team-record';
import { newOwnerMail, removedFromTeamMail } from '../messages';
import type { Caller } from '../team-service';
import { assertMayChangeRole, assertMayLeave, assertMayRemove } from './member-rules';

const memberColumns = {
  userId: teamMembers.userId,
  name: users.name,
  email: users.email,
  role: teamMembers.role,
  status: teamMembers.status,
  joinedAt: teamMembers.createdAt,
};

type MemberRow = {
  userId: string;
  name: string;
  email: string;
  role: string;
  status: string;
  joinedAt: Date;
};

function toMember(row: MemberRow): Member {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    status: row.status as Member['status'],
    joinedAt: row.joinedAt.toISOString(),
  };
}

async function findMember(db: Queryable, teamId: string, userId: string): Promise<MemberRow | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await db
    .select(memberColumns)
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(
      and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), eq(teamMembers.status, ACTIVE)),
    );
  return row;
}

/** Locks the team, then reads the caller's current membership: what the guard saw may have changed. */
async function lockAndReadActor(tx: Transaction, teamId: string, actorId: string) {
  if (!(await lockTeam(tx, teamId))) throw teamNotFound();
  const actor = await activeMembership(tx, teamId, actorId);
  if (!actor) throw teamNotFound();
  return actor;
}

export class MemberService {
  constructor(private readonly deps: { identity: Identity; live: LiveUpdates }) {}

  /**
   * Tells the team's open consoles who is in it changed, and the people whose own membership changed (a
   * role, a removal) that it did: their consoles re-read what they may see and do.
   */
  private async announce(teamId: string, userIds: readonly string[]): Promise<void> {
    this.deps.live.publishToUsers(userIds, { type: 'membership.changed', teamId });
    await this.deps.live.publishToTeam(teamId, { type: 'members.changed', teamId });
  }

  /** The owner first, then admins, then members; who uses two-factor sign-in is told to the owner only. */
  async listMembers(teamId: string, role: Role): Promise<Member[]> {
    const owner = can(role, 'team.requireTwoFactor');
    const rows = await this.deps.identity.db
      .select({ ...memberColumns, twoFactor: usesTwoFactor('team_members.user_id') })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.status, ACTIVE)))
      .orderBy(
        sql`case ${teamMembers.role} when 'OWNER' then 0 when 'ADMIN' then 1 else 2 end`,
        asc(users.name),
        asc(users.id),
      );
    return rows.map((row) => ({ ...toMember(row), ...(owner ? { twoFactor: row.twoFactor } : {}) }));
  }

  async changeRole(caller: Caller, teamId: string, userId: string, role: MemberRole): Promise<Member> {
    const { db, clock } = this.deps.identity;
    const now = clock.now();
    const member = await db.transaction(async (tx) => {
      const actor = await lockAndReadActor(tx, teamId, caller.user.id);
      const target = await findMember(tx, teamId, userId);
      if (!target) throw notInTeam('member');
      assertMayChangeRole(actor, { userId: target.userId, role: target.role as Role });
      if (target.role === role) return target;
      await tx
        .update(teamMembers)
        .set({ role })
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, target.userId)));
      await recordAudit(tx, {
        teamId,
        actor: caller.actor,
        action: 'member.role_changed',
        target: personLabel(target),
        details: { userId: target.userId, from: target.role, to: role },
        at: now,
      });
      return { ...target, role };
    });
    await this.announce(teamId, [member.userId]);
    return toMember(member);
  }

  async removeMember(caller: Caller, team: TeamRecord, userId: string): Promise<void> {
    const identity = this.deps.identity;
    const now = identity.clock.now();
    const removed = await identity.db.transaction(async (tx) => {
      const actor = await lockAndReadActor(tx, team.id, caller.user.id);
      const target = await findMember(tx, team.id, userId);
      if (!target) throw notInTeam('member');
      assertMayRemove(actor, { userId: target.userId, role: target.role as Role });
      await tx
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, target.userId)));
      await recordAudit(tx, {
        teamId: team.id,
        actor: caller.actor,
        action: 'member.removed',
        target: personLabel(target),
        details: { userId: target.userId, role: target.role },
        at: now,
      });
      return target;
    });
    await this.announce(team.id, [removed.userId]);
    identity.deliveries.later('member removed notice', () =>
      languageOfAddress(identity.db, removed.email).then((language) =>
        identity.mail.send(
          inLanguage(language, () => removedFromTeamMail(removed.email, team.name, caller.user.name)),
        ),
      ),
    );
  }

  async leave(caller: Caller, teamId: string): Promise<void> {
    const { db, clock } = this.deps.identity;
    const { user } = caller;
    const now = clock.now();
    await db.transaction(async (tx) => {
      const actor = await lockAndReadActor(tx, teamId, user.id);
      assertMayLeave(actor);
      await tx
        .delete(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, user.id)));
      await recordAudit(tx, {
        teamId,
        actor: caller.actor,
        action: 'member.left',
        target: personLabel(user),
        details: { userId: user.id, role: actor.role },
        at: now,
      });
    });
    await this.announce(teamId, [user.id]);
  }

  /** The caller steps down to admin; answers the team with their new role. */
  async transferOwnership(caller: Caller, team: TeamRecord, userId: string): Promise<Team> {
    const identity = this.deps.identity;
    const { user } = caller;
    const now = identity.clock.now();
    const newOwner = await identity.db.transaction(async (tx) => {
      const actor = await lockAndReadActor(tx, team.id, user.id);
      if (!can(actor.role, 'team.transferOwnership')) throw teamRoleRequired('team.transferOwnership');
      const target = userId === user.id ? undefined : await findMember(tx, team.id, userId);
      if (!target) {
        throw fieldProblem('userId', t('teams.problem.newOwner'));
      }
      // The old owner steps down first: the one-owner index allows no moment with two.
      await tx
        .update(teamMembers)
        .set({ role: 'ADMIN' })
        .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, user.id)));
      await tx
        .update(teamMembers)
        .set({ role: 'OWNER' })
        .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.userId, target.userId)));
      await recordAudit(tx, {
        teamId: team.id,
        actor: caller.actor,
        action: 'team.ownership_transferred',
        target: personLabel(target),
        details: { from: user.id, to: target.userId, previousRoleOfNewOwner: target.role },
        at: now,
      });
      return target;
    });
    await this.announce(team.id, [user.id, newOwner.userId]);
    identity.deliveries.later('new owner notice', () =>
      languageOfAddress(identity.db, newOwner.email).then((language) =>
        identity.mail.send(inLanguage(language, () => newOwnerMail(newOwner.email, team.name, user.name))),
      ),
    );
    return describeTeam(identity.db, team, 'ADMIN');
  }
}
