// Users as the API shows them, and the creation of a new account with a team of its own.

import { and, eq } from 'drizzle-orm';
import type { AuthResult, CurrentSession, User, UserTeam } from '@/contract/auth';
import type { SignInAnswer } from '@/contract/two-factor';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/i18n/locales';
import { recordAudit } from '../audit/audit-log';
import type { Database, Transaction } from '../db';
import { teamMembers, teams, users } from '../db/schema';
import { inLanguage, languageOf } from '../i18n/languages';
import { t } from '../i18n/t';
import type { ClientInfo, SessionRecord, SessionStore, UserRecord } from './sessions';
import type { TwoFactor } from './two-factor';

export function toUser(row: UserRecord): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phoneNumber,
    phoneVerified: row.phoneVerifiedAt !== null,
    locale: isLocale(row.locale) ? row.locale : DEFAULT_LOCALE,
    timeZone: row.timeZone,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function teamsOf(db: Database, userId: string): Promise<UserTeam[]> {
  const rows = await db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teamMembers.status, 'ACTIVE')))
    .orderBy(teams.createdAt);
  return rows.map((row) => ({ ...row, role: row.role as UserTeam['role'] }));
}

/**
 * "Ada Lovelace" → "Ada's team": the first name reads as the team's owner, in the language the person signed
 * up in ("Équipe d'Ada", "Itsinda rya Ada"): the name is theirs to change afterwards, never translated again.
 */
export function ownTeamName(personName: string, locale: Locale = DEFAULT_LOCALE): string {
  const first = personName.trim().split(/\s+/)[0] ?? personName;
  // French elides before a vowel: « Équipe d'Ada », « Équipe de Jean ».
  const initial = /^[aeiouy]/i.test(first.normalize('NFD')) ? 'vowel' : 'other';
  return inLanguage(languageOf({ locale }), () => t('identity.ownTeam.name', { first, initial }));
}

/**
 * A new user whose e-mail address is proven (by code or by the provider), with a team of their own as
 * its OWNER. Throws a unique violation when the address was taken meanwhile.
 */
export async function createAccount(
  db: Database,
  person: {
    name: string;
    email: string;
    now: Date;
    /** The language to write to them in; English unless the sign-up asked in another. */
    locale?: Locale;
    /** More rows that must exist with the account or not at all (a social identity). */
    also?: (tx: Transaction, user: UserRecord) => Promise<void>;
  },
): Promise<UserRecord> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        name: person.name,
        email: person.email,
        locale: person.locale ?? DEFAULT_LOCALE,
        emailVerifiedAt: person.now,
        createdAt: person.now,
        updatedAt: person.now,
      })
      .returning();
    const [team] = await tx
      .insert(teams)
      .values({
        name: ownTeamName(person.name, person.locale),
        currency: 'RWF',
        verificationStatus: 'UNVERIFIED',
      })
      .returning({ id: teams.id });
    await tx
      .insert(teamMembers)
      .values({ teamId: team!.id, userId: user!.id, role: 'OWNER', status: 'ACTIVE' });
    await recordAudit(tx, {
      teamId: team!.id,
      actor: { userId: user!.id, ip: null, userAgent: null },
      action: 'team.created',
      target: ownTeamName(person.name),
      details: { name: ownTeamName(person.name), currency: 'RWF', atSignUp: true },
      at: person.now,
    });
    await person.also?.(tx, user!);
    return user!;
  });
}

export async function describeSession(
  db: Database,
  store: SessionStore,
  session: SessionRecord,
  user: UserRecord,
): Promise<CurrentSession> {
  return {
    user: toUser(user),
    teams: await teamsOf(db, user.id),
    session: {
      id: session.id,
      createdAt: session.createdAt.toISOString(),
      expiresAt: store.expiresAt(session).toISOString(),
    },
  };
}

/** Opens a session for a user who proved who they are (with both factors when they use two). */
export async function openSession(
  db: Database,
  store: SessionStore,
  user: UserRecord,
  client: ClientInfo,
): Promise<AuthResult> {
  const { token, session } = await store.create(user.id, client);
  return { token, ...(await describeSession(db, store, session, user)) };
}

/**
 * After a first factor (an e-mail code, GitHub, Google): a session, or — when the person uses two-factor
 * sign-in — the challenge their second factor must answer (POST /auth/two-factor/verify).
 */
export async function signIn(
  db: Database,
  store: SessionStore,
  twoFactor: TwoFactor,
  user: UserRecord,
  client: ClientInfo,
): Promise<SignInAnswer> {
  if (await twoFactor.isOn(user.id)) {
    const { challengeId, expiresAt, methods } = await twoFactor.challenge(user.id);
    return { secondFactor: { challengeId, methods, expiresAt: expiresAt.toISOString() } };
  }
  return openSession(db, store, user, client);
}

/** PostgreSQL's unique_violation, as either driver reports it (drizzle wraps the driver's error). */
export function isUniqueViolation(error: unknown): boolean {
  for (
    let current: unknown = error;
    current instanceof Object;
    current = (current as { cause?: unknown }).cause
  ) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
