// What the team's invitations routes do, behind them: the open list, inviting by e-mail, resending (a new
// link; the old one stops working) and revoking, each under the team's lock with its audit entry; then
// the e-mail and the live updates.
import { and, eq, isNotNull } from 'drizzle-orm';
import type * as v from 'valibot';
import type { createInvitationRequestSchema, Invitation, MemberRole } from '@/contract/teams';
import { recordAudit } from '../../audit/audit-log';
import type { Transaction } from '../../db';
import { invitations, teamMembers, users } from '../../db/schema';
import { inLanguage } from '../../i18n/languages';
import { languageOfAddress } from '../../i18n/recipient-language';
import { t } from '../../i18n/t';
import type { Identity } from '../../identity';
import { isUniqueViolation } from '../../identity/accounts';
import type { LiveUpdates } from '../../socket/live-updates';
import { isUuid } from '../../tenancy/guards';
import { notInTeam, teamNotFound } from '../../tenancy/problems';
import { ACTIVE, lockTeam, type TeamRecord } from '../../tenancy/team-record';
import type { Caller } from '../team-service';
import { addressConflict, closedInvitation } from './invitation-problems';
import {
  findInvitation,
  findInvitations,
  INVITATION_TTL_MS,
  type InvitationRow,
  markExpired,
  toInvitation,
} from './invitation-record';
import { invitationMail } from './messages';

const alreadyInvited = (email: string) => t('teams.problem.alreadyInvited', { email });

async function assertNotMember(tx: Transaction, teamId: string, email: string): Promise<void> {
  const [member] = await tx
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(users.email, email), eq(teamMembers.status, ACTIVE)));
  if (member) {
    throw addressConflict(t('teams.problem.alreadyMember', { email }));
  }
}

async function openInvitationOfTeam(tx: Transaction, teamId: string, invitationId: string) {
  if (!isUuid(invitationId)) throw notInTeam('invitation');
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.teamId, teamId)));
  if (!row) throw notInTeam('invitation');
  return row;
}

/**
 * Tells the team's open consoles its invitations changed, and the invited person's (if they already have
 * an account with that address) that theirs did.
 */
export async function announceInvitation(
  deps: { identity: Identity; live: LiveUpdates },
  teamId: string,
  email: string,
): Promise<void> {
  const invitees = await deps.identity.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNotNull(users.emailVerifiedAt)));
  deps.live.publishToUsers(
    invitees.map((invitee) => invitee.id),
    { type: 'invitations.changed' },
  );
  await deps.live.publishToTeam(teamId, { type: 'members.changed', teamId });
}

export class InvitationService {
  constructor(private readonly deps: { identity: Identity; live: LiveUpdates }) {}

  /** Open: not yet accepted, declined or revoked; expired ones are listed too (to resend or revoke). */
  async listInvitations(teamId: string): Promise<Invitation[]> {
    const { db, clock } = this.deps.identity;
    const found = await findInvitations(
      db,
      and(eq(invitations.teamId, teamId), eq(invitations.status, 'PENDING')),
    );
    const now = clock.now();
    return found.map((item) => toInvitation(item, now));
  }

  /** `origin`: the console's, for the link in the e-mail. */
  async invite(
    caller: Caller,
    team: TeamRecord,
    body: v.InferOutput<typeof createInvitationRequestSchema>,
    origin: string,
  ): Promise<Invitation> {
    const { db, clock } = this.deps.identity;
    const now = clock.now();
    let row: InvitationRow;
    try {
      row = await db.transaction(async (tx) => {
        if (!(await lockTeam(tx, team.id))) throw teamNotFound();
        await assertNotMember(tx, team.id, body.email);
        await markExpired(tx, team.id, body.email, now);
        const [open] = await tx
          .select({ id: invitations.id })
          .from(invitations)
          .where(
            and(
              eq(invitations.teamId, team.id),
              eq(invitations.email, body.email),
              eq(invitations.status, 'PENDING'),
            ),
          );
        if (open) {
          throw addressConflict(alreadyInvited(body.email));
        }
        const created = await insertInvitation(tx, team.id, body.email, body.role, caller.user.id, now);
        await recordAudit(tx, {
          teamId: team.id,
          actor: caller.actor,
          action: 'invitation.sent',
          target: `invitation to ${body.email}`,
          details: { invitationId: created.id, email: body.email, role: body.role },
          at: now,
        });
        return created;
      });
    } catch (error) {
      // Two invitations to one address at the same moment: the index let only one through.
      if (!isUniqueViolation(error)) throw error;
      throw addressConflict(alreadyInvited(body.email));
    }
    return this.sent(caller, team, row, origin, now);
  }

