// Writing the audit log: every change to a team, its members, invitations and verification is recorded
// with who did it and from where, in the same transaction as the change, so the log and the data never
// disagree. Every service records its changes the same way:
//   await recordAudit(tx, { teamId, actor: auditActor(c), action: 'compute.created', target: hostname, at })
import type { Context } from 'hono';
import { auditLog } from '../db/schema';
import { clientInfo } from '../http/client-info';
import type { AppEnv } from '../http/env';
import { type StoredMessage, toColumns } from '../i18n/stored-message';
import type { Queryable } from '../tenancy/team-record';

/** Dotted: area, then what happened (team.renamed, member.role_changed, verification.approved). */
export type AuditAction = `${string}.${string}`;

export interface AuditActor {
  /** null for the system or an operator command. */
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  /** The name of the API token the person acted through; absent when signed in to the console. */
  apiTokenName?: string | null;
}

/** Operator commands and the server itself: no user, no client address. */
export const SYSTEM_ACTOR: AuditActor = { userId: null, ip: null, userAgent: null };

/** The signed-in caller of this request (after requireSession or requireVerifiedUser). */
export function auditActor(c: Context<AppEnv>): AuditActor {
  const client = clientInfo(c);
  return {
    userId: c.get('user').id,
    ip: client.ip,
    userAgent: client.userAgent?.slice(0, 512) ?? null,
    apiTokenName: c.get('apiToken')?.name ?? null,
  };
}

export interface AuditEntryInput {
  teamId: string;
  actor: AuditActor;
  action: AuditAction;
  /**
   * What it was done to: a name ("Ada Nkusi", a hostname), or words of ours (`message(id, values)`: "invitation
   * to bob@example.rw"), read in the reader's language.
   */
  target?: StoredMessage | string | null;
  details?: Record<string, unknown>;
  at: Date;
}

export async function recordAudit(db: Queryable, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    teamId: entry.teamId,
    actorUserId: entry.actor.userId,
    action: entry.action,
    ...targetColumns(entry.target),
    // Done through an API token: the entry names it.
    details: entry.actor.apiTokenName
      ? { ...(entry.details ?? {}), apiToken: entry.actor.apiTokenName }
      : (entry.details ?? {}),
    ip: entry.actor.ip,
    userAgent: entry.actor.userAgent,
    at: entry.at,
  });
}

/** "Ada Nkusi (ada@example.rw)": how people appear as targets. */
export function personLabel(person: { name: string; email: string }): string {
  return `${person.name} (${person.email})`;
}

function targetColumns(target: StoredMessage | string | null | undefined) {
  const { message, messageId, messageValues } = toColumns(target);
  return { target: message, targetMessageId: messageId, targetMessageValues: messageValues };
}

/**
 * An entry's details saying why the system acted: `reason` in English (as entries always kept it) and its
 * message, so the audit log answers it in the reader's language (server/teams/audit-log.routes.ts).
 */
export function reasonDetails(reason: StoredMessage): { reason: string; reasonMessage?: StoredMessage } {
  return reason.id ? { reason: reason.text, reasonMessage: reason } : { reason: reason.text };
}
