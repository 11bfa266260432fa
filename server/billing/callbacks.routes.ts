// POST /callbacks/:provider: where the payment provider announces a payment's outcome. No session: the
// provider's signature is the credential (verifyCallback), an event id is taken once (a replay is refused)
// and a payment is credited once however often it is announced.
import { paymentCallbackAnswerSchema } from '@/contract/billing';
import { CallbackRefusedError } from '../drivers/payment';
import { ProblemError } from '../http/problem';
import { defineRoutes, type Routes } from '../http/routes';
import type { BillingService } from './billing-service';
import { providerParams } from './params';
import { CallbackReplayedError, settleTopUp } from './top-ups';

const MAX_CALLBACK_BYTES = 64 * 1024;

export function callbackRoutes(billing: BillingService): Routes {
  return defineRoutes('/callbacks', 'Payment provider callbacks').add({
    method: 'post',
    path: '/:provider',
    summary: 'Take a signed payment outcome from the payment provider',
    tokenScope: 'never',
    description:
      'For the provider, not the console. The sandbox signs HMAC-SHA256 over "<timestamp>.<raw body>" (headers Ikirere-Sandbox-Timestamp and Ikirere-Sandbox-Signature) with a secret derived from the installation secret; an unsigned, wrongly signed or older than five minutes callback answers 401, an event id already received answers 409, and neither changes anything.',
    request: { params: providerParams },
    // Enforced while reading, before the body is held or its signature checked.
    maxBodyBytes: MAX_CALLBACK_BYTES,
    responses: { 200: { description: 'The callback was taken.', schema: paymentCallbackAnswerSchema } },
    handler: async (c, { params }) => {
      if (params.provider !== billing.driver.info.kind) {
        throw new ProblemError(404, {
          detail: `No payment provider called ${params.provider} is configured.`,
        });
      }
      const rawBody = await c.req.text();
      let event: Awaited<ReturnType<typeof billing.driver.verifyCallback>>;
      try {
        event = await billing.driver.verifyCallback(c.req.raw.headers, rawBody);
      } catch (error) {
        if (!(error instanceof CallbackRefusedError)) throw error;
        billing.deps.logger.warn(
          { provider: params.provider, reason: error.message },
          'payment callback refused',
        );
        throw new ProblemError(401, { title: 'Callback not verified', detail: error.message });
      }
      try {
        const settled = await settleTopUp(billing, event);
        if (settled.kind !== 'unchanged') await billing.announce([settled.teamId]);
        return c.json(
          { outcome: settled.kind, topUpId: settled.kind === 'unchanged' ? null : settled.topUp.id },
          200,
        );
      } catch (error) {
        if (!(error instanceof CallbackReplayedError)) throw error;
        throw new ProblemError(409, { title: 'Callback replayed', detail: error.message });
      }
    },
  });
}
