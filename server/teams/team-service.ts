// What the teams routes do, behind them: creating, renaming, re-pricing (currency), requiring two-factor
// sign-in of and deleting a team, each in one transaction with its audit entry, then the live updates and
// mails. Members (members/member-service.ts) and invitations (invitations/invitation-service.ts) hang
// off it. What a team holds elsewhere (computes, domains, billing) is asked through TeamAreas, given by
// app.ts: this feature imports no other.
import { and, eq, ne, not } from 'drizzle-orm';
import type { Role } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import type { Currency, Team, TeamLimits } from '@/contract/teams';
import { can } from '@/domain/permissions';
import { type AuditActor, recordAudit } from '../audit/audit-log';
import { teamMembers, teams, users, verificationDocuments } from '../db/schema';
import { inLanguage } from '../i18n/languages';
import { languageOfAddress } from '../i18n/recipient-language';
import { t } from '../i18n/t';
import type { Identity } from '../identity';
import type { UserRecord } from '../identity/sessions';
import { usesTwoFactor } from '../identity/two-factor';
import type { LiveUpdates } from '../socket/live-updates';
import { teamLimits } from '../tenancy/limits';
import { conflict, fieldProblem, teamNotFound, teamRoleRequired } from '../tenancy/problems';
import { ACTIVE, describeTeam, lockTeam, type TeamRecord, teamsOfUser } from '../tenancy/team-record';
import { InvitationService } from './invitations/invitation-service';
import { MemberService } from './members/member-service';
import { teamDeletedMail, teamTwoFactorRequiredMail } from './messages';
import { countTeamResources, describeResources, type TeamAreas } from './resources';
import type { UploadStore } from './verification/upload-store';

export interface TeamServiceDeps {
  identity: Identity;
  live: LiveUpdates;
  uploads: UploadStore;
  /** What the teams feature asks of computes, domains and billing (app.ts gives it). */
  areas: TeamAreas;
}

/** Who acts: the signed-in person and how the audit log names them. */
export interface Caller {
  user: UserRecord;
  actor: AuditActor;
}

export class TeamService {
  readonly members: MemberService;
  readonly invitations: InvitationService;

  constructor(readonly deps: TeamServiceDeps) {
    this.members = new MemberService(deps);
    this.invitations = new InvitationService(deps);
  }

  private get identity(): Identity {
    return this.deps.identity;
  }

  /** The person's teams, oldest first; `onlyTeamIds`: the teams an API token acts for. */
  async listTeams(userId: string, onlyTeamIds?: readonly string[]): Promise<Team[]> {
    const found = await teamsOfUser(this.identity.db, userId);
    return onlyTeamIds ? found.filter((team) => onlyTeamIds.includes(team.id)) : found;
  }

  describe(team: TeamRecord, role: Role): Promise<Team> {
    return describeTeam(this.identity.db, team, role);
  }

