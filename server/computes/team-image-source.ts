// What creating (or rebuilding) a compute asks of team images: implemented by server/images, given to the
// compute service by app.ts (computes never import the images feature).
import type { Queryable } from '../tenancy/team-record';

/** What creating (or rebuilding) a compute needs to know of a team image. */
export interface TeamImageSource {
  /** An available image of the team, or undefined (another team's, failed, still being made, deleted). */
  available(
    db: Queryable,
    teamId: string,
    imageId: string,
  ): Promise<{ id: string; name: string; operatingSystemId: string; virtualSizeBytes: number } | undefined>;
  /** The image's standalone qcow2 on this host. */
  fileOf(imageId: string): string;
}
