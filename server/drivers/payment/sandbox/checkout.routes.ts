// /payment/sandbox/checkout/:reference: the sandbox provider's checkout page and the payer's two buttons.
// Outside the API document on purpose: these are the provider's pages, not the console's API. After a
// decision the browser goes back to the console (303) with the top-up's outcome in the query.
import { readFileSync } from 'node:fs';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../../http/env';
import { inLanguage, languageOf } from '../../../i18n/languages';
import { t } from '../../../i18n/t';
import { renderCheckoutMessage, renderCheckoutPage } from './checkout-page';
import {
  DECLINE_REASONS,
  type DecisionOutcome,
  SANDBOX_CHECKOUT_PATH,
  type SandboxCheckout,
  type SandboxProvider,
} from './sandbox-provider';

const stylesheet = readFileSync(new URL('./checkout.css', import.meta.url), 'utf8');

function withOutcome(returnUrl: string, outcome: string): string {
  return `${returnUrl}${returnUrl.includes('?') ? '&' : '?'}outcome=${outcome}`;
}

/**
 * The page in the payer's language and zone, kept with the checkout when the top-up began: the browser
 * opens it without a session, and its Accept-Language may not be the account's. Checkouts from before
 * that follow Accept-Language.
 */
function inPayerLanguage<T>(checkout: SandboxCheckout, page: () => T): T {
  return checkout.locale ? inLanguage(languageOf(checkout), page) : page();
}

export function sandboxCheckoutRoutes(provider: SandboxProvider): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  const base = SANDBOX_CHECKOUT_PATH;
  const notFound = (c: Context<AppEnv>) =>
    c.html(
      renderCheckoutMessage(t('checkout.notFound.title'), t('checkout.notFound.text'), base, undefined),
      404,
    );

  // The buttons post a tiny form (a decline reason): nothing larger is read.
  router.use(
    bodyLimit({
      maxSize: 4 * 1024,
      onError: (c) =>
        c.html(
          renderCheckoutMessage(t('checkout.tooLarge.title'), t('checkout.tooLarge.text'), base, undefined),
          413,
        ),
    }),
  );
  // Only the checkout page itself may press its buttons: a form posted from another site (which could make
  // someone approve a payment without seeing it) is refused.
  router.use(async (c, next) => {
    if (c.req.method !== 'POST') return next();
    const origin = c.req.header('Origin');
    let sameSite = false;
    try {
      sameSite = origin !== undefined && new URL(origin).host === new URL(c.req.url).host;
    } catch {
      sameSite = false;
    }
    if (sameSite) return next();
    return c.html(
      renderCheckoutMessage(t('checkout.notFromPage.title'), t('checkout.notFromPage.text'), base, undefined),
      403,
    );
  });

  router.get('/checkout.css', (c) => c.body(stylesheet, 200, { 'Content-Type': 'text/css; charset=utf-8' }));

  router.get('/checkout/:reference', async (c) => {
    const checkout = await provider.checkout(c.req.param('reference'));
    if (!checkout) return notFound(c);
    return inPayerLanguage(checkout, () => checkoutPage(c, checkout));
  });

  const checkoutPage = (c: Context<AppEnv>, checkout: SandboxCheckout) => {
    if (checkout.status !== 'pending') {
      const title = t(checkout.status === 'approved' ? 'checkout.alreadyPaid' : 'checkout.alreadyDeclined');
      return c.html(
        renderCheckoutMessage(title, t('checkout.alreadyDecided.text'), base, checkout.returnUrl),
      );
    }
    return c.html(renderCheckoutPage(checkout, base));
  };

  const decide = (approve: boolean) =>
    router.post(`/checkout/:reference/${approve ? 'approve' : 'decline'}`, async (c) => {
      let decision: { approve: true } | { approve: false; reason: string } = { approve: true };
      if (!approve) {
        const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
        const index = Number(form.reason ?? 0);
        decision = { approve: false, reason: DECLINE_REASONS[index] ?? DECLINE_REASONS[0] };
      }
      const result = await provider.decide(c.req.param('reference'), decision);
      if (!result) return notFound(c);
      return inPayerLanguage(result.checkout, () => decisionPage(c, result));
    });

  const decisionPage = (c: Context<AppEnv>, result: DecisionOutcome) => {
    const { returnUrl } = result.checkout;
    switch (result.kind) {
      case 'decided':
        return c.redirect(withOutcome(returnUrl, result.outcome), 303);
      case 'not-pending':
        return c.html(
          renderCheckoutMessage(
            t('checkout.alreadyDecided.title'),
            t('checkout.alreadyDecided.text'),
            base,
            returnUrl,
          ),
          409,
        );
      case 'expired':
        return c.html(
          renderCheckoutMessage(t('checkout.expired.title'), t('checkout.expired.text'), base, returnUrl),
          410,
        );
      default:
        return c.html(
          renderCheckoutMessage(
            t('checkout.unreachable.title'),
            t('checkout.unreachable.text', { status: String(result.status) }),
            base,
            returnUrl,
          ),
          502,
        );
    }
  };
  decide(true);
  decide(false);
  return router;
}
