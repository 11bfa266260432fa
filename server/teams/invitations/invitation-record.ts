// Invitations as stored and as shown. Expiry is read, not scheduled: a PENDING row past its expires_at
// shows as EXPIRED, and is written as EXPIRED only when a new invitation to that address needs its place.
import { and, desc, eq, lte, type SQL } from 'drizzle-orm';
import type { Invitation, MemberRole } from '@/contract/teams';
import { INVITATION_TTL_DAYS } from '@/contract/teams';
import { invitations, teams, users } from '../../db/schema';
import { isUuid } from '../../tenancy/guards';
import type { Queryable } from '../../tenancy/team-record';

export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 86_400_000;

export type InvitationRow = typeof invitations.$inferSelect;
export type InvitationStatus = Invitation['status'];

export interface InvitationWithTeam {
  invitation: InvitationRow;
  teamName: string;
  inviter: { name: string; email: string } | null;
}

export function effectiveStatus(row: InvitationRow, now: Date): InvitationStatus {
  if (row.status === 'PENDING' && row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return row.status as InvitationStatus;
}

export function toInvitation(found: InvitationWithTeam, now: Date): Invitation {
  const { invitation } = found;
  return {
    id: invitation.id,
    team: { id: invitation.teamId, name: found.teamName },
    email: invitation.email,
    role: invitation.role as MemberRole,
    status: effectiveStatus(invitation, now),
    // Whoever sent it may have left since; the invitation still stands.
    invitedBy: found.inviter ?? { name: 'A former member of the team', email: '' },
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

const withTeamColumns = {
  invitation: invitations,
  teamName: teams.name,
  inviterName: users.name,
  inviterEmail: users.email,
};

function shape(row: {
  invitation: InvitationRow;
  teamName: string;
  inviterName: string | null;
  inviterEmail: string | null;
}): InvitationWithTeam {
  return {
    invitation: row.invitation,
    teamName: row.teamName,
    inviter:
      row.inviterName !== null && row.inviterEmail !== null
        ? { name: row.inviterName, email: row.inviterEmail }
        : null,
  };
}

/** Invitations matching the condition, with their team's name and who sent them, newest first. */
export async function findInvitations(db: Queryable, where: SQL | undefined): Promise<InvitationWithTeam[]> {
  const rows = await db
    .select(withTeamColumns)
    .from(invitations)
    .innerJoin(teams, eq(teams.id, invitations.teamId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(where)
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map(shape);
}

export async function findInvitation(db: Queryable, id: string): Promise<InvitationWithTeam | undefined> {
  if (!isUuid(id)) return undefined;
  const [found] = await findInvitations(db, eq(invitations.id, id));
  return found;
}

/** Closes the open invitations to this address that have run out, so a new one may take their place. */
export async function markExpired(db: Queryable, teamId: string, email: string, now: Date): Promise<void> {
  await db
    .update(invitations)
    .set({ status: 'EXPIRED' })
    .where(
      and(
        eq(invitations.teamId, teamId),
        eq(invitations.email, email),
        eq(invitations.status, 'PENDING'),
        lte(invitations.expiresAt, now),
      ),
    );
}
