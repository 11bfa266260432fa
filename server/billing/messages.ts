// The words of the e-mails about a team's balance and its invoices, in the language they are built in: the
// recipient's (callers run them inside `inLanguage`), with money for that language and the grace period's
// end in the recipient's zone, named.
import type { Currency } from '@/contract/teams';
import { formatBillingMonth, formatDateTimeWithZone } from '@/domain/helpers/time';
import { formatMoney } from '@/domain/money';
import type { MailMessage } from '../drivers/mail';
import { t } from '../i18n/t';

const signature = () => `\n\n${t('mail.signature')}`;

function whereToTopUp(publicUrl: string | undefined): string {
  return publicUrl ? `${publicUrl}/settings/billing` : t('mail.billing.consoleBilling');
}

export function lowBalanceMail(
  to: string,
  team: { name: string; currency: Currency },
  balanceMinor: number,
  thresholdMinor: number,
  publicUrl: string | undefined,
): MailMessage {
  const money = (amount: number) => formatMoney(amount, team.currency);
  return {
    to,
    subject: t('mail.lowBalance.subject', { team: team.name }),
    text:
      t('mail.lowBalance.text', {
        team: team.name,
        balance: money(balanceMinor),
        threshold: money(thresholdMinor),
        where: whereToTopUp(publicUrl),
      }) + signature(),
  };
}

export function emptyBalanceMail(
  to: string,
  team: { name: string; currency: Currency },
  balanceMinor: number,
  graceEndsAt: Date,
  publicUrl: string | undefined,
): MailMessage {
  return {
    to,
    subject: t('mail.emptyBalance.subject', { team: team.name }),
    text:
      t('mail.emptyBalance.text', {
        team: team.name,
        balance: formatMoney(balanceMinor, team.currency),
        until: formatDateTimeWithZone(graceEndsAt),
        where: whereToTopUp(publicUrl),
      }) + signature(),
  };
}

export function invoiceIssuedMail(
  to: string,
  team: { name: string },
  invoice: { number: string; totalMinor: number; currency: Currency; periodStart: Date; paid: boolean },
  publicUrl: string | undefined,
): MailMessage {
  const where = publicUrl ? `${publicUrl}/settings/invoices` : t('mail.billing.consoleInvoices');
  return {
    to,
    subject: t('mail.invoiceIssued.subject', { number: invoice.number, team: team.name }),
    text:
      t('mail.invoiceIssued.text', {
        number: invoice.number,
        team: team.name,
        month: formatBillingMonth(invoice.periodStart),
        total: formatMoney(invoice.totalMinor, invoice.currency),
        paid: invoice.paid ? 'yes' : 'no',
        where,
      }) + signature(),
  };
}
