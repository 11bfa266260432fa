// The words of every e-mail and text message the identity flows send, in the language they are built in
// (the recipient's: callers run them inside `inLanguage`, or the request's before sign-in). Subjects never
// carry the code: subjects are logged and shown on lock screens.
import { formatDateTimeWithZone } from '@/domain/helpers/time';
import type { MailMessage } from '../drivers/mail';
import type { SmsMessage } from '../drivers/sms';
import { type ServerMessageId, t } from '../i18n/t';
import type { Lockout } from './one-time-codes';

const MINUTES_VALID = 10;
const signature = () => `\n\n${t('mail.signature')}`;

export function signUpCodeMail(to: string, name: string, code: string): MailMessage {
  return {
    to,
    subject: t('mail.signUpCode.subject'),
    text: t('mail.signUpCode.text', { name, code, minutes: MINUTES_VALID }) + signature(),
  };
}

/** Sign-up with an address that already has an account: the code signs in to that account instead. */
export function existingAccountMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: t('mail.existingAccount.subject'),
    text: t('mail.existingAccount.text', { code, minutes: MINUTES_VALID }) + signature(),
  };
}

export function signInCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: t('mail.signInCode.subject'),
    text: t('mail.signInCode.text', { code, minutes: MINUTES_VALID }) + signature(),
  };
}

/** Sign-in for an address without an account: no code, a way to sign up instead. */
export function noAccountMail(to: string, signUpUrl: string): MailMessage {
  return {
    to,
    subject: t('mail.noAccount.subject'),
    text: t('mail.noAccount.text', { url: signUpUrl }) + signature(),
  };
}

export function emailChangeCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: t('mail.emailChangeCode.subject'),
    text: t('mail.emailChangeCode.text', { code, minutes: MINUTES_VALID }) + signature(),
  };
}

/** To the old address once a change is done, so a hijacked session cannot move the account silently. */
export function emailChangedMail(oldAddress: string, newAddress: string): MailMessage {
  return {
    to: oldAddress,
    subject: t('mail.emailChanged.subject'),
    text: t('mail.emailChanged.text', { address: newAddress }) + signature(),
  };
}

/** After a run of wrong codes locked someone out: the owner learns of it, and that nobody got in. */
export function lockedOutMail(lockout: Lockout): MailMessage {
  const ip = lockout.clientIp;
  const until = formatDateTimeWithZone(lockout.until);
  const intro = ip
    ? t('mail.lockedOut.introFrom', { address: lockout.address, ip })
    : t('mail.lockedOut.intro', { address: lockout.address });
  const who =
    lockout.scope !== 'client'
      ? t('mail.lockedOut.everywhere', { until })
      : ip
        ? t('mail.lockedOut.clientFrom', { ip, until })
        : t('mail.lockedOut.client', { until });
  return {
    to: lockout.address,
    subject: t('mail.lockedOut.subject'),
    text: `${intro} ${t('mail.lockedOut.nobodyGotIn', { minutes: MINUTES_VALID })}\n\n${who}\n\n${t('mail.lockedOut.advice')}${signature()}`,
  };
}

export function lockedOutSms(lockout: Lockout): SmsMessage {
  return { to: lockout.address, text: t('sms.lockedOut') };
}

/**
 * The last line follows the WebOTP format ("@host #code"), so phones can offer the code for autofill on
 * the console's own origin and nowhere else.
 */
export function phoneCodeSms(to: string, code: string, consoleHost: string): SmsMessage {
  return {
    to,
    text: `${t('sms.phoneCode', { code, minutes: MINUTES_VALID })}\n\n@${consoleHost} #${code}`,
  };
}

type TwoFactorChange =
  | 'on'
  | 'off'
  | 'app-removed'
  | 'passkey-added'
  | 'passkey-removed'
  | 'recovery-code-used';

const TWO_FACTOR_WORDS: Record<TwoFactorChange, { subject: ServerMessageId; text: ServerMessageId }> = {
  'app-removed': { subject: 'mail.twoFactor.appRemoved.subject', text: 'mail.twoFactor.appRemoved.text' },
  'passkey-added': {
    subject: 'mail.twoFactor.passkeyAdded.subject',
    text: 'mail.twoFactor.passkeyAdded.text',
  },
  'passkey-removed': {
    subject: 'mail.twoFactor.passkeyRemoved.subject',
    text: 'mail.twoFactor.passkeyRemoved.text',
  },
  on: { subject: 'mail.twoFactor.on.subject', text: 'mail.twoFactor.on.text' },
  off: { subject: 'mail.twoFactor.off.subject', text: 'mail.twoFactor.off.text' },
  'recovery-code-used': {
    subject: 'mail.twoFactor.recoveryCodeUsed.subject',
    text: 'mail.twoFactor.recoveryCodeUsed.text',
  },
};

/** Two-factor sign-in turned on, off, or a recovery code spent: the person hears of every change. */
export function twoFactorChangedMail(
  to: string,
  change: TwoFactorChange,
  detail: { recoveryCodesLeft?: number; passkeyName?: string } = {},
): MailMessage {
  const words = TWO_FACTOR_WORDS[change];
  const text = t(words.text, { name: detail.passkeyName ?? '', left: detail.recoveryCodesLeft ?? 0 });
  return {
    to,
    subject: t(words.subject),
    text: `${text} ${t('mail.twoFactor.notYou')}${signature()}`,
  };
}
