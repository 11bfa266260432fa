// The words of the e-mails about teams and membership (invitations and verification have their own).
import type { MailMessage } from '../drivers/mail';

const SIGNATURE = '\n\n— Ikirere';

export function teamDeletedMail(to: string, teamName: string, deletedBy: string): MailMessage {
  return {
    to,
    subject: `The team ${teamName} was deleted`,
    text: `${deletedBy} deleted the Ikirere team ${teamName}. You no longer have access to it; your other teams are unchanged.${SIGNATURE}`,
  };
}

export function teamTwoFactorRequiredMail(to: string, teamName: string, owner: string): MailMessage {
  return {
    to,
    subject: `${teamName} now requires two-factor sign-in`,
    text: `${owner} now requires every member of the Ikirere team ${teamName} to sign in with two factors. Until you turn two-factor sign-in on (Account settings → Security: an authenticator app or a passkey), the team's computes, domains and settings are closed to you.${SIGNATURE}`,
  };
}

export function removedFromTeamMail(to: string, teamName: string, removedBy: string): MailMessage {
  return {
    to,
    subject: `You were removed from ${teamName}`,
    text: `${removedBy} removed you from the Ikirere team ${teamName}. You no longer have access to it. If you think this is a mistake, ask the team's owner.${SIGNATURE}`,
  };
}

export function newOwnerMail(to: string, teamName: string, previousOwner: string): MailMessage {
  return {
    to,
    subject: `You are now the owner of ${teamName}`,
    text: `${previousOwner} made you the owner of the Ikirere team ${teamName}. As its owner you manage billing and can delete the team; ${previousOwner} is now an admin.${SIGNATURE}`,
  };
}
