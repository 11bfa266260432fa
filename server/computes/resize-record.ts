// What a resize leaves behind to undo it: its audit entry (compute.resized) keeps the plan the compute had.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Transaction } from '../db';
import { auditLog } from '../db/schema';

export const RESIZED_AUDIT_ACTION = 'compute.resized';

/**
 * The plan a compute had before its latest resize (kept in that resize's audit entry), for a resize that did
 * not complete: the machine kept its old size, so the compute keeps its old plan and rate.
 */
export async function planBeforeResize(
  tx: Transaction,
  teamId: string,
  computeId: string,
): Promise<Record<string, unknown> | undefined> {
  const [entry] = await tx
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.teamId, teamId),
        eq(auditLog.action, RESIZED_AUDIT_ACTION),
        sql`${auditLog.details}->>'computeId' = ${computeId}`,
      ),
    )
    .orderBy(desc(auditLog.seq))
    .limit(1);
  const previous = entry?.details.previousPlan;
  return previous && typeof previous === 'object' ? (previous as Record<string, unknown>) : undefined;
}
