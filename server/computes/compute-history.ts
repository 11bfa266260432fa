// A compute's history: every request (who, what, when) and how it ended, plus what the system did on its
// own (a failure the hypervisor reported, a transition resumed after a restart). Written in the same
// transaction as the change it describes. Its messages are stored as ids with values and read in the
// reader's language (server/i18n/stored-message.ts); rows from before that show their English text.
import { and, desc, eq } from 'drizzle-orm';
import type * as v from 'valibot';
import type { computeEventSchema } from '@/contract/computes';
import { computeEvents, users } from '../db/schema';
import { readColumns, type StoredMessage, toColumns } from '../i18n/stored-message';
import type { Queryable } from '../tenancy/team-record';

export type ComputeEvent = v.InferOutput<typeof computeEventSchema>;
type EventResult = 'in-progress' | 'succeeded' | 'failed';

export interface NewEvent {
  computeId: string;
  action: string;
  actorUserId: string | null;
  result: EventResult;
  /** A message of the server catalog (`message(id, values)`); a string: words shown as they are. */
  message?: StoredMessage | string | null;
  at: Date;
}

export async function recordEvent(db: Queryable, event: NewEvent): Promise<void> {
  await db.insert(computeEvents).values({
    computeId: event.computeId,
    action: event.action,
    actorUserId: event.actorUserId,
    result: event.result,
    ...toColumns(event.message),
    at: event.at,
    completedAt: event.result === 'in-progress' ? null : event.at,
  });
}

/** A finished line another feature writes in a compute's history (an image's capture, a backup). */
export interface FeatureEvent {
  computeId: string;
  actorUserId: string | null;
  /** `message(id, values)`, read in the reader's language. */
  message: StoredMessage;
  failed?: boolean;
  at: Date;
}

/** How a feature's port writes its lines under one action: succeeded or failed, nothing left open. */
export function featureHistory(action: string) {
  return (db: Queryable, event: FeatureEvent): Promise<void> =>
    recordEvent(db, {
      computeId: event.computeId,
      action,
      actorUserId: event.actorUserId,
      result: event.failed ? 'failed' : 'succeeded',
      message: event.message,
      at: event.at,
    });
}

/**
 * Closes the compute's open events (of one action, or all) with the result; without a message of its own
 * an event keeps the one it opened with (why the system acted, e.g. non-payment).
 */
export async function closeEvents(
  db: Queryable,
  computeId: string,
  close: {
    action?: string;
    result: Exclude<EventResult, 'in-progress'>;
    message?: StoredMessage | string | null;
    at: Date;
  },
): Promise<void> {
  await db
    .update(computeEvents)
    .set({
      result: close.result,
      ...(close.message ? toColumns(close.message) : {}),
      completedAt: close.at,
    })
    .where(
      and(
        eq(computeEvents.computeId, computeId),
        eq(computeEvents.result, 'in-progress'),
        close.action ? eq(computeEvents.action, close.action) : undefined,
      ),
    );
}

/** The open event of a compute, if any: what it is waiting for. */
export async function openEvent(db: Queryable, computeId: string) {
  const [event] = await db
    .select({ action: computeEvents.action, at: computeEvents.at })
    .from(computeEvents)
    .where(and(eq(computeEvents.computeId, computeId), eq(computeEvents.result, 'in-progress')))
    .orderBy(desc(computeEvents.seq))
    .limit(1);
  return event;
}

/** Newest first; the history a compute page shows. */
export async function listHistory(db: Queryable, computeId: string, limit = 500): Promise<ComputeEvent[]> {
  const rows = await db
    .select({ event: computeEvents, actorName: users.name })
    .from(computeEvents)
    .leftJoin(users, eq(users.id, computeEvents.actorUserId))
    .where(eq(computeEvents.computeId, computeId))
    .orderBy(desc(computeEvents.seq))
    .limit(limit);
  return rows.map(({ event, actorName }) => ({
    id: event.id,
    at: event.at.toISOString(),
    action: event.action,
    actor: event.actorUserId && actorName !== null ? { id: event.actorUserId, name: actorName } : null,
    result: event.result as EventResult,
    message: readColumns(event),
    completedAt: event.completedAt?.toISOString() ?? null,
  }));
}
