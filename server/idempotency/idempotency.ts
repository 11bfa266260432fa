// Idempotency keys for requests that create something (Idempotency-Key header, as in the IETF draft and
// Stripe's API): the same key from the same team within 24 hours answers with what the first request made,
// instead of making it again. A double click, a retried request after a lost answer, or twenty concurrent
// copies all end in one resource.
//
// Use, inside the transaction that creates the resource, after taking a lock that serializes the team's
// creations (lockTeam):
//   const previous = await findIdempotent(tx, { teamId, key, scope: 'compute.create', requestHash, now })
//   if (previous) return previous.resourceId        // replay: answer with that resource
//   … create …
//   await rememberIdempotent(tx, { teamId, key, scope, requestHash, resourceId, statusCode: 201, now })
// Only successes are remembered: a request refused (422, 403) changes nothing, so retrying it is safe.
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Context } from 'hono';
import { idempotencyKeys } from '../db/schema';
import type { AppEnv } from '../http/env';
import { ProblemError } from '../http/problem';
import { t } from '../i18n/t';
import type { Queryable } from '../tenancy/team-record';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_WINDOW_MS = 24 * 3_600_000;
/** Set on an answer that repeats an earlier one. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

const KEY_PATTERN = /^[\x21-\x7e]{8,255}$/;

/** What a key is sent for, as the refusal's select names it. */
const WHAT = {
  'compute you create': 'create',
  'compute you restore into': 'restore',
  'top-up': 'topUp',
} as const;

/** The request's key, or a 400 that says how to send one (`what`: "compute you create", "top-up"). */
export function idempotencyKeyOf(c: Context<AppEnv>, what: keyof typeof WHAT = 'compute you create'): string {
  const key = c.req.header(IDEMPOTENCY_HEADER)?.trim();
  if (!key) {
    throw new ProblemError(400, {
      title: t('idempotency.problem.required.title'),
      detail: t('idempotency.problem.required.detail', { what: WHAT[what] }),
    });
  }
  if (!KEY_PATTERN.test(key)) {
    throw new ProblemError(400, {
      title: t('idempotency.problem.unusable.title'),
      detail: t('idempotency.problem.unusable.detail'),
    });
  }
  return key;
}

/** A stable digest of the validated request body: key order does not matter. */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export interface IdempotencyLookup {
  teamId: string;
  key: string;
  scope: string;
  requestHash: string;
  now: Date;
}

/**
 * What an earlier request with this key made, or undefined when the key is new (or older than 24 hours,
 * which frees it). The same key with another request is a client mistake and is refused with 422.
 */
export async function findIdempotent(
  db: Queryable,
  lookup: IdempotencyLookup,
): Promise<{ resourceId: string; statusCode: number } | undefined> {
  const [found] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.teamId, lookup.teamId), eq(idempotencyKeys.key, lookup.key)));
  if (!found) return undefined;
  if (found.createdAt.getTime() <= lookup.now.getTime() - IDEMPOTENCY_WINDOW_MS) {
    await db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.teamId, lookup.teamId), eq(idempotencyKeys.key, lookup.key)));
    return undefined;
  }
  if (found.scope !== lookup.scope || found.requestHash !== lookup.requestHash) {
    throw new ProblemError(422, {
      title: t('idempotency.problem.reused.title'),
      detail: t('idempotency.problem.reused.detail'),
    });
  }
  return { resourceId: found.resourceId, statusCode: found.statusCode };
}

export async function rememberIdempotent(
  db: Queryable,
  entry: IdempotencyLookup & { resourceId: string; statusCode: number },
): Promise<void> {
  // Keys older than the window are dead weight; clearing a few here keeps the table small without a job.
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(entry.now.getTime() - IDEMPOTENCY_WINDOW_MS)));
  await db.insert(idempotencyKeys).values({
    teamId: entry.teamId,
    key: entry.key,
    scope: entry.scope,
    requestHash: entry.requestHash,
    resourceId: entry.resourceId,
    statusCode: entry.statusCode,
    createdAt: entry.now,
  });
}
