// The words of every e-mail and text message the identity flows send. Subjects never carry the code:
// subjects are logged and shown on lock screens.
import type { MailMessage } from '../drivers/mail';
import type { SmsMessage } from '../drivers/sms';
import type { Lockout } from './one-time-codes';

const MINUTES_VALID = 10;
const SIGNATURE = '\n\n— Ikirere';

export function signUpCodeMail(to: string, name: string, code: string): MailMessage {
  return {
    to,
    subject: 'Confirm your e-mail address for Ikirere',
    text:
      `Hello ${name},\n\nYour code to finish creating your Ikirere account:\n\n    ${code}\n\n` +
      `It works for ${MINUTES_VALID} minutes. If you did not ask for it, ignore this e-mail: no account is created without the code.${SIGNATURE}`,
  };
}

/** Sign-up with an address that already has an account: the code signs in to that account instead. */
export function existingAccountMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: 'You already have an Ikirere account',
    text:
      'Someone, hopefully you, tried to create an Ikirere account with this address. It already has one, ' +
      `so this code signs you in to it:\n\n    ${code}\n\nIt works for ${MINUTES_VALID} minutes. ` +
      `If it was not you, ignore this e-mail: nothing changes without the code.${SIGNATURE}`,
  };
}

export function signInCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: 'Your Ikirere sign-in code',
    text:
      `Your code to sign in to Ikirere:\n\n    ${code}\n\nIt works for ${MINUTES_VALID} minutes. ` +
      `If you did not ask for it, ignore this e-mail: nobody can sign in without the code.${SIGNATURE}`,
  };
}

/** Sign-in for an address without an account: no code, a way to sign up instead. */
export function noAccountMail(to: string, signUpUrl: string): MailMessage {
  return {
    to,
    subject: 'Sign in to Ikirere',
    text:
      'Someone, hopefully you, asked to sign in to Ikirere with this address, but there is no account ' +
      `for it. To create one, go to:\n\n    ${signUpUrl}\n\nIf it was not you, ignore this e-mail.${SIGNATURE}`,
  };
}

export function emailChangeCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: 'Confirm your new e-mail address for Ikirere',
    text:
      `Your code to make this the e-mail address of your Ikirere account:\n\n    ${code}\n\n` +
      `It works for ${MINUTES_VALID} minutes. If you did not ask for it, ignore this e-mail.${SIGNATURE}`,
  };
}

/** To the old address once a change is done, so a hijacked session cannot move the account silently. */
export function emailChangedMail(oldAddress: string, newAddress: string): MailMessage {
  return {
    to: oldAddress,
    subject: 'The e-mail address of your Ikirere account changed',
    text:
      `The e-mail address of your Ikirere account is now ${newAddress}; codes no longer come here. ` +
      `If you did not make this change, contact support at once.${SIGNATURE}`,
  };
}

/** After a run of wrong codes locked someone out: the owner learns of it, and that nobody got in. */
export function lockedOutMail(lockout: Lockout): MailMessage {
  const where = lockout.clientIp ? ` from ${lockout.clientIp}` : '';
  const who =
    lockout.scope === 'client'
      ? `That device or network${where} cannot enter codes for this address until ${timeText(lockout.until)}. Codes sent to you still work from your own device.`
      : `Wrong codes came from many places, so no code can be entered for this address until ${timeText(lockout.until)}.`;
  return {
    to: lockout.address,
    subject: 'Wrong codes were entered for your Ikirere address',
    text:
      `Someone entered wrong one-time codes for ${lockout.address}${where}, again and again. Nobody got in: ` +
      `a code works once, for ${MINUTES_VALID} minutes, and only for whoever receives it.\n\n${who}\n\n` +
      `If it was you, wait and ask for a new code. If it was not, you need not do anything; if it keeps happening, contact support.${SIGNATURE}`,
  };
}

export function lockedOutSms(lockout: Lockout): SmsMessage {
  return {
    to: lockout.address,
    text: `Ikirere: wrong codes were entered for this number from another device. Nobody got in, and codes sent to you still work.`,
  };
}

function timeText(at: Date): string {
  return `${at.toISOString().slice(11, 16)} UTC`;
}

/**
 * The last line follows the WebOTP format ("@host #code"), so phones can offer the code for autofill on
 * the console's own origin and nowhere else.
 */
export function phoneCodeSms(to: string, code: string, consoleHost: string): SmsMessage {
  return {
    to,
    text: `Your Ikirere verification code is ${code}. It works for ${MINUTES_VALID} minutes.\n\n@${consoleHost} #${code}`,
  };
}

/** Two-factor sign-in turned on, off, or a recovery code spent: the person hears of every change. */
export function twoFactorChangedMail(
  to: string,
  change: 'on' | 'off' | 'app-removed' | 'passkey-added' | 'passkey-removed' | 'recovery-code-used',
  detail: { recoveryCodesLeft?: number; passkeyName?: string } = {},
): MailMessage {
  const words = {
    'app-removed': {
      subject: 'An authenticator app was removed from your Ikirere account',
      text: 'Signing in to your Ikirere account no longer accepts codes from your authenticator app; your passkeys still work.',
    },
    'passkey-added': {
      subject: 'A passkey was added to your Ikirere account',
      text: `The passkey “${detail.passkeyName ?? ''}” can now finish signing in to your Ikirere account.`,
    },
    'passkey-removed': {
      subject: 'A passkey was removed from your Ikirere account',
      text: `The passkey “${detail.passkeyName ?? ''}” no longer signs in to your Ikirere account.`,
    },
    on: {
      subject: 'Two-factor sign-in is on for your Ikirere account',
      text: 'Signing in to your Ikirere account now also asks for a code from your authenticator app (or one of your recovery codes).',
    },
    off: {
      subject: 'Two-factor sign-in is off for your Ikirere account',
      text: 'Signing in to your Ikirere account no longer asks for a second factor.',
    },
    'recovery-code-used': {
      subject: 'A recovery code was used to sign in to Ikirere',
      text: `Someone signed in to your Ikirere account with one of your recovery codes. ${detail.recoveryCodesLeft ?? 0} are left; set up the app again in Account settings → Security to get new ones.`,
    },
  }[change];
  return {
    to,
    subject: words.subject,
    text: `${words.text} If this was not you, sign in, end your other sessions and contact support at once.${SIGNATURE}`,
  };
}
