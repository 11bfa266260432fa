// Saved SSH keys: a person's public keys (checked as a compute's key is: type, body, length), each
// optionally shared with one of their teams, so its members can pick it when creating a compute there.
// Only the person who added a key deletes it; a key shared with a team they left stays theirs but is no
// longer offered there.
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { AddSshKeyRequest, SshKey } from '@/contract/ssh-keys';
import type { Database } from '../db';
import { sshKeys, teamMembers, teams, users } from '../db/schema';
import { fieldProblem } from '../http/problem';
import { t } from '../i18n/t';
import type { Queryable } from '../tenancy/team-record';
import { checkSshPublicKey } from './ssh-key';

type Row = typeof sshKeys.$inferSelect;

const checkTheKey = () => ({ title: t('computes.problem.sshKey.title') });

/** The active teams of a person. */
async function teamIdsOf(db: Queryable, userId: string): Promise<string[]> {
  const rows = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.status, 'ACTIVE')));
  return rows.map((row) => row.teamId);
}

async function describe(db: Queryable, rows: Row[], callerId: string): Promise<SshKey[]> {
  const teamIds = [...new Set(rows.flatMap((row) => (row.teamId ? [row.teamId] : [])))];
  const userIds = [...new Set(rows.map((row) => row.userId))];
  const teamNames = new Map(
    teamIds.length === 0
      ? []
      : (
          await db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, teamIds))
        ).map((team) => [team.id, team.name]),
  );
  const userNames = new Map(
    userIds.length === 0
      ? []
      : (
          await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds))
        ).map((user) => [user.id, user.name]),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    type: row.type,
    fingerprint: row.fingerprint,
    publicKey: row.publicKey,
    team: row.teamId ? { id: row.teamId, name: teamNames.get(row.teamId) ?? '' } : null,
    owner: { id: row.userId, name: userNames.get(row.userId) ?? '' },
    mine: row.userId === callerId,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The person's own keys and the keys shared with their teams (or with `teamId` only), oldest first. */
export async function listSshKeys(db: Queryable, userId: string, teamId?: string): Promise<SshKey[]> {
  const teamIds = teamId ? [teamId] : await teamIdsOf(db, userId);
  const rows = await db
    .select()
    .from(sshKeys)
    .where(
      teamIds.length > 0
        ? or(eq(sshKeys.userId, userId), inArray(sshKeys.teamId, teamIds))
        : eq(sshKeys.userId, userId),
    )
    .orderBy(asc(sshKeys.createdAt), asc(sshKeys.id));
  return describe(db, rows, userId);
}

export async function addSshKey(
  db: Database,
  userId: string,
  body: AddSshKeyRequest,
  now: Date,
): Promise<SshKey> {
  const checked = checkSshPublicKey(body.publicKey);
  if (!checked.ok) throw fieldProblem('publicKey', checked.message, checkTheKey());
  if (body.teamId && !(await teamIdsOf(db, userId)).includes(body.teamId)) {
    throw fieldProblem('teamId', t('computes.problem.sshKey.shareOutside'), checkTheKey());
  }
  const [same] = await db
    .select({ name: sshKeys.name })
    .from(sshKeys)
    .where(and(eq(sshKeys.userId, userId), eq(sshKeys.fingerprint, checked.fingerprint)));
  if (same)
    throw fieldProblem('publicKey', t('computes.problem.sshKey.savedAs', { name: same.name }), {
      ...checkTheKey(),
      status: 409,
    });
  const [row] = await db
    .insert(sshKeys)
    .values({
      userId,
      teamId: body.teamId ?? null,
      name: body.name,
      type: body.publicKey.trim().split(/\s+/)[0]!,
      fingerprint: checked.fingerprint,
      publicKey: body.publicKey.trim(),
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    throw fieldProblem('publicKey', t('computes.problem.sshKey.saved'), { ...checkTheKey(), status: 409 });
  }
  return (await describe(db, [row], userId))[0]!;
}

/** Deletes one of the person's own keys; false when they have no such key. */
export async function deleteSshKey(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(sshKeys)
    .where(and(eq(sshKeys.id, id), eq(sshKeys.userId, userId)))
    .returning({ id: sshKeys.id });
  return deleted.length > 0;
}

/**
 * The chosen saved keys a person may put on a compute of `teamId`: their own, and those shared with that
 * team. Undefined when one of the ids is neither.
 */
export async function usableSshKeys(
  db: Queryable,
  userId: string,
  teamId: string,
  ids: string[],
): Promise<{ publicKey: string; fingerprint: string }[] | undefined> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: sshKeys.id, publicKey: sshKeys.publicKey, fingerprint: sshKeys.fingerprint })
    .from(sshKeys)
    .where(and(inArray(sshKeys.id, unique), or(eq(sshKeys.userId, userId), eq(sshKeys.teamId, teamId))));
  if (rows.length !== unique.length) return undefined;
  // In the order they were chosen.
  const byId = new Map(rows.map((row) => [row.id, row]));
  return unique.map((id) => ({ publicKey: byId.get(id)!.publicKey, fingerprint: byId.get(id)!.fingerprint }));
}
