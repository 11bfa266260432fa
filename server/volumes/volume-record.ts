// Volumes as stored and as the API shows them. A volume whose compute was destroyed is attached to nothing:
// the destroyed machine's definition went with it, the volume's disk did not.
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Volume, VolumeEvent, VolumeOperation } from '@/contract/volumes';
import { computes, users, volumeEvents, volumes } from '../db/schema';
import { readColumns } from '../i18n/stored-message';
import type { Queryable } from '../tenancy/team-record';

export type VolumeRow = typeof volumes.$inferSelect;
interface AttachedCompute {
  id: string;
  hostname: string;
  status: string;
}

/** The row with the live compute it is attached to (a destroyed one counts as none). */
export interface VolumeWithCompute {
  row: VolumeRow;
  compute: AttachedCompute | null;
}

export function toVolume({ row, compute }: VolumeWithCompute): Volume {
  return {
    id: row.id,
    teamId: row.teamId,
    name: row.name,
    sizeGb: row.sizeGb,
    locationId: row.locationId,
    status: compute ? 'attached' : 'available',
    attachedTo: compute && { id: compute.id, hostname: compute.hostname },
    operation: row.operation as VolumeOperation | null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function selectWithCompute(db: Queryable) {
  return db
    .select({
      row: volumes,
      compute: { id: computes.id, hostname: computes.hostname, status: computes.status },
    })
    .from(volumes)
    .leftJoin(computes, and(eq(computes.id, volumes.computeId), ne(computes.status, 'destroyed')));
}

export async function listVolumes(
  db: Queryable,
  teamId: string,
  computeId?: string,
): Promise<VolumeWithCompute[]> {
  const rows = await selectWithCompute(db)
    .where(
      and(
        eq(volumes.teamId, teamId),
        computeId ? eq(volumes.computeId, computeId) : undefined,
        computeId ? ne(computes.status, 'destroyed') : undefined,
      ),
    )
    .orderBy(desc(volumes.createdAt), desc(volumes.id));
  return rows.map(({ row, compute }) => ({ row, compute: compute?.id ? compute : null }));
}

/** The team's volume; another team's answers undefined, like one that never was. */
export async function findVolume(
  db: Queryable,
  teamId: string,
  volumeId: string,
): Promise<VolumeWithCompute | undefined> {
  const [found] = await selectWithCompute(db).where(
    and(eq(volumes.id, volumeId), eq(volumes.teamId, teamId)),
  );
  return found && { row: found.row, compute: found.compute?.id ? found.compute : null };
}

/** The volume's row locked for a change, with its live compute. */
export async function lockVolume(
  db: Queryable,
  teamId: string,
  volumeId: string,
): Promise<VolumeWithCompute | undefined> {
  const [row] = await db
    .select()
    .from(volumes)
    .where(and(eq(volumes.id, volumeId), eq(volumes.teamId, teamId)))
    .for('update');
  if (!row) return undefined;
  const compute = row.computeId ? await liveCompute(db, teamId, row.computeId) : undefined;
  return { row, compute: compute ?? null };
}

/** One of the team's computes that is not destroyed, locked: another team's answers undefined. */
export async function lockLiveCompute(db: Queryable, teamId: string, computeId: string) {
  const [row] = await db
    .select({
      id: computes.id,
      hostname: computes.hostname,
      status: computes.status,
      locationId: computes.locationId,
    })
    .from(computes)
    .where(and(eq(computes.id, computeId), eq(computes.teamId, teamId), ne(computes.status, 'destroyed')))
    .for('update');
  return row;
}

async function liveCompute(db: Queryable, teamId: string, computeId: string) {
  const [row] = await db
    .select({ id: computes.id, hostname: computes.hostname, status: computes.status })
    .from(computes)
    .where(and(eq(computes.id, computeId), eq(computes.teamId, teamId), ne(computes.status, 'destroyed')));
  return row;
}

export async function historyOf(db: Queryable, volumeId: string): Promise<VolumeEvent[]> {
  const rows = await db
    .select({ event: volumeEvents, actorName: users.name })
    .from(volumeEvents)
    .leftJoin(users, eq(users.id, volumeEvents.actorUserId))
    .where(eq(volumeEvents.volumeId, volumeId))
    .orderBy(asc(volumeEvents.seq));
  return rows.map(({ event, actorName }) => ({
    action: event.action as VolumeEvent['action'],
    message: readColumns(event) ?? event.message,
    actor: event.actorUserId ? { id: event.actorUserId, name: actorName ?? '' } : null,
    at: event.at.toISOString(),
  }));
}
