// Who a social sign-in belongs to. Identities are keyed by (provider, subject), never by e-mail alone:
// a provider account that merely claims an address must not take over the account that owns it.
import { and, eq } from 'drizzle-orm';
import type { SocialProvider } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import type { Database } from '../../db';
import { identities, users } from '../../db/schema';
import { ProblemError } from '../../http/problem';
import { currentLanguage } from '../../i18n/languages';
import { t } from '../../i18n/t';
import { createAccount, isUniqueViolation } from '../accounts';
import type { UserRecord } from '../sessions';
import type { ProviderProfile } from './provider';

const PROVIDER_NAMES: Record<SocialProvider, string> = { github: 'GitHub', google: 'Google' };

function emailInUse(): ProblemError {
  return new ProblemError(409, {
    type: problemTypes.oauthEmailInUse,
    title: t('user.problem.emailInUse.title'),
    detail: t('identity.problem.social.emailInUse'),
  });
}

function emailUnverified(provider: SocialProvider): ProblemError {
  const name = PROVIDER_NAMES[provider];
  return new ProblemError(400, {
    type: problemTypes.oauthEmailUnverified,
    title: t('identity.problem.social.emailUnverified.title'),
    detail: t('identity.problem.social.emailUnverified.detail', { provider: name }),
  });
}

export async function userForSocialProfile(
  db: Database,
  provider: SocialProvider,
  profile: ProviderProfile,
  now: Date,
): Promise<UserRecord> {
  const known = await findLinkedUser(db, provider, profile.subject);
  if (known) {
    await db
      .update(identities)
      .set({ email: profile.email, lastUsedAt: now })
      .where(and(eq(identities.provider, provider), eq(identities.subject, profile.subject)));
    return known;
  }

  if (!profile.email || !profile.emailVerified) throw emailUnverified(provider);
  const email = profile.email;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (owner) throw emailInUse();

  try {
    return await createAccount(db, {
      name: profile.name ?? email.split('@')[0]!,
      email,
      now,
      // The language the browser asked for on the callback, as a sign-up by e-mail code takes it.
      locale: currentLanguage().locale,
      also: async (tx, user) => {
        await tx.insert(identities).values({
          userId: user.id,
          provider,
          subject: profile.subject,
          email,
          createdAt: now,
          lastUsedAt: now,
        });
      },
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two callbacks for the same new identity raced; the other one created it.
    const raced = await findLinkedUser(db, provider, profile.subject);
    if (raced) return raced;
    throw emailInUse();
  }
}

async function findLinkedUser(
  db: Database,
  provider: SocialProvider,
  subject: string,
): Promise<UserRecord | undefined> {
  const [row] = await db
    .select({ user: users })
    .from(identities)
    .innerJoin(users, eq(users.id, identities.userId))
    .where(and(eq(identities.provider, provider), eq(identities.subject, subject)));
  return row?.user;
}
