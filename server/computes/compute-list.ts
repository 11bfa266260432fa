// GET /computes: filters, sorts, keyset pages and the total, fast on a team with 10,000 computes. Every
// sort reads a page straight off an index in its order (see the computes table in db/schema.ts), the
// cursor names the last compute of the page (so no timestamp is ever rounded through JavaScript), and the
// catalog is resolved in memory.
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type { computeListQuerySchema, computeListSchema } from '@/contract/computes';
import type { Catalog } from '../catalog/catalog';
import { computes, users } from '../db/schema';
import { t } from '../i18n/t';
import { isUuid } from '../tenancy/guards';
import { fieldProblem } from '../tenancy/problems';
import type { Queryable } from '../tenancy/team-record';
import { computeColumns, isLive, toCompute } from './compute-record';

export type ComputeListQuery = v.InferOutput<typeof computeListQuerySchema>;
type Sort = ComputeListQuery['sort'];
type ComputeList = v.InferOutput<typeof computeListSchema>;

export const DEFAULT_PAGE_SIZE = 100;

export function encodeCursor(sort: Sort, computeId: string): string {
  return Buffer.from(`${sort}:${computeId}`).toString('base64url');
}

function decodeCursor(sort: Sort, cursor: string): string {
  const [cursorSort, id] = Buffer.from(cursor, 'base64url').toString().split(':');
  if (cursorSort !== sort || !isUuid(id)) {
    throw fieldProblem('cursor', t('computes.problem.cursor'));
  }
  return id;
}

function orderOf(sort: Sort): SQL[] {
  switch (sort) {
    case 'created_asc':
      return [asc(computes.createdAt), asc(computes.id)];
    case 'hostname_asc':
      return [asc(computes.hostname), asc(computes.id)];
    case 'hostname_desc':
      return [desc(computes.hostname), desc(computes.id)];
    case 'status_asc':
      return [asc(computes.status), desc(computes.createdAt), desc(computes.id)];
    default:
      return [desc(computes.createdAt), desc(computes.id)];
  }
}

/** Rows after the cursor's compute in the sort order, compared with its stored values. */
function afterCursor(sort: Sort, teamId: string, cursorId: string): SQL {
  const at = (columns: string) =>
    sql`(select ${sql.raw(columns)} from computes where id = ${cursorId} and team_id = ${teamId})`;
  switch (sort) {
    case 'created_asc':
      return sql`(${computes.createdAt}, ${computes.id}) > ${at('created_at, id')}`;
    case 'hostname_asc':
      return sql`(${computes.hostname}, ${computes.id}) > ${at('hostname, id')}`;
    case 'hostname_desc':
      return sql`(${computes.hostname}, ${computes.id}) < ${at('hostname, id')}`;
    case 'status_asc':
      return sql`(${computes.status} > ${at('status')} or (${computes.status} = ${at('status')} and (${computes.createdAt}, ${computes.id}) < ${at('created_at, id')}))`;
    default:
      return sql`(${computes.createdAt}, ${computes.id}) < ${at('created_at, id')}`;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function filtersOf(teamId: string, query: ComputeListQuery): SQL[] {
  const filters: SQL[] = [eq(computes.teamId, teamId), isLive];
  if (query.status) filters.push(eq(computes.status, query.status));
  if (query.location) filters.push(eq(computes.locationId, query.location));
  const tag = query.tag?.trim().toLowerCase();
  if (tag) filters.push(sql`${computes.tags} @> array[${tag}]::text[]`);
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    filters.push(
      sql`(${computes.hostname} like ${pattern} or ${computes.ipv4} like ${pattern} or ${computes.ipv6} like ${pattern} or array_to_string(${computes.tags}, ' ') like ${pattern})`,
    );
  }
  return filters;
}

export async function listComputes(
  db: Queryable,
  catalog: Catalog,
  teamId: string,
  query: ComputeListQuery,
): Promise<ComputeList> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const filters = filtersOf(teamId, query);
  const page = query.cursor
    ? [...filters, afterCursor(query.sort, teamId, decodeCursor(query.sort, query.cursor))]
    : filters;
  const [rows, counted] = await Promise.all([
    db
      .select(computeColumns)
      .from(computes)
      .leftJoin(users, eq(users.id, computes.createdBy))
      .where(and(...page))
      .orderBy(...orderOf(query.sort))
      .limit(limit + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(computes)
      .where(and(...filters)),
  ]);
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return {
    computes: shown.map((row) => toCompute(catalog, row)),
    nextCursor: more ? encodeCursor(query.sort, shown.at(-1)!.row.id) : null,
    total: counted[0]?.total ?? 0,
  };
}
