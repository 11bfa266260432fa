// The signed-in person's own account: their name, and their e-mail address (changed only once a code
// sent to the new address proves they read it). The phone number changes through /auth/phone-code.
import { and, eq, ne } from 'drizzle-orm';
import {
  changeEmailRequestSchema,
  confirmEmailChangeRequestSchema,
  updateProfileRequestSchema,
} from '@/contract/account';
import { codeChallengeSchema, userSchema } from '@/contract/auth';
import { problemTypes } from '@/contract/problem';
import { users } from '../../db/schema';
import { ProblemError } from '../../http/problem';
import { defineRoutes } from '../../http/routes';
import { t } from '../../i18n/t';
import { isUniqueViolation, toUser } from '../../identity/accounts';
import { checkCode, sendCodeByMail } from '../../identity/code-delivery';
import { requireVerifiedUser } from '../../identity/guards';
import { emailChangeCodeMail, emailChangedMail } from '../../identity/messages';

function emailInUse(): ProblemError {
  const message = t('user.problem.emailInUse.detail');
  return new ProblemError(409, {
    type: problemTypes.emailInUse,
    title: t('user.problem.emailInUse.title'),
    detail: message,
    errors: [{ field: 'email', message }],
  });
}

export function accountRoutes() {
  return defineRoutes('/users', 'Account')
    .add({
      method: 'patch',
      path: '/me',
      summary: 'Change your name, language or time zone',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { body: updateProfileRequestSchema },
      responses: { 200: { description: 'Your account as it now stands.', schema: userSchema } },
      handler: async (c, { body }) => {
        const { db, clock } = c.get('identity');
        const [updated] = await db
          .update(users)
          .set({
            ...(body.name === undefined ? {} : { name: body.name }),
            ...(body.locale === undefined ? {} : { locale: body.locale }),
            ...(body.timeZone === undefined ? {} : { timeZone: body.timeZone }),
            updatedAt: clock.now(),
          })
          .where(eq(users.id, c.get('user').id))
          .returning();
        return c.json(toUser(updated!), 200);
      },
    })
    .add({
      method: 'post',
      path: '/me/email',
      summary: 'Start changing your e-mail address: send a code to the new one',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { body: changeEmailRequestSchema },
      responses: {
        200: { description: 'A code is on its way to the new address.', schema: codeChallengeSchema },
      },
      handler: async (c, { body }) => {
        const { db } = c.get('identity');
        const user = c.get('user');
        if (body.email === user.email) {
          const message = t('user.problem.emailUnchanged');
          throw new ProblemError(422, { detail: message, errors: [{ field: 'email', message }] });
        }
        const [holder] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.email, body.email), ne(users.id, user.id)));
        if (holder) throw emailInUse();
        const answer = await sendCodeByMail(
          c,
          { purpose: 'email-change', address: body.email, userId: user.id, payload: { email: body.email } },
          (code) => emailChangeCodeMail(body.email, code),
        );
        return c.json(answer, 200);
      },
    })
    .add({
      method: 'post',
      path: '/me/email/verify',
      summary: 'Finish changing your e-mail address with the code sent to it',
      tokenScope: 'never',
      guards: [requireVerifiedUser],
      request: { body: confirmEmailChangeRequestSchema },
      responses: { 200: { description: 'Your account with its new address.', schema: userSchema } },
      handler: async (c, { body }) => {
        const identity = c.get('identity');
        const user = c.get('user');
        const challenge = await checkCode(c, { ...body, purposes: ['email-change'], userId: user.id });
        const now = identity.clock.now();
        let updated: typeof users.$inferSelect | undefined;
        try {
          [updated] = await identity.db
            .update(users)
            .set({ email: challenge.address, emailVerifiedAt: now, updatedAt: now })
            .where(eq(users.id, user.id))
            .returning();
        } catch (error) {
          // Someone signed up with that address after the code was sent.
          if (isUniqueViolation(error)) throw emailInUse();
          throw error;
        }
        if (user.email !== challenge.address) {
          identity.deliveries.later('e-mail change notice', () =>
            identity.mail.send(emailChangedMail(user.email, challenge.address)),
          );
        }
        return c.json(toUser(updated!), 200);
      },
    });
}
