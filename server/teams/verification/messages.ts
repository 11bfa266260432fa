// The e-mails every verification change sends to the team's owners, with the operator's message if any, in
// the language they are built in: each owner's (callers run them inside `inLanguage`).
import type { VerificationDecision } from '@/contract/operator';
import type { MailMessage } from '../../drivers/mail';
import { t } from '../../i18n/t';

const signature = () => `\n\n${t('mail.signature')}`;

function withMessage(message: string | null | undefined): string {
  return message ? `\n\n${t('mail.verification.reviewMessage')}\n\n${message}` : '';
}

export function verificationSubmittedMail(
  to: string,
  team: string,
  submittedBy: string,
  documents: number,
): MailMessage {
  return {
    to,
    subject: t('mail.verification.submitted.subject', { team }),
    text: t('mail.verification.submitted.text', { by: submittedBy, team, count: documents }) + signature(),
  };
}

export function verificationDecisionMail(
  to: string,
  team: string,
  decision: VerificationDecision,
  message: string | null | undefined,
): MailMessage {
  switch (decision) {
    case 'approve':
      return {
        to,
        subject: t('mail.verification.approved.subject', { team }),
        text: t('mail.verification.approved.text', { team }) + withMessage(message) + signature(),
      };
    case 'reject':
      return {
        to,
        subject: t('mail.verification.rejected.subject', { team }),
        text:
          t('mail.verification.rejected.text', { team }) +
          withMessage(message) +
          `\n\n${t('mail.verification.rejected.next')}` +
          signature(),
      };
    case 'request-info':
      return {
        to,
        subject: t('mail.verification.moreInfo.subject', { team }),
        text:
          t('mail.verification.moreInfo.text', { team }) +
          withMessage(message) +
          `\n\n${t('mail.verification.moreInfo.next')}` +
          signature(),
      };
  }
}
