// Sending and checking one-time codes from a route: the network limit, the per-address rules (in
// OneTimeCodes), and delivery after the answer so the response time says nothing about the address.
import type { Context } from 'hono';
import type { CodeChallenge, CodeDelivery } from '@/contract/auth';
import type { MailMessage } from '../drivers/mail';
import type { SmsDriver, SmsMessage, SmsRecord } from '../drivers/sms';
import { clientIp } from '../http/client-info';
import type { AppEnv } from '../http/env';
import { inLanguage } from '../i18n/languages';
import { languageOfAddress } from '../i18n/recipient-language';
import { lockedOutMail, lockedOutSms } from './messages';
import type { ChallengeRecord, IssueRequest, VerifyRequest } from './one-time-codes';
import { sendRateLimited, tooManyTries } from './problems';

export async function sendCodeByMail(
  c: Context<AppEnv>,
  request: Omit<IssueRequest, 'channel'>,
  compose: (code: string) => MailMessage,
): Promise<CodeChallenge> {
  const identity = c.get('identity');
  const { answer, code } = await issue(c, { ...request, channel: 'email' });
  identity.deliveries.later(`${request.purpose} e-mail`, () => identity.mail.send(compose(code)));
  return answer;
}

export async function sendCodeBySms(
  c: Context<AppEnv>,
  request: Omit<IssueRequest, 'channel'>,
  compose: (code: string) => SmsMessage,
): Promise<CodeChallenge> {
  const identity = c.get('identity');
  const { answer, code, challenge } = await issue(c, { ...request, channel: 'sms' });
  // Stored before the answer, so the console can ask how the text is doing at once; sent after it.
  const id = await identity.texts.queue({ ...compose(code), challengeId: challenge.id });
  identity.deliveries.later(`${request.purpose} text message`, () =>
    identity.texts.attempt(id).then(() => {}),
  );
  return answer;
}

export async function checkCode(c: Context<AppEnv>, request: VerifyRequest): Promise<ChallengeRecord> {
  const identity = c.get('identity');
  const wait = await identity.network.hit('enter-code', clientIp(c));
  if (wait !== undefined) throw tooManyTries(wait);
  return identity.codes.verify({
    ...request,
    clientIp: clientIp(c),
    // The notice goes to the address's owner, in their language, not in the one of whoever typed the codes.
    onLockedOut: (lockout) =>
      identity.deliveries.later('lock-out notice', async () => {
        const language = await languageOfAddress(identity.db, lockout.address);
        return lockout.channel === 'email'
          ? identity.mail.send(inLanguage(language, () => lockedOutMail(lockout)))
          : identity.texts
              .queue(inLanguage(language, () => lockedOutSms(lockout)))
              .then((id) => identity.texts.attempt(id).then(() => {}));
      }),
  });
}

async function issue(c: Context<AppEnv>, request: IssueRequest) {
  const identity = c.get('identity');
  const wait = await identity.network.hit('send-code', clientIp(c));
  if (wait !== undefined) throw sendRateLimited(wait, 'network');
  return identity.codes.issue({ ...request, clientIp: clientIp(c) });
}

/** The console's origin for links: PUBLIC_URL, else the origin this request came to. */
export function publicOrigin(c: Context<AppEnv>): string {
  const { publicUrl, trustProxy } = c.get('identity').config;
  if (publicUrl) return publicUrl;
  const url = new URL(c.req.url);
  // Behind a trusted proxy that ended TLS, the browser's page is https even though this hop is not.
  const forwarded = trustProxy
    ? c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase()
    : undefined;
  if (forwarded === 'https' || forwarded === 'http') url.protocol = `${forwarded}:`;
  return url.origin;
}

/** A text's state in the words of the contract (codeDeliverySchema); none yet: about to be sent. */
export function describeDelivery(
  text: SmsRecord | undefined,
  gateway: SmsDriver['kind'],
  now: Date,
): CodeDelivery {
  if (!text) {
    return {
      status: 'sending',
      gateway,
      retrying: false,
      waitingForNetwork: false,
      reason: null,
      updatedAt: now.toISOString(),
    };
  }
  const base = {
    gateway: text.gateway === 'kannel' ? ('kannel' as const) : ('outbox' as const),
    retrying: false,
    waitingForNetwork: false,
    reason: null,
    updatedAt: text.updatedAt.toISOString(),
  };
  switch (text.status) {
    case 'queued':
    case 'sending':
      return { ...base, status: 'sending', retrying: text.attempts > 0 && text.error !== null };
    case 'sent':
      return { ...base, status: 'sent', waitingForNetwork: text.heldByGateway };
    case 'delivered':
      return { ...base, status: 'delivered' };
    case 'failed':
      return { ...base, status: 'undelivered', reason: 'gateway' };
    default:
      return { ...base, status: 'undelivered', reason: 'network' };
  }
}
