// Teams and memberships as the server reads them, and a team as the API shows it to one of its members.
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Role } from '@/contract/auth';
import type { Currency, Team, VerificationStatus } from '@/contract/teams';
import type { Database, Transaction } from '../db';
import { teamMembers, teams } from '../db/schema';

export type TeamRecord = typeof teams.$inferSelect;

/** The caller's ACTIVE membership of the team in the path (see guards.ts). */
export interface TeamMembership {
  userId: string;
  role: Role;
  joinedAt: Date;
}

/** Either the database or an open transaction: these helpers also run inside their callers' transactions. */
export type Queryable = Database | Transaction;

export const ACTIVE = 'ACTIVE';

export function toTeam(team: TeamRecord, role: Role, memberCount: number): Team {
  return {
    id: team.id,
    name: team.name,
    currency: team.currency as Currency,
    verificationStatus: team.verificationStatus as VerificationStatus,
    requireTwoFactor: team.requireTwoFactor,
    role,
    memberCount,
    createdAt: team.createdAt.toISOString(),
  };
}

async function activeCounts(db: Queryable, teamIds: string[]): Promise<Map<string, number>> {
  if (teamIds.length === 0) return new Map();
  const rows = await db
    .select({ teamId: teamMembers.teamId, members: count() })
    .from(teamMembers)
    .where(and(inArray(teamMembers.teamId, teamIds), eq(teamMembers.status, ACTIVE)))
    .groupBy(teamMembers.teamId);
  return new Map(rows.map((row) => [row.teamId, row.members]));
}

export async function describeTeam(db: Queryable, team: TeamRecord, role: Role): Promise<Team> {
  const counts = await activeCounts(db, [team.id]);
  return toTeam(team, role, counts.get(team.id) ?? 1);
}

/** Every team the user is an ACTIVE member of, oldest first, with their role in it. */
export async function teamsOfUser(db: Queryable, userId: string): Promise<Team[]> {
  const rows = await db
    .select({ team: teams, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.status, ACTIVE)))
    .orderBy(asc(teams.createdAt), asc(teams.id));
  const counts = await activeCounts(
    db,
    rows.map((row) => row.team.id),
  );
  return rows.map((row) => toTeam(row.team, row.role as Role, counts.get(row.team.id) ?? 1));
}

/** Takes the team's row lock: member and ownership changes of one team then happen one at a time. */
export async function lockTeam(tx: Transaction, teamId: string): Promise<TeamRecord | undefined> {
  const [team] = await tx.select().from(teams).where(eq(teams.id, teamId)).for('update');
  return team;
}

/** The user's ACTIVE membership of the team, read inside a transaction after lockTeam. */
export async function activeMembership(
  db: Queryable,
  teamId: string,
  userId: string,
): Promise<TeamMembership | undefined> {
  const [row] = await db
    .select({ userId: teamMembers.userId, role: teamMembers.role, joinedAt: teamMembers.createdAt })
    .from(teamMembers)
    .where(
      and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId), eq(teamMembers.status, ACTIVE)),
    );
  return row && { ...row, role: row.role as Role };
}
