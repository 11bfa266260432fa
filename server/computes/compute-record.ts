// Computes as stored and as the API shows them. The catalog is in memory and the creator's name comes
// in the same query, so a page of computes costs one query whatever its size.
import { and, eq, sql } from 'drizzle-orm';
import { type Compute, type ComputeStatus, userDataKind } from '@/contract/computes';
import type { Catalog, InstanceType } from '../catalog/catalog';
import { computes, users } from '../db/schema';
import type { Queryable } from '../tenancy/team-record';

export type ComputeRow = typeof computes.$inferSelect;

/** The columns a compute answer needs: the row and its creator's name. */
export const computeColumns = {
  row: computes,
  creatorName: users.name,
};

export interface ComputeWithCreator {
  row: ComputeRow;
  creatorName: string | null;
}

/** Live: not destroyed. A destroyed compute keeps its row (history, audit) but is gone for the API. */
// Written out rather than a bound parameter, so the planner matches it with the partial indexes' predicate.
export const isLive = sql`${computes.status} <> 'destroyed'`;

export function toCompute(catalog: Catalog, { row, creatorName }: ComputeWithCreator): Compute {
  return {
    id: row.id,
    teamId: row.teamId,
    hostname: row.hostname,
    status: row.status as ComputeStatus,
    location: catalog.locationOrRetired(row.locationId),
    operatingSystem: catalog.operatingSystemOrRetired(row.operatingSystemId),
    instanceType: row.instanceType as unknown as InstanceType,
    ipv4: row.ipv4,
    ipv6: row.ipv6,
    tags: row.tags,
    authentication: row.authentication as Compute['authentication'],
    sshKeyFingerprint: row.sshKeyFingerprint,
    sshPort: row.sshPort,
    acceleration: row.acceleration as Compute['acceleration'],
    userDataKind: row.userData === null ? null : userDataKind(row.userData),
    reverseDns: { ipv4: row.reverseIpv4, ipv6: row.reverseIpv6 },
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy && creatorName !== null ? { id: row.createdBy, name: creatorName } : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One compute with its creator; `team` limits it to a team (another team's id is "not found"). */
export async function findCompute(
  db: Queryable,
  computeId: string,
  options: { teamId?: string; includeDestroyed?: boolean } = {},
): Promise<ComputeWithCreator | undefined> {
  const [found] = await db
    .select(computeColumns)
    .from(computes)
    .leftJoin(users, eq(users.id, computes.createdBy))
    .where(
      and(
        eq(computes.id, computeId),
        options.teamId ? eq(computes.teamId, options.teamId) : undefined,
        options.includeDestroyed ? undefined : isLive,
      ),
    );
  return found;
}

/** The compute with its creator, its row under a row lock: for a change that answers with what it wrote. */
export async function lockComputeWithCreator(
  db: Queryable,
  teamId: string,
  computeId: string,
): Promise<ComputeWithCreator | undefined> {
  const [found] = await db
    .select(computeColumns)
    .from(computes)
    .leftJoin(users, eq(users.id, computes.createdBy))
    .where(and(eq(computes.id, computeId), eq(computes.teamId, teamId), isLive))
    .for('update', { of: computes });
  return found;
}

/** The compute's row under a row lock, for a change made in the same transaction. */
export async function lockCompute(
  db: Queryable,
  teamId: string,
  computeId: string,
): Promise<ComputeRow | undefined> {
  const [row] = await db
    .select()
    .from(computes)
    .where(and(eq(computes.id, computeId), eq(computes.teamId, teamId), isLive))
    .for('update');
  return row;
}

/** Live computes of a team (limits, team deletion). */
export async function countLiveComputes(db: Queryable, teamId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(computes)
    .where(and(eq(computes.teamId, teamId), isLive));
  return row?.count ?? 0;
}

/** updatedAt moves forward on every change, even when two changes share a clock reading. */
export function nextUpdatedAt(row: { updatedAt: Date }, now: Date): Date {
  return now.getTime() > row.updatedAt.getTime() ? now : new Date(row.updatedAt.getTime() + 1);
}