  /** Works for open and expired invitations: a new id and 7 fresh days. */
  async resendInvitation(
    caller: Caller,
    team: TeamRecord,
    invitationId: string,
    origin: string,
  ): Promise<Invitation> {
    const { db, clock } = this.deps.identity;
    const now = clock.now();
    const row = await db.transaction(async (tx) => {
      if (!(await lockTeam(tx, team.id))) throw teamNotFound();
      const old = await openInvitationOfTeam(tx, team.id, invitationId);
      // Stored EXPIRED means a newer invitation to the address took its place: that one is resent.
      if (old.status !== 'PENDING') throw closedInvitation(old.status, 'team');
      await assertNotMember(tx, team.id, old.email);
      await tx
        .update(invitations)
        .set({ status: 'REVOKED', closedAt: now })
        .where(eq(invitations.id, old.id));
      const created = await insertInvitation(tx, team.id, old.email, old.role, caller.user.id, now);
      await recordAudit(tx, {
        teamId: team.id,
        actor: caller.actor,
        action: 'invitation.resent',
        target: `invitation to ${old.email}`,
        details: {
          invitationId: created.id,
          previousInvitationId: old.id,
          email: old.email,
          role: old.role,
        },
        at: now,
      });
      return created;
    });
    return this.sent(caller, team, row, origin, now);
  }

  async revokeInvitation(caller: Caller, team: TeamRecord, invitationId: string): Promise<void> {
    const { db, clock } = this.deps.identity;
    const now = clock.now();
    const revoked = await db.transaction(async (tx) => {
      if (!(await lockTeam(tx, team.id))) throw teamNotFound();
      const row = await openInvitationOfTeam(tx, team.id, invitationId);
      if (row.status !== 'PENDING') throw closedInvitation(row.status, 'team');
      await tx
        .update(invitations)
        .set({ status: 'REVOKED', closedAt: now })
        .where(eq(invitations.id, row.id));
      await recordAudit(tx, {
        teamId: team.id,
        actor: caller.actor,
        action: 'invitation.revoked',
        target: `invitation to ${row.email}`,
        details: { invitationId: row.id, email: row.email, role: row.role },
        at: now,
      });
      return row;
    });
    await announceInvitation(this.deps, team.id, revoked.email);
  }

  /** Mails the invitation (after the answer) with the link to the console's invitation page, and announces it. */
  private async sent(
    caller: Caller,
    team: TeamRecord,
    row: InvitationRow,
    origin: string,
    now: Date,
  ): Promise<Invitation> {
    const { identity } = this.deps;
    // In the invitee's language when they have an account, else in the inviter's (the request's).
    const language = await languageOfAddress(identity.db, row.email);
    const message = inLanguage(language, () =>
      invitationMail({
        to: row.email,
        teamName: team.name,
        inviter: { name: caller.user.name, email: caller.user.email },
        role: row.role as MemberRole,
        expiresAt: row.expiresAt,
        link: `${origin}/invitation/${row.id}`,
      }),
    );
    identity.deliveries.later('invitation e-mail', () => identity.mail.send(message));
    await announceInvitation(this.deps, team.id, row.email);
    const found = await findInvitation(identity.db, row.id);
    return toInvitation(found!, now);
  }
}

/** A new PENDING invitation, valid for INVITATION_TTL_MS from `now`. */
async function insertInvitation(
  tx: Transaction,
  teamId: string,
  email: string,
  role: string,
  invitedBy: string,
  now: Date,
) {
  const [created] = await tx
    .insert(invitations)
    .values({
      teamId,
      email,
      role,
      invitedBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    })
    .returning();
  return created!;
}
