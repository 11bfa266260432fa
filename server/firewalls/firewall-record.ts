// Reading firewalls: a row as the API shows it, the computes it applies to (by id or tag), and the rules a
// compute is under (the union of every firewall of its team that names it or one of its tags; null: none).
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Firewall, FirewallRule } from '@/contract/firewalls';
import { computes, firewallEvents, firewalls, users } from '../db/schema';
import { readColumns } from '../i18n/stored-message';
import type { Queryable } from '../tenancy/team-record';

export type FirewallRow = typeof firewalls.$inferSelect;

/** A text[] literal of bound values (drizzle would spread a JS array into a list). */
function textArray(values: readonly string[]) {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** The live computes of the team that a firewall with these ids and tags applies to. */
export async function computesUnder(
  db: Queryable,
  teamId: string,
  computeIds: readonly string[],
  tags: readonly string[],
): Promise<{ id: string; hostname: string }[]> {
  if (computeIds.length === 0 && tags.length === 0) return [];
  const byId = computeIds.length > 0 ? inArray(computes.id, [...computeIds]) : undefined;
  const byTag = tags.length > 0 ? sql`${computes.tags} && ${textArray(tags)}` : undefined;
  return db
    .select({ id: computes.id, hostname: computes.hostname })
    .from(computes)
    .where(and(eq(computes.teamId, teamId), ne(computes.status, 'destroyed'), or(byId, byTag)))
    .orderBy(asc(computes.hostname));
}

export async function toFirewall(
  db: Queryable,
  row: FirewallRow,
  enforcement: Firewall['enforcement'],
): Promise<Firewall> {
  return {
    id: row.id,
    teamId: row.teamId,
    name: row.name,
    rules: row.rules as FirewallRule[],
    computeIds: row.computeIds,
    tags: row.tags,
    computes: await computesUnder(db, row.teamId, row.computeIds, row.tags),
    enforcement,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findFirewall(
  db: Queryable,
  teamId: string,
  id: string,
): Promise<FirewallRow | undefined> {
  const [row] = await db
    .select()
    .from(firewalls)
    .where(and(eq(firewalls.teamId, teamId), eq(firewalls.id, id)));
  return row;
}

export async function historyOf(db: Queryable, firewallId: string) {
  const rows = await db
    .select({ event: firewallEvents, actorName: users.name })
    .from(firewallEvents)
    .leftJoin(users, eq(users.id, firewallEvents.actorUserId))
    .where(eq(firewallEvents.firewallId, firewallId))
    .orderBy(asc(firewallEvents.seq));
  return rows.map(({ event, actorName }) => ({
    action: event.action as 'created' | 'updated',
    message: readColumns(event) ?? event.message,
    actor: event.actorUserId ? { id: event.actorUserId, name: actorName ?? '' } : null,
    at: event.at.toISOString(),
  }));
}

/** The rules a compute is under: every rule of every firewall naming it or one of its tags; null when none. */
export async function rulesOfCompute(db: Queryable, computeId: string): Promise<FirewallRule[] | null> {
  const [compute] = await db
    .select({ teamId: computes.teamId, tags: computes.tags })
    .from(computes)
    .where(eq(computes.id, computeId));
  if (!compute) return null;
  const rows = await db
    .select({ rules: firewalls.rules })
    .from(firewalls)
    .where(
      and(
        eq(firewalls.teamId, compute.teamId),
        or(
          sql`${computeId}::uuid = any(${firewalls.computeIds})`,
          sql`${firewalls.tags} && ${textArray(compute.tags)}`,
        ),
      ),
    );
  if (rows.length === 0) return null;
  return rows.flatMap((row) => row.rules as FirewallRule[]);
}
