// GET /teams/:teamId/audit-log: the team's history for its owner and admins, newest first, filtered by
// action prefix, actor and time, one page at a time through an opaque cursor. Words of ours in an entry (a
// target such as an amount, the system's reason) are read in the reader's language; older entries as written.
import { and, desc, eq, gte, like, lt, type SQL } from 'drizzle-orm';
import { type AuditEntry, auditLogQuerySchema, auditLogSchema } from '@/contract/teams';
import { auditLog, users } from '../db/schema';
import { defineRoutes } from '../http/routes';
import { readColumns, readStored, type StoredMessage, storedMessageOf } from '../i18n/stored-message';
import { t } from '../i18n/t';
import { teamGuards } from '../tenancy/guards';
import { teamIdParams } from '../tenancy/params';
import { fieldProblem } from '../tenancy/problems';

const DEFAULT_PAGE_SIZE = 50;

// The cursor is the position of the last entry shown, in insertion order; opaque to the console.
function encodeCursor(seq: number): string {
  return Buffer.from(`seq:${seq}`).toString('base64url');
}

function decodeCursor(cursor: string): number | undefined {
  const match = /^seq:(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  return match ? Number(match[1]) : undefined;
}

/** LIKE treats % and _ as wildcards: a prefix is matched as typed. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The details as answered: a system reason kept with its message is given in the reader's language. */
function readDetails(details: Record<string, unknown>): Record<string, unknown> {
  const { reasonMessage, ...rest } = details;
  const stored: StoredMessage | null = storedMessageOf(reasonMessage);
  return stored ? { ...rest, reason: readStored(stored) } : rest;
}

export function auditLogRoutes() {
  return defineRoutes('/teams', 'Audit log').add({
    method: 'get',
    path: '/:teamId/audit-log',
    summary: 'Read the team’s audit log, newest first',
    tokenScope: 'team:read',
    description:
      '`action` matches a prefix (`member` finds member.role_changed and member.removed); `from` is inclusive and `to` exclusive; pass `nextCursor` back as `cursor` for the next page.',
    guards: teamGuards('audit.read'),
    request: { params: teamIdParams, query: auditLogQuerySchema },
    responses: { 200: { description: 'One page of entries.', schema: auditLogSchema } },
    handler: async (c, { query }) => {
      const db = c.get('identity').db;
      const conditions: SQL[] = [eq(auditLog.teamId, c.get('team').id)];
      if (query.action) conditions.push(like(auditLog.action, `${escapeLike(query.action)}%`));
      if (query.actor) conditions.push(eq(auditLog.actorUserId, query.actor));
      if (query.from) conditions.push(gte(auditLog.at, new Date(query.from)));
      if (query.to) conditions.push(lt(auditLog.at, new Date(query.to)));
      if (query.cursor !== undefined) {
        const position = decodeCursor(query.cursor);
        if (position === undefined) {
          throw fieldProblem('cursor', t('teams.problem.auditCursor'));
        }
        conditions.push(lt(auditLog.seq, position));
      }
      const pageSize = query.limit ?? DEFAULT_PAGE_SIZE;
      const rows = await db
        .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(and(...conditions))
        .orderBy(desc(auditLog.seq))
        .limit(pageSize + 1);
      const page = rows.slice(0, pageSize);
      const entries: AuditEntry[] = page.map(({ entry, actorName, actorEmail }) => ({
        id: entry.id,
        at: entry.at.toISOString(),
        actor:
          entry.actorUserId && actorName !== null && actorEmail !== null
            ? { id: entry.actorUserId, name: actorName, email: actorEmail }
            : null,
        action: entry.action,
        target: readColumns({
          message: entry.target,
          messageId: entry.targetMessageId,
          messageValues: entry.targetMessageValues,
        }),
        details: readDetails(entry.details),
        ip: entry.ip,
        userAgent: entry.userAgent,
      }));
      const last = page.at(-1);
      const nextCursor = rows.length > pageSize && last ? encodeCursor(last.entry.seq) : null;
      return c.json({ entries, nextCursor }, 200);
    },
  });
}
