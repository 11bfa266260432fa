// The sandbox checkout as HTML: server-rendered, no script and no inline style (the strict CSP applies
// here too), every value escaped. Approve and Decline are plain forms that POST back to this server. In the
// request's language (`Accept-Language`: the browser comes here from the console by a plain navigation),
// its `lang` attribute too; the expiry in that language's default zone, named.
import type { Currency } from '@/contract/teams';
import { formatDateTimeWithZone } from '@/domain/helpers/time';
import { formatMoney } from '@/domain/money';
import { escapeHtml } from '../../../http/html';
import { currentLanguage } from '../../../i18n/languages';
import { type ServerMessageId, t } from '../../../i18n/t';
import type { SandboxCheckout } from './sandbox-provider';

/** How the page words each of DECLINE_REASONS (by index: the reason sent on stays as the provider words it). */
const DECLINE_LABELS: ServerMessageId[] = [
  'checkout.decline.cardDeclined',
  'checkout.decline.noFunds',
  'checkout.decline.cancelled',
];

function page(title: string, body: string, basePath: string): string {
  return `<!doctype html>
<html lang="${currentLanguage().locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t('checkout.documentTitle', { title }))}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="${basePath}/checkout.css">
</head>
<body>
<main>
<p class="banner" role="note"><strong>${escapeHtml(t('checkout.banner.strong'))}</strong> ${escapeHtml(t('checkout.banner.text'))}</p>
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
  const reasons = DECLINE_LABELS.map(
    (label, index) => `<option value="${index}">${escapeHtml(t(label))}</option>`,
  ).join('\n');
  const amount = formatMoney(checkout.amountMinor, checkout.currency as Currency);
  return page(
    t('checkout.pay'),
    `<h1>${escapeHtml(t('checkout.heading'))}</h1>
<dl>
<dt>${escapeHtml(t('checkout.amount'))}</dt><dd class="amount">${amountOf(checkout)}</dd>
<dt>${escapeHtml(t('checkout.reference'))}</dt><dd><code>${escapeHtml(checkout.reference)}</code></dd>
<dt>${escapeHtml(t('checkout.validUntil'))}</dt><dd><time datetime="${checkout.expiresAt.toISOString()}">${escapeHtml(formatDateTimeWithZone(checkout.expiresAt))}</time></dd>
</dl>
<form method="post" action="${action}/approve">
<button type="submit" class="approve">${escapeHtml(t('checkout.approve', { amount }))}</button>
</form>
<form method="post" action="${action}/decline" class="decline">
<label for="reason">${escapeHtml(t('checkout.declineLabel'))}</label>
<select id="reason" name="reason">
${reasons}
</select>
<button type="submit">${escapeHtml(t('checkout.decline'))}</button>
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
  const back = returnUrl
    ? `<p><a href="${escapeHtml(returnUrl)}">${escapeHtml(t('checkout.back'))}</a></p>`
    : '';
  return page(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n${back}`, basePath);
}
