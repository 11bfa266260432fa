// Team images as stored and as the API shows them.
import { and, desc, eq } from 'drizzle-orm';
import type { Image, ImageStatus } from '@/contract/images';
import { teamImages } from '../db/schema';
import { readColumns } from '../i18n/stored-message';
import type { Queryable } from '../tenancy/team-record';

export type ImageRow = typeof teamImages.$inferSelect;

export function toImage(row: ImageRow): Image {
  return {
    id: row.id,
    teamId: row.teamId,
    name: row.name,
    status: row.status as ImageStatus,
    source: row.source as Image['source'],
    sourceComputeId: row.sourceComputeId,
    sourceHostname: row.sourceHostname,
    operatingSystemId: row.operatingSystemId,
    sizeBytes: row.sizeBytes,
    virtualSizeBytes: row.virtualSizeBytes,
    message: readColumns(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listImages(db: Queryable, teamId: string): Promise<ImageRow[]> {
  return db
    .select()
    .from(teamImages)
    .where(eq(teamImages.teamId, teamId))
    .orderBy(desc(teamImages.createdAt), desc(teamImages.id));
}

/** The team's image; another team's answers undefined, like one that never was. */
export async function findImage(
  db: Queryable,
  teamId: string,
  imageId: string,
): Promise<ImageRow | undefined> {
  const [row] = await db
    .select()
    .from(teamImages)
    .where(and(eq(teamImages.id, imageId), eq(teamImages.teamId, teamId)));
  return row;
}

export async function lockImage(
  db: Queryable,
  teamId: string,
  imageId: string,
): Promise<ImageRow | undefined> {
  const [row] = await db
    .select()
    .from(teamImages)
    .where(and(eq(teamImages.id, imageId), eq(teamImages.teamId, teamId)))
    .for('update');
  return row;
}
