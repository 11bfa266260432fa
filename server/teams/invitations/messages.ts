// The invitation e-mail: who invites, to which team, with which role, until when, and the one link.
import type { MemberRole } from '@/contract/teams';
import { INVITATION_TTL_DAYS } from '@/contract/teams';
import type { MailMessage } from '../../drivers/mail';

const SIGNATURE = '\n\n— Ikirere';

const ROLE_WORDS: Record<MemberRole, string> = {
  MEMBER: 'a member (computes and domains)',
  ADMIN: 'an admin (computes, domains, members and invitations)',
};

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'full',
  timeStyle: 'short',
  timeZone: 'UTC',
});

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
    subject: `${inviter.name} invited you to join ${teamName} on Ikirere`,
    text:
      `${inviter.name} (${inviter.email}) invited you to join the team ${teamName} on Ikirere as ${ROLE_WORDS[role]}.\n\n` +
      `Open the invitation to accept or decline it:\n\n    ${link}\n\n` +
      `It expires in ${INVITATION_TTL_DAYS} days, on ${dateFormat.format(expiresAt)} UTC.\n\n` +
      `No Ikirere account yet? The link lets you create one: sign up with this address (${to}) and the invitation will be waiting for you.\n\n` +
      `If you were not expecting this, ignore this e-mail; nothing happens unless you accept.${SIGNATURE}`,
  };
}
