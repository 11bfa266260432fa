// Rebuild, resize and rescue define the compute's domain again from its own disk: a volume attached to it
// (or being attached) would be left out of the guest while its row still says attached. They are refused
// until the volumes are detached, with the reason.
import { eq, or } from 'drizzle-orm';
import type { Transaction } from '../db';
import { volumes } from '../db/schema';
import { t } from '../i18n/t';
import { computeConflict } from './problems';

export async function refuseWhileVolumesAttached(
  tx: Transaction,
  computeId: string,
  doing: 'rebuild' | 'resize' | 'rescue',
): Promise<void> {
  const attached = await tx
    .select({ name: volumes.name })
    .from(volumes)
    .where(or(eq(volumes.computeId, computeId), eq(volumes.operationComputeId, computeId)));
  if (attached.length === 0) return;
  const names = attached.map((volume) => volume.name).join(', ');
  throw computeConflict(t('computes.problem.volumesAttached', { count: attached.length, names, doing }));
}
