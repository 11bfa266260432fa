// Personal API tokens: "ikt_" and 256 random bits, shown once; the database keeps only the SHA-256. A token
// acts for its user in the teams it names and within its scopes (each route's declared tokenScope says what it
// needs), never beyond the user's role in the team, until its expiry (the end of the chosen UTC day) or its
// revocation. Its last use (time and address) is kept to the minute.
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import {
  type ApiToken,
  type CreateApiTokenRequest,
  TOKEN_MAX_DAYS,
  type TokenScopes,
} from '@/contract/api-tokens';
import type { Database } from '../db';
import { apiTokens, teamMembers, teams, users } from '../db/schema';
import { fieldProblem } from '../http/problem';
import { t } from '../i18n/t';
import type { Clock } from './clock';
import { newToken, sha256 } from './secrets';
import { LAST_SEEN_RESOLUTION_MS, type UserRecord } from './sessions';

export const TOKEN_PREFIX = 'ikt_';

export type ApiTokenRecord = typeof apiTokens.$inferSelect;

/** Whether a bearer secret is an API token (and not a session token). */
export function isApiTokenSecret(secret: string): boolean {
  return secret.startsWith(TOKEN_PREFIX);
}

const checkTheToken = () => ({ title: t('identity.problem.apiToken.title') });

export class ApiTokens {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** Makes a token for `userId`; 422 beside the field for a team they are not in or a date out of range. */
  async create(userId: string, input: CreateApiTokenRequest): Promise<{ token: ApiToken; secret: string }> {
    const now = this.clock.now();
    const day = new Date(`${input.expiresOn}T00:00:00Z`);
    const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    if (Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== input.expiresOn) {
      throw fieldProblem('expiresOn', t('identity.problem.apiToken.expiryFormat'), checkTheToken());
    }
    const days = (day.getTime() - today) / 86_400_000;
    if (days < 1) throw fieldProblem('expiresOn', t('identity.problem.apiToken.expiryPast'), checkTheToken());
    if (days > TOKEN_MAX_DAYS)
      throw fieldProblem(
        'expiresOn',
        t('identity.problem.apiToken.expiryTooFar', { days: TOKEN_MAX_DAYS }),
        checkTheToken(),
      );
    const teamIds = [...new Set(input.teamIds)];
    const memberOf = await this.db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(
        and(
          eq(teamMembers.userId, userId),
          eq(teamMembers.status, 'ACTIVE'),
          inArray(teamMembers.teamId, teamIds),
        ),
      );
    if (memberOf.length !== teamIds.length) {
      throw fieldProblem('teamIds', t('identity.problem.apiToken.teamsOutside'), checkTheToken());
    }
    const secret = `${TOKEN_PREFIX}${newToken()}`;
    const [row] = await this.db
      .insert(apiTokens)
      .values({
        userId,
        name: input.name,
        tokenHash: sha256(secret),
        prefix: secret.slice(0, TOKEN_PREFIX.length + 6),
        teamIds,
        scopes: input.scopes,
        createdAt: now,
        // The end of the chosen day (UTC).
        expiresAt: new Date(day.getTime() + 86_400_000),
      })
      .returning();
    return { token: (await this.describe([row!]))[0]!, secret };
  }

  /** The user's tokens that still work, newest first. */
  async list(userId: string): Promise<ApiToken[]> {
    const rows = await this.db
      .select()
      .from(apiTokens)
      .where(
        and(
          eq(apiTokens.userId, userId),
          isNull(apiTokens.revokedAt),
          gt(apiTokens.expiresAt, this.clock.now()),
        ),
      )
      .orderBy(asc(apiTokens.createdAt));
    return (await this.describe(rows)).reverse();
  }

  /** Revokes one of the user's tokens at once; false when there is no such live token of theirs. */
  async revoke(userId: string, id: string): Promise<boolean> {
    const revoked = await this.db
      .update(apiTokens)
      .set({ revokedAt: this.clock.now() })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    return revoked.length > 0;
  }

  /** The live token and its user for a secret, recording its use; undefined for anything unusable. */
  async authenticate(
    secret: string,
    client: { ip: string | null },
  ): Promise<{ token: ApiTokenRecord; user: UserRecord } | undefined> {
    if (!isApiTokenSecret(secret) || secret.length > 100) return undefined;
    const [row] = await this.db
      .select({ token: apiTokens, user: users })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(eq(apiTokens.tokenHash, sha256(secret)))
      .limit(1);
    const now = this.clock.now();
    if (!row || row.token.revokedAt || row.token.expiresAt <= now) return undefined;
    let token = row.token;
    const last = token.lastUsedAt?.getTime() ?? 0;
    if (now.getTime() - last >= LAST_SEEN_RESOLUTION_MS || (client.ip && client.ip !== token.lastUsedIp)) {
      const [touched] = await this.db
        .update(apiTokens)
        .set({ lastUsedAt: now, lastUsedIp: client.ip })
        .where(eq(apiTokens.id, token.id))
        .returning();
      token = touched ?? token;
    }
    return { token, user: row.user };
  }

  private async describe(rows: ApiTokenRecord[]): Promise<ApiToken[]> {
    const ids = [...new Set(rows.flatMap((row) => row.teamIds))];
    const names = new Map(
      ids.length === 0
        ? []
        : (
            await this.db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, ids))
          ).map((team) => [team.id, team.name]),
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      teams: row.teamIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! })),
      scopes: row.scopes as TokenScopes,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      lastUsedIp: row.lastUsedIp,
    }));
  }
}
