// GET …/records: the zone's records sorted by name (apex first), type and value, filtered by type and a
// search, in keyset pages read straight off an index (dns_records_order, or dns_records_type_order when a
// type is chosen), so the last page of a 10,000-record zone costs what the first does. The cursor carries
// the last record's sort key itself, so it stays valid when that record is deleted meanwhile.
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { dnsRecordListQuerySchema, dnsRecordListSchema } from '@/contract/domains';
import { dnsRecords } from '../db/schema';
import { t } from '../i18n/t';
import { isUuid } from '../tenancy/guards';
import { fieldProblem } from '../tenancy/problems';
import type { Queryable } from '../tenancy/team-record';
import { isZoneRecord, type RecordRow, toDnsRecord } from './domain-record';

export type RecordListQuery = v.InferOutput<typeof dnsRecordListQuerySchema>;
type RecordList = v.InferOutput<typeof dnsRecordListSchema>;

export const DEFAULT_RECORD_PAGE_SIZE = 100;

const cursorSchema = v.tuple([v.string(), v.string(), v.string(), v.string()]);

export function encodeRecordCursor(row: Pick<RecordRow, 'sortName' | 'type' | 'sortValue' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.sortName, row.type, row.sortValue, row.id])).toString('base64url');
}

function decodeRecordCursor(cursor: string): [string, string, string, string] {
  try {
    const parsed = v.parse(cursorSchema, JSON.parse(Buffer.from(cursor, 'base64url').toString()));
    if (isUuid(parsed[3])) return parsed;
  } catch {
    // Reported below, as for any damaged cursor.
  }
  throw fieldProblem('cursor', t('domains.problem.cursor'));
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function filtersOf(domainId: string, query: RecordListQuery): SQL[] {
  const filters: SQL[] = [eq(dnsRecords.domainId, domainId), isZoneRecord];
  if (query.type) filters.push(eq(dnsRecords.type, query.type));
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    filters.push(sql`(${dnsRecords.name} like ${pattern} or lower(${dnsRecords.value}) like ${pattern})`);
  }
  return filters;
}

export async function listRecords(
  db: Queryable,
  domainId: string,
  query: RecordListQuery,
): Promise<RecordList> {
  const limit = query.limit ?? DEFAULT_RECORD_PAGE_SIZE;
  const filters = filtersOf(domainId, query);
  const page = [...filters];
  if (query.cursor) {
    const [sortName, type, sortValue, id] = decodeRecordCursor(query.cursor);
    page.push(
      sql`(${dnsRecords.sortName}, ${dnsRecords.type}, ${dnsRecords.sortValue}, ${dnsRecords.id}) > (${sortName}, ${type}, ${sortValue}, ${id}::uuid)`,
    );
  }
  const [rows, counted] = await Promise.all([
    db
      .select()
      .from(dnsRecords)
      .where(and(...page))
      .orderBy(asc(dnsRecords.sortName), asc(dnsRecords.type), asc(dnsRecords.sortValue), asc(dnsRecords.id))
      .limit(limit + 1),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(dnsRecords)
      .where(and(...filters)),
  ]);
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  return {
    records: shown.map(toDnsRecord),
    total: counted[0]?.total ?? 0,
    nextCursor: more ? encodeRecordCursor(shown.at(-1)!) : null,
  };
}
