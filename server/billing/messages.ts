// The words of the e-mails about a team's balance and its invoices.
import type { Currency } from '@/contract/teams';
import { formatBillingMonth } from '@/domain/helpers/time';
import { formatMoney } from '@/domain/money';
import type { MailMessage } from '../drivers/mail';

const SIGNATURE = '\n\n— Ikirere';

function whereToTopUp(publicUrl: string | undefined): string {
  return publicUrl ? `${publicUrl}/settings/billing` : 'the console, under Settings → Billing';
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
    subject: `Low balance on ${team.name}`,
    text: `The balance of the Ikirere team ${team.name} is ${money(balanceMinor)}, under the alert threshold of ${money(thresholdMinor)}.\n\nTop up at ${whereToTopUp(publicUrl)} to keep its computes running. Once the balance is empty, running computes are powered off after a grace period; they are never destroyed.${SIGNATURE}`,
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
    subject: `The balance of ${team.name} is empty`,
    text: `The balance of the Ikirere team ${team.name} is ${formatMoney(balanceMinor, team.currency)}.\n\nUnless you top up before ${graceEndsAt.toUTCString()}, its running computes will then be powered off — never destroyed: their disks and addresses stay. Until the balance is positive again, computes cannot be started or created.\n\nTop up at ${whereToTopUp(publicUrl)}.${SIGNATURE}`,
  };
}

export function invoiceIssuedMail(
  to: string,
  team: { name: string },
  invoice: { number: string; totalMinor: number; currency: Currency; periodStart: Date; paid: boolean },
  publicUrl: string | undefined,
): MailMessage {
  const month = formatBillingMonth(invoice.periodStart);
  const where = publicUrl ? `${publicUrl}/settings/invoices` : 'the console, under Settings → Invoices';
  const status = invoice.paid
    ? 'It is paid from the balance.'
    : 'The balance does not cover it yet: top up to pay it.';
  return {
    to,
    subject: `Invoice ${invoice.number} for ${team.name}`,
    text: `Invoice ${invoice.number} of the Ikirere team ${team.name} for ${month} comes to ${formatMoney(invoice.totalMinor, invoice.currency)}. ${status}\n\nRead it and download it as PDF or CSV at ${where}.${SIGNATURE}`,
  };
}
