// The SMS part of the server's environment: the embedded outbox by default, Kannel with SMS_DRIVER=kannel
// and its KANNEL_* settings; how many times a text is offered to the gateway. Checked at start.
import type { KannelConfig } from './kannel/kannel-config';

export const SMS_DRIVERS = ['outbox', 'kannel'] as const;
export type SmsDriverKind = (typeof SMS_DRIVERS)[number];
export const DEFAULT_SMS_SENDER = 'Ikirere';
export const DEFAULT_SMS_SEND_ATTEMPTS = 5;

export interface SmsDriverConfig {
  smsDriver: SmsDriverKind;
  /** Set when smsDriver is kannel. */
  kannel: KannelConfig | undefined;
  /** Attempts to hand one text to the gateway before it is shown as not delivered. */
  smsSendAttempts: number;
}

/** Up to 11 letters, digits and spaces (an alphanumeric sender id), or a number of up to 15 digits. */
function isSenderId(text: string): boolean {
  return /^\+?\d{1,15}$/.test(text) || /^[A-Za-z0-9][A-Za-z0-9 ]{0,10}$/.test(text);
}

export function readSmsDriverConfig(
  read: (name: string) => string | undefined,
  problems: string[],
): SmsDriverConfig {
  const driverText = (read('SMS_DRIVER') ?? 'outbox').toLowerCase();
  const smsDriver = SMS_DRIVERS.find((kind) => kind === driverText);
  if (!smsDriver) {
    problems.push(`SMS_DRIVER must be one of ${SMS_DRIVERS.join(', ')} (got "${driverText}").`);
  }
  const attemptsText = read('SMS_SEND_ATTEMPTS') ?? String(DEFAULT_SMS_SEND_ATTEMPTS);
  const smsSendAttempts = Number(attemptsText);
  if (!/^\d+$/.test(attemptsText) || smsSendAttempts < 1 || smsSendAttempts > 20) {
    problems.push(`SMS_SEND_ATTEMPTS must be a whole number from 1 to 20 (got "${attemptsText}").`);
  }
  const sender = read('SMS_SENDER') ?? DEFAULT_SMS_SENDER;
  if (!isSenderId(sender)) {
    problems.push(
      `SMS_SENDER must be up to 11 letters and digits, or a phone number of up to 15 digits (got "${sender}").`,
    );
  }

  let kannel: KannelConfig | undefined;
  if (smsDriver === 'kannel') {
    const sendsmsUrl = read('KANNEL_SENDSMS_URL');
    const username = read('KANNEL_USERNAME');
    const password = read('KANNEL_PASSWORD');
    const reportUrl = read('KANNEL_REPORT_URL');
    if (sendsmsUrl === undefined) {
      problems.push(
        "SMS_DRIVER=kannel needs KANNEL_SENDSMS_URL, the address of smsbox's sendsms (http://127.0.0.1:13013/cgi-bin/sendsms).",
      );
    } else if (!isHttpUrl(sendsmsUrl)) {
      problems.push(`KANNEL_SENDSMS_URL must be an http:// or https:// address (got "${sendsmsUrl}").`);
    }
    if (username === undefined || password === undefined) {
      problems.push(
        'SMS_DRIVER=kannel needs KANNEL_USERNAME and KANNEL_PASSWORD: a sendsms-user of kannel.conf.',
      );
    }
    if (reportUrl !== undefined && !isHttpUrl(reportUrl)) {
      problems.push(`KANNEL_REPORT_URL must be an http:// or https:// address (got "${reportUrl}").`);
    }
    if (sendsmsUrl && username && password) {
      kannel = {
        sendsmsUrl,
        username,
        password,
        sender,
        smsc: read('KANNEL_SMSC'),
        reportUrl: reportUrl?.replace(/\/+$/, ''),
      };
    }
  }
  return { smsDriver: smsDriver ?? 'outbox', kannel, smsSendAttempts };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
