// Phone verification by SMS code, with the same code rules as e-mail (the address is the E.164 number).
// A new account does this before it reaches the console; a verified one uses it to change its number.
import { and, eq, ne } from 'drizzle-orm';
import * as v from 'valibot';
import {
  codeChallengeSchema,
  codeDeliverySchema,
  currentSessionSchema,
  phoneCodeRequestSchema,
  verifyCodeRequestSchema,
} from '@/contract/auth';
import { users, verificationChallenges } from '../../db/schema';
import { idParam } from '../../http/path-params';
import { ProblemError } from '../../http/problem';
import { defineRoutes } from '../../http/routes';
import { t } from '../../i18n/t';
import { describeSession, isUniqueViolation } from '../../identity/accounts';
import { checkCode, describeDelivery, publicOrigin, sendCodeBySms } from '../../identity/code-delivery';
import { requireSession } from '../../identity/guards';
import { phoneCodeSms } from '../../identity/messages';
import { phoneNumberTaken, toE164 } from './phone-number';

export function phoneCodeRoutes() {
  return defineRoutes('/auth', 'Sign-in')
    .add({
      method: 'post',
      path: '/phone-code',
      summary: 'Send a code by SMS to verify a phone number',
      tokenScope: 'never',
      description:
        'The number is normalized as typed with the chosen country and must be a possible number there.',
      guards: [requireSession],
      request: { body: phoneCodeRequestSchema },
      responses: { 200: { description: 'A code is on its way.', schema: codeChallengeSchema } },
      handler: async (c, { body }) => {
        const { db } = c.get('identity');
        const user = c.get('user');
        const number = toE164(body.country, body.phoneNumber);
        const [holder] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.phoneNumber, number), ne(users.id, user.id)));
        if (holder) throw phoneNumberTaken();
        const host = new URL(publicOrigin(c)).hostname;
        const answer = await sendCodeBySms(
          c,
          { purpose: 'phone', address: number, userId: user.id },
          (code) => phoneCodeSms(number, code, host),
        );
        return c.json(answer, 200);
      },
    })
    .add({
      method: 'get',
      path: '/phone-code/:challengeId/delivery',
      summary: 'How far the text with the code went',
      tokenScope: 'never',
      description:
        "Sending, sent (taken by the SMS gateway; the embedded outbox never delivers), delivered (the network reports it reached the phone) or undelivered, with why. Another account's code answers 404.",
      guards: [requireSession],
      request: { params: v.object({ challengeId: idParam('code request', noTextedCode) }) },
      responses: { 200: { description: 'The delivery as it stands.', schema: codeDeliverySchema } },
      handler: async (c, { params }) => {
        const identity = c.get('identity');
        const [challenge] = await identity.db
          .select({ userId: verificationChallenges.userId, channel: verificationChallenges.channel })
          .from(verificationChallenges)
          .where(eq(verificationChallenges.id, params.challengeId));
        if (!challenge || challenge.userId !== c.get('user').id || challenge.channel !== 'sms') {
          throw noTextedCode();
        }
        const text = await identity.texts.forChallenge(params.challengeId);
        return c.json(describeDelivery(text, identity.texts.driver.kind, identity.clock.now()), 200);
      },
    })
    .add({
      method: 'post',
      path: '/phone-code/verify',
      summary: 'Verify the phone number with the code from the SMS',
      tokenScope: 'never',
      guards: [requireSession],
      request: { body: verifyCodeRequestSchema },
      responses: {
        200: {
          description: 'The number is verified; the session as it now stands.',
          schema: currentSessionSchema,
        },
      },
      handler: async (c, { body }) => {
        const identity = c.get('identity');
        const challenge = await checkCode(c, { ...body, purposes: ['phone'], userId: c.get('user').id });
        const now = identity.clock.now();
        let updated: typeof users.$inferSelect | undefined;
        try {
          [updated] = await identity.db
            .update(users)
            .set({ phoneNumber: challenge.address, phoneVerifiedAt: now, updatedAt: now })
            .where(eq(users.id, c.get('user').id))
            .returning();
        } catch (error) {
          // Another account verified the same number between this code's sending and now.
          if (isUniqueViolation(error)) throw phoneNumberTaken();
          throw error;
        }
        return c.json(await describeSession(identity.db, identity.sessions, c.get('session'), updated!), 200);
      },
    });
}

function noTextedCode(): ProblemError {
  return new ProblemError(404, { detail: t('user.problem.textedCodeNotFound') });
}
