// The words of the e-mails about teams and membership (invitations and verification have their own), in
// the language they are built in: the recipient's (callers run them inside `inLanguage`).
import type { MailMessage } from '../drivers/mail';
import { t } from '../i18n/t';

const signature = () => `\n\n${t('mail.signature')}`;

export function teamDeletedMail(to: string, teamName: string, deletedBy: string): MailMessage {
  return {
    to,
    subject: t('mail.teamDeleted.subject', { team: teamName }),
    text: t('mail.teamDeleted.text', { team: teamName, by: deletedBy }) + signature(),
  };
}

export function teamTwoFactorRequiredMail(to: string, teamName: string, owner: string): MailMessage {
  return {
    to,
    subject: t('mail.teamTwoFactorRequired.subject', { team: teamName }),
    text: t('mail.teamTwoFactorRequired.text', { team: teamName, owner }) + signature(),
  };
}

export function removedFromTeamMail(to: string, teamName: string, removedBy: string): MailMessage {
  return {
    to,
    subject: t('mail.removedFromTeam.subject', { team: teamName }),
    text: t('mail.removedFromTeam.text', { team: teamName, by: removedBy }) + signature(),
  };
}

export function newOwnerMail(to: string, teamName: string, previousOwner: string): MailMessage {
  return {
    to,
    subject: t('mail.newOwner.subject', { team: teamName }),
    text: t('mail.newOwner.text', { team: teamName, previous: previousOwner }) + signature(),
  };
}
