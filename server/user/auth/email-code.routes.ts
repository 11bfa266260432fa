// Sign-up and sign-in by a one-time code sent by e-mail. Whether an address has an account never shows
// in the answer or its timing: both paths look up the address, store one challenge and send one e-mail
// after answering; only the e-mail's words differ, and only the address's owner reads them.

import { eq } from 'drizzle-orm';
import {
  codeChallengeSchema,
  emailCodeRequestSchema,
  signUpRequestSchema,
  verifyCodeRequestSchema,
} from '@/contract/auth';
import { signInAnswerSchema } from '@/contract/two-factor';
import { type Locale, negotiateLocale } from '@/i18n/locales';
import type { Database } from '../../db';
import { users } from '../../db/schema';
import { clientInfo } from '../../http/client-info';
import { defineRoutes } from '../../http/routes';
import { parseAcceptLanguage } from '../../i18n/accept-language';
import { inLanguage, languageOf } from '../../i18n/languages';
import { createAccount, isUniqueViolation, signIn } from '../../identity/accounts';
import { checkCode, publicOrigin, sendCodeByMail } from '../../identity/code-delivery';
import { existingAccountMail, noAccountMail, signInCodeMail, signUpCodeMail } from '../../identity/messages';
import type { ChallengeRecord } from '../../identity/one-time-codes';
import { codeExpired } from '../../identity/problems';
import type { UserRecord } from '../../identity/sessions';

const codeSent = {
  description: 'A code is on its way (the same answer for any address).',
  schema: codeChallengeSchema,
};

export function emailCodeRoutes() {
  return defineRoutes('/auth', 'Sign-in')
    .add({
      method: 'post',
      path: '/signup',
      summary: 'Start a sign-up: send a code to the address',
      tokenScope: 'never',
      description:
        'For an address that already has an account the answer is the same; the e-mail then says so and its code signs in to that account.',
      request: { body: signUpRequestSchema },
      responses: { 200: codeSent },
      handler: async (c, { body }) => {
        const existing = await findUser(c.get('identity').db, body.email);
        const answer = await sendCodeByMail(
          c,
          {
            purpose: 'signup',
            address: body.email,
            userId: existing?.id ?? null,
            payload: { name: body.name },
          },
          // To an existing account in its language; a new address in the one the sign-up page asked in.
          (code) =>
            existing
              ? inLanguage(languageOf(existing), () => existingAccountMail(body.email, code))
              : signUpCodeMail(body.email, body.name, code),
        );
        return c.json(answer, 200);
      },
    })
    .add({
      method: 'post',
      path: '/email-code',
      summary: 'Send a sign-in code by e-mail',
      tokenScope: 'never',
      description:
        'For an address without an account the answer is the same; the e-mail says there is no account, and no code verifies.',
      request: { body: emailCodeRequestSchema },
      responses: { 200: codeSent },
      handler: async (c, { body }) => {
        const existing = await findUser(c.get('identity').db, body.email);
        const signUpUrl = `${publicOrigin(c)}/auth/signup`;
        const answer = await sendCodeByMail(
          c,
          {
            purpose: 'signin',
            address: body.email,
            userId: existing?.id ?? null,
            canSucceed: existing !== undefined,
          },
          (code) =>
            existing
              ? inLanguage(languageOf(existing), () => signInCodeMail(body.email, code))
              : noAccountMail(body.email, signUpUrl),
        );
        return c.json(answer, 200);
      },
    })
    .add({
      method: 'post',
      path: '/email-code/verify',
      summary: 'Sign in (or finish signing up) with the code from the e-mail',
      tokenScope: 'never',
      request: { body: verifyCodeRequestSchema },
      responses: {
        200: {
          description: 'Signed in: the session token and who it belongs to.',
          schema: signInAnswerSchema,
        },
      },
      handler: async (c, { body }) => {
        const identity = c.get('identity');
        const challenge = await checkCode(c, { ...body, purposes: ['signup', 'signin'] });
        // A new account speaks the language the console asked in (the chooser before sign-up).
        const locale = negotiateLocale(parseAcceptLanguage(c.req.header('accept-language')));
        const user = await accountFor(identity.db, challenge, identity.clock.now(), locale);
        return c.json(
          await signIn(identity.db, identity.sessions, identity.twoFactor, user, clientInfo(c)),
          200,
        );
      },
    });
}

async function findUser(db: Database, email: string): Promise<UserRecord | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return user;
}

/** The account a verified challenge proves: the existing one for the address, or a new one (sign-up). */
async function accountFor(
  db: Database,
  challenge: ChallengeRecord,
  now: Date,
  locale: Locale,
): Promise<UserRecord> {
  // Looked up by address, not by the id stored at send time: the account may have been created (by a
  // second sign-up) or have changed its address since the code was sent.
  const existing = await findUser(db, challenge.address);
  if (existing) return existing;
  if (challenge.purpose !== 'signup') throw codeExpired('unknown');
  const name =
    typeof challenge.payload.name === 'string' ? challenge.payload.name : challenge.address.split('@')[0]!;
  try {
    return await createAccount(db, { name, email: challenge.address, now, locale });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await findUser(db, challenge.address);
    if (!raced) throw error;
    return raced;
  }
}
