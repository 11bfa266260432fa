// The sandbox checkout as HTML: server-rendered, no script and no inline style (the strict CSP applies
// here too), every value escaped. Approve and Decline are plain forms that POST back to this server.
import type { Currency } from '@/contract/teams';
import { formatMoney } from '@/domain/money';
import { escapeHtml } from '../../../http/html';
import { DECLINE_REASONS, type SandboxCheckout } from './sandbox-provider';

function page(title: string, body: string, basePath: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Sandbox payments</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="${basePath}/checkout.css">
</head>
<body>
<main>
<p class="banner" role="note"><strong>Sandbox — no real money moves.</strong> This page stands in for a payment provider so top-ups can be tried end to end.</p>
${body}
</main>
</body>
</html>
`;
}

const amountOf = (checkout: SandboxCheckout) =>
  escapeHtml(formatMoney(checkout.amountMinor, checkout.currency as Currency));

export function renderCheckoutPage(checkout: SandboxCheckout, basePath: string): string {
  const action = `${basePath}/checkout/${encodeURIComponent(checkout.reference)}`;
  const reasons = DECLINE_REASONS.map(
    (reason, index) => `<option value="${index}">${escapeHtml(reason)}</option>`,
  ).join('\n');
  return page(
    'Pay',
    `<h1>Top up your Ikirere balance</h1>
<dl>
<dt>Amount</dt><dd class="amount">${amountOf(checkout)}</dd>
<dt>Reference</dt><dd><code>${escapeHtml(checkout.reference)}</code></dd>
<dt>Valid until</dt><dd><time datetime="${checkout.expiresAt.toISOString()}">${escapeHtml(checkout.expiresAt.toUTCString())}</time></dd>
</dl>
<form method="post" action="${action}/approve">
<button type="submit" class="approve">Approve payment of ${amountOf(checkout)}</button>
</form>
<form method="post" action="${action}/decline" class="decline">
<label for="reason">Or decline it, as the payer's bank would:</label>
<select id="reason" name="reason">
${reasons}
</select>
<button type="submit">Decline</button>
</form>`,
    basePath,
  );
}

/** What the payer sees when there is nothing left to decide (or the payment service could not be told). */
export function renderCheckoutMessage(
  title: string,
  message: string,
  basePath: string,
  returnUrl: string | undefined,
): string {
  const back = returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Back to the console</a></p>` : '';
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n${back}`, basePath);
}
