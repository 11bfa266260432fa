// The e-mails every verification change sends to the team's owners, with the operator's message if any.
import type { VerificationDecision } from '@/contract/operator';
import type { MailMessage } from '../../drivers/mail';

const SIGNATURE = '\n\n— Ikirere';

function withMessage(message: string | null | undefined): string {
  return message ? `\n\nMessage from our review team:\n\n${message}` : '';
}

export function verificationSubmittedMail(
  to: string,
  team: string,
  submittedBy: string,
  documents: number,
): MailMessage {
  return {
    to,
    subject: `We received the verification request for ${team}`,
    text:
      `${submittedBy} sent a verification request for the team ${team} with ${documents} document${documents === 1 ? '' : 's'}. ` +
      `Verification request submitted. We'll get back to you in 2–3 business days.${SIGNATURE}`,
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
        subject: `${team} is verified`,
        text:
          `The team ${team} is now verified: the limits for unverified teams no longer apply, and larger plans are available.` +
          `${withMessage(message)}${SIGNATURE}`,
      };
    case 'reject':
      return {
        to,
        subject: `The verification of ${team} was not approved`,
        text:
          `We could not verify the team ${team} with the details and documents it sent.${withMessage(message)}\n\n` +
          `You can correct the details and send the request again from the team's settings. Questions? Reply to this e-mail or contact support.${SIGNATURE}`,
      };
    case 'request-info':
      return {
        to,
        subject: `More information needed to verify ${team}`,
        text:
          `To finish verifying the team ${team}, we need more information.${withMessage(message)}\n\n` +
          `Reply to this e-mail with what is asked, or send the request again with more documents from the team's settings.${SIGNATURE}`,
      };
  }
}
