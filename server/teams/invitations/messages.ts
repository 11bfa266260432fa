// The invitation e-mail: who invites, to which team, with which role, until when (in the recipient's zone,
// named), and the one link; in the language it is built in (the invitee's if they have an account, else the
// inviter's).
import type { MemberRole } from '@/contract/teams';
import { INVITATION_TTL_DAYS } from '@/contract/teams';
import { formatDateTimeWithZone } from '@/domain/helpers/time';
import type { MailMessage } from '../../drivers/mail';
import { t } from '../../i18n/t';

export function invitationMail(invitation: {
  to: string;
  teamName: string;
  inviter: { name: string; email: string };
  role: MemberRole;
  expiresAt: Date;
  link: string;
}): MailMessage {
  const { to, teamName, inviter, role, expiresAt, link } = invitation;
  return {
    to,
    subject: t('mail.invitation.subject', { inviter: inviter.name, team: teamName }),
    text:
      `${t('mail.invitation.intro', { inviter: inviter.name, inviterEmail: inviter.email, team: teamName, role })}\n\n` +
      `${t('mail.invitation.open')}\n\n    ${link}\n\n` +
      `${t('mail.invitation.expires', { days: INVITATION_TTL_DAYS, date: formatDateTimeWithZone(expiresAt) })}\n\n` +
      `${t('mail.invitation.noAccount', { address: to })}\n\n` +
      `${t('mail.invitation.ignore')}\n\n${t('mail.signature')}`,
  };
}