  async createTeam(caller: Caller, body: { name: string; currency: Currency }): Promise<Team> {
    const { db, clock } = this.identity;
    const now = clock.now();
    const team = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(teams)
        .values({ name: body.name, currency: body.currency, createdAt: now, updatedAt: now })
        .returning();
      await tx.insert(teamMembers).values({
        teamId: created!.id,
        userId: caller.user.id,
        role: 'OWNER',
        status: ACTIVE,
        createdAt: now,
      });
      await recordAudit(tx, {
        teamId: created!.id,
        actor: caller.actor,
        action: 'team.created',
        target: body.name,
        details: { name: body.name, currency: body.currency },
        at: now,
      });
      return created!;
    });
    // The creator's other browsers list the new team too.
    this.deps.live.publishToUsers([caller.user.id], { type: 'membership.changed', teamId: team.id });
    return describeTeam(db, team, 'OWNER');
  }

  /** Renames the team (owner, admin) or changes its currency (owner); the unchanged value may be sent. */
  async updateTeam(
    caller: Caller,
    before: TeamRecord,
    role: Role,
    body: { name?: string; currency?: Currency },
  ): Promise<Team> {
    const { db, clock } = this.identity;
    if (
      body.currency !== undefined &&
      body.currency !== before.currency &&
      !can(role, 'team.changeCurrency')
    ) {
      throw teamRoleRequired('team.changeCurrency');
    }
    const now = clock.now();
    const updated = await db.transaction(async (tx) => {
      const current = await lockTeam(tx, before.id);
      if (!current) throw teamNotFound();
      const name = body.name ?? current.name;
      const currency = body.currency ?? current.currency;
      if (name === current.name && currency === current.currency) return current;
      const [row] = await tx
        .update(teams)
        .set({ name, updatedAt: now })
        .where(eq(teams.id, current.id))
        .returning();
      if (name !== current.name) {
        await recordAudit(tx, {
          teamId: current.id,
          actor: caller.actor,
          action: 'team.renamed',
          target: name,
          details: { from: current.name, to: name },
          at: now,
        });
      }
      // One place decides whether the currency may change (a zero balance, no top-up pending): billing's.
      if (currency === current.currency) return row!;
      await this.deps.areas.changeCurrency(tx, row!, currency as Currency, caller.actor, now);
      return { ...row!, currency };
    });
    await this.deps.live.publishToTeam(before.id, { type: 'team.updated', teamId: before.id });
    return describeTeam(db, updated, role);
  }

  /** Members without two-factor sign-in are refused the team once it is required, and told by e-mail. */
  async setTwoFactorRequirement(
    caller: Caller,
    teamId: string,
    role: Role,
    required: boolean,
  ): Promise<Team> {
    const identity = this.identity;
    if (required && !(await identity.twoFactor.isOn(caller.user.id))) {
      throw fieldProblem('required', t('teams.problem.twoFactorOffForYou.detail'), {
        status: 409,
        title: t('teams.problem.twoFactorOffForYou.title'),
      });
    }
    const now = identity.clock.now();
    const { team, lacking } = await identity.db.transaction(async (tx) => {
      const current = await lockTeam(tx, teamId);
      if (!current) throw teamNotFound();
      if (current.requireTwoFactor === required) return { team: current, lacking: [] };
      const [row] = await tx
        .update(teams)
        .set({ requireTwoFactor: required, updatedAt: now })
        .where(eq(teams.id, current.id))
        .returning();
      await recordAudit(tx, {
        teamId: current.id,
        actor: caller.actor,
        action: required ? 'team.two_factor_required' : 'team.two_factor_not_required',
        target: current.name,
        details: {},
        at: now,
      });
      const without = required
        ? await tx
            .select({ email: users.email })
            .from(teamMembers)
            .innerJoin(users, eq(users.id, teamMembers.userId))
            .where(
              and(
                eq(teamMembers.teamId, current.id),
                eq(teamMembers.status, ACTIVE),
                not(usesTwoFactor('team_members.user_id')),
              ),
            )
        : [];
      return { team: row!, lacking: without };
    });
    // Every member's console re-reads the team: those without two factors see why they are refused.
    const members = await identity.db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), eq(teamMembers.status, ACTIVE)));
    this.deps.live.publishToUsers(
      members.map((member) => member.userId),
      { type: 'membership.changed', teamId: team.id },
    );
    for (const member of lacking) {
      identity.deliveries.later('two-factor requirement notice', async () => {
        const language = await languageOfAddress(identity.db, member.email);
        await identity.mail.send(
          inLanguage(language, () => teamTwoFactorRequiredMail(member.email, team.name, caller.user.name)),
        );
      });
    }
    return describeTeam(identity.db, team, role);
  }

  /** Only a team that holds nothing (as the areas count it) is deleted; the other members are told. */
  async deleteTeam(caller: Caller, team: TeamRecord): Promise<void> {
    const identity = this.identity;
    const { user } = caller;
    const now = identity.clock.now();
    const { others, storageNames } = await identity.db.transaction(async (tx) => {
      if (!(await lockTeam(tx, team.id))) throw teamNotFound();
      const held = describeResources(await countTeamResources(this.deps.areas, tx, team.id));
      if (held) {
        throw conflict(t('teams.problem.stillHolds', { held }), problemTypes.teamHasResources);
      }
      const otherMembers = await tx
        .select({ email: users.email, userId: users.id })
        .from(teamMembers)
        .innerJoin(users, eq(users.id, teamMembers.userId))
        .where(
          and(
            eq(teamMembers.teamId, team.id),
            ne(teamMembers.userId, user.id),
            eq(teamMembers.status, ACTIVE),
          ),
        );
      const documents = await tx
        .select({ storageName: verificationDocuments.storageName })
        .from(verificationDocuments)
        .where(eq(verificationDocuments.teamId, team.id));
      await recordAudit(tx, {
        teamId: team.id,
        actor: caller.actor,
        action: 'team.deleted',
        target: team.name,
        details: { name: team.name, otherMembers: otherMembers.length },
        at: now,
      });
      await tx.delete(teams).where(eq(teams.id, team.id));
      return { others: otherMembers, storageNames: documents.map((document) => document.storageName) };
    });
    // Every member's console leaves the team that no longer exists, this user's other browsers too.
    this.deps.live.publishToUsers([user.id, ...others.map((member) => member.userId)], {
      type: 'membership.changed',
      teamId: team.id,
    });
    await this.deps.uploads.remove(storageNames);
    for (const member of others) {
      identity.deliveries.later('team deleted notice', async () => {
        const language = await languageOfAddress(identity.db, member.email);
        await identity.mail.send(
          inLanguage(language, () => teamDeletedMail(member.email, team.name, user.name)),
        );
      });
    }
  }

  limits(teamId: string): Promise<TeamLimits> {
    return teamLimits(this.identity.db, teamId, this.deps.areas.computes);
  }
}
